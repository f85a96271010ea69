using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using BenchmarkDotNet.Attributes;

namespace JsonPerf.PerfValidation;

/// <summary>
/// JP0010 on a DOM parsed only to walk an array of scalars (typesense-dotnet's <c>MatchedTokenConverter.Read</c>): a list
/// of 100 values, each an array of strings and nested arrays of strings (<c>["foo", ["a", "b"], "bar"]</c>), read through
/// options holding the converter (divide by 100 for one value). The flagged converter parses each value into a
/// <c>JsonDocument</c> and walks <c>EnumerateArray()</c>; the other reads the same tokens with the reader. Both read the
/// same values (checked first).
/// </summary>
[MemoryDiagnoser]
public class JP0010_ArrayWalk
{
    private const int Count = 100;

    private static readonly byte[] s_json = Encoding.UTF8.GetBytes("[" + string.Join(",", Enumerable.Range(0, Count).Select(i => "[\"tok" + i + "\",[\"a\",\"b" + i + "\"],\"end\"]")) + "]");
    private static readonly JsonSerializerOptions s_document = With(new TokensByDocumentConverter());
    private static readonly JsonSerializerOptions s_reader = With(new TokensByReaderConverter());

    [GlobalSetup]
    public void Setup()
    {
        if (Text(Read(s_document)) != Text(Read(s_reader)))
        {
            throw new InvalidOperationException("The converters read different values.");
        }
    }

    [Benchmark(Baseline = true)]
    public int JsonDocument_EnumerateArray() => Read(s_document).Count;

    [Benchmark]
    public int Reader_Tokens() => Read(s_reader).Count;

    private static List<IReadOnlyList<object>> Read(JsonSerializerOptions options) => JsonSerializer.Deserialize<List<IReadOnlyList<object>>>(s_json, options)!;

    private static string Text(List<IReadOnlyList<object>> values)
        => string.Join("|", values.Select(v => string.Join(",", v.Select(o => o is List<string> inner ? "[" + string.Join(",", inner) + "]" : (string)o))));

    private static JsonSerializerOptions With(JsonConverter converter) => new() { Converters = { converter } };
}

/// <summary>The shape JP0010 reports: a JsonDocument per value, only walked front to back.</summary>
public sealed class TokensByDocumentConverter : JsonConverter<IReadOnlyList<object>>
{
    public override IReadOnlyList<object> Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        using var document = JsonDocument.ParseValue(ref reader);
        var tokens = new List<object>();
        foreach (var element in document.RootElement.EnumerateArray())
        {
            if (element.ValueKind == JsonValueKind.String)
            {
                tokens.Add(element.GetString()!);
            }
            else if (element.ValueKind == JsonValueKind.Array)
            {
                var inner = new List<string>();
                foreach (var item in element.EnumerateArray())
                {
                    inner.Add(item.GetString()!);
                }

                tokens.Add(inner);
            }
        }

        return tokens;
    }

    public override void Write(Utf8JsonWriter writer, IReadOnlyList<object> value, JsonSerializerOptions options) => throw new NotSupportedException();
}

/// <summary>The pattern on JP0010's page: StartArray, then each String or StartArray token.</summary>
public sealed class TokensByReaderConverter : JsonConverter<IReadOnlyList<object>>
{
    public override IReadOnlyList<object> Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        if (reader.TokenType != JsonTokenType.StartArray)
        {
            throw new JsonException();
        }

        var tokens = new List<object>();
        while (reader.Read() && reader.TokenType != JsonTokenType.EndArray)
        {
            if (reader.TokenType == JsonTokenType.String)
            {
                tokens.Add(reader.GetString()!);
            }
            else if (reader.TokenType == JsonTokenType.StartArray)
            {
                var inner = new List<string>();
                while (reader.Read() && reader.TokenType != JsonTokenType.EndArray)
                {
                    inner.Add(reader.GetString() ?? throw new JsonException());
                }

                tokens.Add(inner);
            }
            else
            {
                reader.TrySkip();
            }
        }

        return tokens;
    }

    public override void Write(Utf8JsonWriter writer, IReadOnlyList<object> value, JsonSerializerOptions options) => throw new NotSupportedException();
}
