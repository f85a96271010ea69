using System;
using System.Linq;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using BenchmarkDotNet.Attributes;

namespace JsonPerf.PerfValidation;

/// <summary>
/// A candidate JP0010 shape, measured and not reported: a pooled DOM disposed after a part of it is cloned to be kept
/// (a2a-dotnet's <c>JsonRpcRequestConverter.Read</c>, run for every JSON-RPC request a server receives). One request
/// whose <c>params</c> make it about 1 KB (12 message parts) or 61 KB (768). The first converter parses the value into a
/// <c>JsonDocument</c> and keeps <c>params.Clone()</c>; the other parses it with <c>JsonElement.ParseValue</c> (a document
/// the element owns) and keeps the params element as it is. Both keep the same params JSON (checked first). Params are
/// most of a request, so the clone copies about what the unpooled parse allocates: no saving (docs/rules/JP0010.md).
/// </summary>
[MemoryDiagnoser]
public class JP0010_ClonedPart
{
    private static readonly JsonSerializerOptions s_cloned = With(new ClonedParamsConverter());
    private static readonly JsonSerializerOptions s_owned = With(new OwnedParamsConverter());

    private byte[] _json = null!;

    /// <summary>Message parts in params: 12 make the request 1,113 bytes, 768 make it 62,929.</summary>
    [Params(12, 768)]
    public int Parts { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _json = Encoding.UTF8.GetBytes(
            "{\"jsonrpc\":\"2.0\",\"id\":\"req-42\",\"method\":\"message/send\",\"params\":{\"message\":{\"role\":\"user\",\"messageId\":\"m-1\",\"parts\":["
            + string.Join(",", Enumerable.Range(0, Parts).Select(i => "{\"kind\":\"text\",\"text\":\"part " + i + " of the message, some words\",\"metadata\":{\"n\":" + i + "}}"))
            + "]},\"configuration\":{\"blocking\":true,\"historyLength\":10}}}");
        var a = Read(s_cloned);
        var b = Read(s_owned);
        if (a.Params is null || a.Params?.GetRawText() != b.Params?.GetRawText() || a.Method != b.Method || a.Id != b.Id)
        {
            throw new InvalidOperationException("The converters read different requests.");
        }
    }

    [Benchmark(Baseline = true)]
    public RpcRequest JsonDocument_Clone() => Read(s_cloned);

    [Benchmark]
    public RpcRequest JsonElement_ParseValue() => Read(s_owned);

    private RpcRequest Read(JsonSerializerOptions options) => JsonSerializer.Deserialize<RpcRequest>(_json, options)!;

    private static JsonSerializerOptions With(JsonConverter converter) => new() { Converters = { converter } };
}

public sealed class RpcRequest
{
    public string JsonRpc { get; set; } = "2.0";

    public string? Id { get; set; }

    public string Method { get; set; } = "";

    public JsonElement? Params { get; set; }
}

/// <summary>a2a-dotnet's way: a pooled JsonDocument, disposed, its params cloned to outlive it.</summary>
public sealed class ClonedParamsConverter : JsonConverter<RpcRequest>
{
    public override RpcRequest Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        using var document = JsonDocument.ParseValue(ref reader);
        return RpcFields.From(document.RootElement, clone: true);
    }

    public override void Write(Utf8JsonWriter writer, RpcRequest value, JsonSerializerOptions options) => throw new NotSupportedException();
}

/// <summary>The remedy proposed for it: JsonElement.ParseValue, whose document the kept params element holds.</summary>
public sealed class OwnedParamsConverter : JsonConverter<RpcRequest>
{
    public override RpcRequest Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
        => RpcFields.From(JsonElement.ParseValue(ref reader), clone: false);

    public override void Write(Utf8JsonWriter writer, RpcRequest value, JsonSerializerOptions options) => throw new NotSupportedException();
}

internal static class RpcFields
{
    /// <summary>The a2a converter's reads: id, jsonrpc, method as strings, params validated and kept.</summary>
    public static RpcRequest From(JsonElement root, bool clone)
    {
        var request = new RpcRequest
        {
            Id = root.TryGetProperty("id", out var id) && id.ValueKind == JsonValueKind.String ? id.GetString() : null,
            JsonRpc = root.GetProperty("jsonrpc").GetString() == "2.0" ? "2.0" : throw new JsonException("jsonrpc"),
            Method = root.GetProperty("method").GetString() ?? throw new JsonException("method"),
        };
        if (root.TryGetProperty("params", out var parameters) && parameters.ValueKind == JsonValueKind.Object)
        {
            request.Params = clone ? parameters.Clone() : parameters;
        }

        return request;
    }
}
