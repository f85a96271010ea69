using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using BenchmarkDotNet.Attributes;

namespace JsonPerf.PerfValidation;

/// <summary>
/// JP0010 on <c>GetString()</c> only a key into a fixed map of names (typesense-dotnet's <c>JsonStringEnumConverter.Read</c>):
/// a list of 100 enum values of 16 wire names read through options holding the converter (divide by 100 for one value).
/// The flagged converter looks the string up in a static <c>Dictionary&lt;string, FieldKind&gt;</c>; the others match the
/// UTF-8 value in place: <c>ValueTextEquals</c> over the names' UTF-8 bytes, the name copied into a stack buffer with
/// <c>CopyString</c> and looked up through the same dictionary's <c>GetAlternateLookup&lt;ReadOnlySpan&lt;char&gt;&gt;()</c>
/// (.NET 9+), and the built-in <c>JsonStringEnumConverter&lt;FieldKind&gt;</c> with <c>[JsonStringEnumMemberName]</c> (.NET 9+).
/// All four read the same values (checked first).
/// </summary>
[MemoryDiagnoser]
public class JP0010_NameLookup
{
    private const int Count = 100;

    private static readonly byte[] s_json = Encoding.UTF8.GetBytes("[" + string.Join(",", Enumerable.Range(0, Count).Select(i => "\"" + FieldKinds.Names[i % FieldKinds.Names.Length] + "\"")) + "]");
    private static readonly JsonSerializerOptions s_map = With(new FieldKindByMapConverter());
    private static readonly JsonSerializerOptions s_valueTextEquals = With(new FieldKindByValueTextConverter());
    private static readonly JsonSerializerOptions s_alternateLookup = With(new FieldKindByAlternateLookupConverter());
    private static readonly JsonSerializerOptions s_builtIn = With(new JsonStringEnumConverter<FieldKind>());

    [GlobalSetup]
    public void Setup()
    {
        var expected = Read(s_map);
        if (expected.Distinct().Count() != FieldKinds.Names.Length
            || !expected.SequenceEqual(Read(s_valueTextEquals)) || !expected.SequenceEqual(Read(s_alternateLookup)) || !expected.SequenceEqual(Read(s_builtIn)))
        {
            throw new InvalidOperationException("The converters read different values.");
        }
    }

    [Benchmark(Baseline = true)]
    public int GetString_Dictionary() => Read(s_map).Count;

    [Benchmark]
    public int ValueTextEquals() => Read(s_valueTextEquals).Count;

    [Benchmark]
    public int CopyString_AlternateLookup() => Read(s_alternateLookup).Count;

    [Benchmark]
    public int BuiltIn_JsonStringEnumConverter() => Read(s_builtIn).Count;

    private static List<FieldKind> Read(JsonSerializerOptions options) => JsonSerializer.Deserialize<List<FieldKind>>(s_json, options)!;

    private static JsonSerializerOptions With(JsonConverter converter) => new() { Converters = { converter } };
}

public enum FieldKind
{
    [JsonStringEnumMemberName("string")] String,
    [JsonStringEnumMemberName("int32")] Int32,
    [JsonStringEnumMemberName("int64")] Int64,
    [JsonStringEnumMemberName("float")] Float,
    [JsonStringEnumMemberName("bool")] Bool,
    [JsonStringEnumMemberName("geopoint")] GeoPoint,
    [JsonStringEnumMemberName("string[]")] StringArray,
    [JsonStringEnumMemberName("int32[]")] Int32Array,
    [JsonStringEnumMemberName("int64[]")] Int64Array,
    [JsonStringEnumMemberName("float[]")] FloatArray,
    [JsonStringEnumMemberName("bool[]")] BoolArray,
    [JsonStringEnumMemberName("auto")] Auto,
    [JsonStringEnumMemberName("string*")] StringStar,
    [JsonStringEnumMemberName("object")] Object,
    [JsonStringEnumMemberName("object[]")] ObjectArray,
    [JsonStringEnumMemberName("image")] Image,
}

internal static class FieldKinds
{
    public static readonly string[] Names = { "string", "int32", "int64", "float", "bool", "geopoint", "string[]", "int32[]", "int64[]", "float[]", "bool[]", "auto", "string*", "object", "object[]", "image" };

    public static readonly Dictionary<string, FieldKind> ByName = Names.Select((n, i) => (n, (FieldKind)i)).ToDictionary(p => p.n, p => p.Item2);

    public static readonly byte[][] Utf8Names = Names.Select(Encoding.UTF8.GetBytes).ToArray();

    public static void Write(Utf8JsonWriter writer, FieldKind value) => writer.WriteStringValue(Names[(int)value]);
}

/// <summary>What JP0010 flags: a string per value, looked up in a static map.</summary>
public sealed class FieldKindByMapConverter : JsonConverter<FieldKind>
{
    public override FieldKind Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        var name = reader.GetString();
        if (name is null)
        {
            throw new JsonException("A null field kind.");
        }

        return FieldKinds.ByName.GetValueOrDefault(name);
    }

    public override void Write(Utf8JsonWriter writer, FieldKind value, JsonSerializerOptions options) => FieldKinds.Write(writer, value);
}

/// <summary>The UTF-8 value compared with each name's UTF-8 bytes in place.</summary>
public sealed class FieldKindByValueTextConverter : JsonConverter<FieldKind>
{
    public override FieldKind Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        if (reader.TokenType != JsonTokenType.String)
        {
            throw new JsonException("A null field kind.");
        }

        var names = FieldKinds.Utf8Names;
        for (var i = 0; i < names.Length; i++)
        {
            if (reader.ValueTextEquals(names[i]))
            {
                return (FieldKind)i;
            }
        }

        return default;
    }

    public override void Write(Utf8JsonWriter writer, FieldKind value, JsonSerializerOptions options) => FieldKinds.Write(writer, value);
}

/// <summary>The name copied into a stack buffer and looked up through the map's span lookup (.NET 9+); long names through a string.</summary>
public sealed class FieldKindByAlternateLookupConverter : JsonConverter<FieldKind>
{
    private static readonly Dictionary<string, FieldKind>.AlternateLookup<ReadOnlySpan<char>> s_lookup = FieldKinds.ByName.GetAlternateLookup<ReadOnlySpan<char>>();

    public override FieldKind Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        if (reader.TokenType != JsonTokenType.String)
        {
            throw new JsonException("A null field kind.");
        }

        var length = reader.HasValueSequence ? reader.ValueSequence.Length : reader.ValueSpan.Length;
        if (length > 64)
        {
            return FieldKinds.ByName.GetValueOrDefault(reader.GetString()!);
        }

        Span<char> buffer = stackalloc char[64];
        var written = reader.CopyString(buffer);
        return s_lookup.TryGetValue(buffer[..written], out var value) ? value : default;
    }

    public override void Write(Utf8JsonWriter writer, FieldKind value, JsonSerializerOptions options) => FieldKinds.Write(writer, value);
}
