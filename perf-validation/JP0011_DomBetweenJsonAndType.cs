using System;
using System.Buffers;
using System.Collections.Generic;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace JsonPerf.PerfValidation;

/// <summary>
/// JP0011: a JSON-RPC-like envelope whose result is a DOM (a2a-dotnet's <c>JsonRpcResponse.Result</c>, a
/// <c>JsonNode</c>) against the same envelope typed, with source-generated metadata throughout. Read: the body read into
/// the envelope (or a <c>JsonElement</c>, or a <c>JsonDocument</c>), then the result deserialized from the DOM, vs the
/// typed envelope read in one pass. Write: the result serialized to a <c>JsonNode</c>/<c>JsonElement</c> stored in the
/// envelope, then the envelope written, vs the typed envelope written. <see cref="Count"/> items in the result (1 and 100);
/// the writes go to a reused buffer, so only the serializer's own allocations are counted.
/// </summary>
[MemoryDiagnoser]
[CategoriesColumn]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
public class JP0011_DomBetweenJsonAndType
{
    private readonly ArrayBufferWriter<byte> _buffer = new(64 * 1024);
    private Utf8JsonWriter _writer = null!;
    private List<Item> _items = null!;
    private byte[] _body = null!;

    [Params(1, 100)]
    public int Count { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _items = Item.CreateList(Count);
        _body = JsonSerializer.SerializeToUtf8Bytes(new TypedEnvelope { Id = 7, Result = _items }, DomBenchContext.Default.TypedEnvelope);
        _writer = new Utf8JsonWriter(_buffer);
        var typed = Write(ReadTyped_OnePass());
        if (Write(ReadThroughNode()) != typed || Write(ReadThroughElement()) != typed || Write(ReadThroughDocument()) != typed
            || WriteText(w => WriteThroughNode()) != WriteText(w => WriteTyped_OnePass()) || WriteText(w => WriteThroughElement()) != WriteText(w => WriteTyped_OnePass()))
        {
            throw new InvalidOperationException("The paths read or write different JSON.");
        }
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Read")]
    public List<Item> ReadThroughNode()
    {
        var envelope = JsonSerializer.Deserialize(_body, DomBenchContext.Default.NodeEnvelope)!;
        return envelope.Result.Deserialize(DomBenchContext.Default.ListItem)!;
    }

    [Benchmark, BenchmarkCategory("Read")]
    public List<Item> ReadThroughElement()
    {
        var root = JsonSerializer.Deserialize(_body, DomBenchContext.Default.JsonElement);
        return root.GetProperty("result").Deserialize(DomBenchContext.Default.ListItem)!;
    }

    [Benchmark, BenchmarkCategory("Read")]
    public List<Item> ReadThroughDocument()
    {
        using var document = JsonDocument.Parse(_body);
        return document.RootElement.GetProperty("result").Deserialize(DomBenchContext.Default.ListItem)!;
    }

    [Benchmark, BenchmarkCategory("Read")]
    public List<Item> ReadTyped_OnePass() => JsonSerializer.Deserialize(_body, DomBenchContext.Default.TypedEnvelope)!.Result!;

    [Benchmark(Baseline = true), BenchmarkCategory("Write")]
    public int WriteThroughNode()
    {
        var envelope = new NodeEnvelope { Id = 7, Result = JsonSerializer.SerializeToNode(_items, DomBenchContext.Default.ListItem) };
        return WriteEnvelope(envelope, DomBenchContext.Default.NodeEnvelope);
    }

    [Benchmark, BenchmarkCategory("Write")]
    public int WriteThroughElement()
    {
        var envelope = new ElementEnvelope { Id = 7, Result = JsonSerializer.SerializeToElement(_items, DomBenchContext.Default.ListItem) };
        return WriteEnvelope(envelope, DomBenchContext.Default.ElementEnvelope);
    }

    [Benchmark, BenchmarkCategory("Write")]
    public int WriteTyped_OnePass() => WriteEnvelope(new TypedEnvelope { Id = 7, Result = _items }, DomBenchContext.Default.TypedEnvelope);

    private int WriteEnvelope<T>(T envelope, System.Text.Json.Serialization.Metadata.JsonTypeInfo<T> typeInfo)
    {
        _buffer.ResetWrittenCount();
        _writer.Reset(_buffer);
        JsonSerializer.Serialize(_writer, envelope, typeInfo);
        _writer.Flush();
        return _buffer.WrittenCount;
    }

    private string Write(List<Item> items) => JsonSerializer.Serialize(items, DomBenchContext.Default.ListItem);

    private string WriteText(Func<Utf8JsonWriter, int> write)
    {
        write(_writer);
        return System.Text.Encoding.UTF8.GetString(_buffer.WrittenSpan);
    }
}

public sealed class NodeEnvelope
{
    [JsonPropertyName("id")]
    public int Id { get; set; }

    [JsonPropertyName("result")]
    public JsonNode? Result { get; set; }
}

public sealed class ElementEnvelope
{
    [JsonPropertyName("id")]
    public int Id { get; set; }

    [JsonPropertyName("result")]
    public JsonElement? Result { get; set; }
}

public sealed class TypedEnvelope
{
    [JsonPropertyName("id")]
    public int Id { get; set; }

    [JsonPropertyName("result")]
    public List<Item>? Result { get; set; }
}

[JsonSerializable(typeof(NodeEnvelope))]
[JsonSerializable(typeof(ElementEnvelope))]
[JsonSerializable(typeof(TypedEnvelope))]
[JsonSerializable(typeof(JsonElement))]
[JsonSerializable(typeof(List<Item>))]
internal sealed partial class DomBenchContext : JsonSerializerContext;
