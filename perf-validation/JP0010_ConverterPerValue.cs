using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace JsonPerf.PerfValidation;

/// <summary>
/// JP0010: the work a converter's Read or Write does for every value, in lists of 100 values (divide by 100 for one
/// value). Each category's baseline is the code JP0010 reports; the others are the patterns its page gives: a copy
/// of the reader to peek at a discriminator (or [JsonPolymorphic]) instead of a JsonDocument, ValueTextEquals instead
/// of GetString() compared with literals, JsonEncodedText instead of constant strings, the scalar read from the reader
/// instead of a JsonElement.
/// </summary>
[MemoryDiagnoser]
[CategoriesColumn]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
public class JP0010_ConverterPerValue
{
    private const int Count = 100;

    private static readonly byte[] s_shapes = Encoding.UTF8.GetBytes("[" + string.Join(",", Enumerable.Range(0, Count).Select(i => i % 2 == 0
        ? "{\"kind\":\"circle\",\"radius\":" + i + ".5,\"label\":\"circle " + i + "\",\"tags\":[\"round\",\"red\"]}"
        : "{\"kind\":\"square\",\"side\":" + i + ",\"label\":\"square " + i + "\",\"tags\":[\"flat\",\"blue\"]}")) + "]");

    private static readonly byte[] s_points = Encoding.UTF8.GetBytes("[" + string.Join(",", Enumerable.Range(0, Count).Select(i => "{\"x\":" + i + ",\"y\":" + (i * 2) + ",\"label\":\"p" + i + "\"}")) + "]");
    private static readonly byte[] s_colors = Encoding.UTF8.GetBytes("[" + string.Join(",", Enumerable.Range(0, Count).Select(i => "\"" + ColorNames.Of((Color)(i % 3)) + "\"")) + "]");
    private static readonly byte[] s_numbers = Encoding.UTF8.GetBytes("[" + string.Join(",", Enumerable.Range(0, Count).Select(i => (i * 37).ToString())) + "]");

    private static readonly JsonSerializerOptions s_domShapes = With(new DomShapeConverter());
    private static readonly JsonSerializerOptions s_copyShapes = With(new ReaderCopyShapeConverter());
    private static readonly JsonSerializerOptions s_polymorphic = new() { PropertyNamingPolicy = JsonNamingPolicy.CamelCase, AllowOutOfOrderMetadataProperties = true };
    private static readonly JsonSerializerOptions s_pointsByString = With(new PointByStringConverter());
    private static readonly JsonSerializerOptions s_pointsByText = With(new PointByValueTextConverter(utf8: true));
    private static readonly JsonSerializerOptions s_pointsByTextString = With(new PointByValueTextConverter(utf8: false));
    private static readonly JsonSerializerOptions s_colorsByString = With(new ColorByStringConverter());
    private static readonly JsonSerializerOptions s_colorsByText = With(new ColorByValueTextConverter());
    private static readonly JsonSerializerOptions s_numbersByElement = With(new NumberByElementConverter());
    private static readonly JsonSerializerOptions s_numbersByReader = With(new NumberByReaderConverter());

    private readonly List<Point> _points = Enumerable.Range(0, Count).Select(i => new Point { X = i, Y = i * 2, Label = "p" + i }).ToList();
    private readonly List<Color> _colors = Enumerable.Range(0, Count).Select(i => (Color)(i % 3)).ToList();
    private readonly ArrayBufferWriter<byte> _buffer = new(16 * 1024);
    private Utf8JsonWriter _writer = null!;

    [GlobalSetup]
    public void Setup()
    {
        _writer = new Utf8JsonWriter(_buffer);
        var a = JsonSerializer.Deserialize<List<Shape>>(s_shapes, s_domShapes)!;
        var b = JsonSerializer.Deserialize<List<Shape>>(s_shapes, s_copyShapes)!;
        var c = JsonSerializer.Deserialize<List<PolyShape>>(s_shapes, s_polymorphic)!;
        if (a.Count != Count || !a.Select(Describe).SequenceEqual(b.Select(Describe)) || c.Count != Count || c[1] is not PolySquare { Side: 1 })
        {
            throw new InvalidOperationException("The shape converters read different values.");
        }

        if (!Describe(JsonSerializer.Deserialize<List<Point>>(s_points, s_pointsByString)!).Equals(Describe(JsonSerializer.Deserialize<List<Point>>(s_points, s_pointsByText)!), StringComparison.Ordinal)
            || !JsonSerializer.Deserialize<List<Color>>(s_colors, s_colorsByString)!.SequenceEqual(JsonSerializer.Deserialize<List<Color>>(s_colors, s_colorsByText)!)
            || !JsonSerializer.Deserialize<List<int>>(s_numbers, s_numbersByElement)!.SequenceEqual(JsonSerializer.Deserialize<List<int>>(s_numbers, s_numbersByReader)!)
            || !Written(_points, s_pointsByString).AsSpan().SequenceEqual(Written(_points, s_pointsByText))
            || !Written(_colors, s_colorsByString).AsSpan().SequenceEqual(Written(_colors, s_colorsByText)))
        {
            throw new InvalidOperationException("The converters of a category read or write different values.");
        }
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Discriminator, read")]
    public int Shapes_JsonDocument() => JsonSerializer.Deserialize<List<Shape>>(s_shapes, s_domShapes)!.Count;

    [Benchmark, BenchmarkCategory("Discriminator, read")]
    public int Shapes_ReaderCopy() => JsonSerializer.Deserialize<List<Shape>>(s_shapes, s_copyShapes)!.Count;

    [Benchmark, BenchmarkCategory("Discriminator, read")]
    public int Shapes_JsonPolymorphic() => JsonSerializer.Deserialize<List<PolyShape>>(s_shapes, s_polymorphic)!.Count;

    [Benchmark(Baseline = true), BenchmarkCategory("Property names, read")]
    public int Points_GetString() => JsonSerializer.Deserialize<List<Point>>(s_points, s_pointsByString)!.Count;

    [Benchmark, BenchmarkCategory("Property names, read")]
    public int Points_ValueTextEqualsUtf8() => JsonSerializer.Deserialize<List<Point>>(s_points, s_pointsByText)!.Count;

    [Benchmark, BenchmarkCategory("Property names, read")]
    public int Points_ValueTextEqualsString() => JsonSerializer.Deserialize<List<Point>>(s_points, s_pointsByTextString)!.Count;

    [Benchmark(Baseline = true), BenchmarkCategory("Enum by name, read")]
    public int Colors_GetString() => JsonSerializer.Deserialize<List<Color>>(s_colors, s_colorsByString)!.Count;

    [Benchmark, BenchmarkCategory("Enum by name, read")]
    public int Colors_ValueTextEquals() => JsonSerializer.Deserialize<List<Color>>(s_colors, s_colorsByText)!.Count;

    [Benchmark(Baseline = true), BenchmarkCategory("Scalar, read")]
    public int Numbers_JsonElement() => JsonSerializer.Deserialize<List<int>>(s_numbers, s_numbersByElement)!.Count;

    [Benchmark, BenchmarkCategory("Scalar, read")]
    public int Numbers_Reader() => JsonSerializer.Deserialize<List<int>>(s_numbers, s_numbersByReader)!.Count;

    [Benchmark(Baseline = true), BenchmarkCategory("Property names, write")]
    public long Points_WriteString() => Write(_points, s_pointsByString);

    [Benchmark, BenchmarkCategory("Property names, write")]
    public long Points_WriteJsonEncodedText() => Write(_points, s_pointsByText);

    [Benchmark(Baseline = true), BenchmarkCategory("Enum by name, write")]
    public long Colors_WriteString() => Write(_colors, s_colorsByString);

    [Benchmark, BenchmarkCategory("Enum by name, write")]
    public long Colors_WriteJsonEncodedText() => Write(_colors, s_colorsByText);

    private long Write<T>(List<T> values, JsonSerializerOptions options)
    {
        _buffer.ResetWrittenCount();
        _writer.Reset();
        JsonSerializer.Serialize(_writer, values, options);
        return _writer.BytesCommitted + _writer.BytesPending;
    }

    private static byte[] Written<T>(List<T> values, JsonSerializerOptions options) => JsonSerializer.SerializeToUtf8Bytes(values, options);

    private static JsonSerializerOptions With(JsonConverter converter) => new() { PropertyNamingPolicy = JsonNamingPolicy.CamelCase, Converters = { converter } };

    private static string Describe(Shape shape) => shape switch
    {
        Circle c => $"circle {c.Radius} {c.Label} {string.Join("/", c.Tags)}",
        Square s => $"square {s.Side} {s.Label} {string.Join("/", s.Tags)}",
        _ => "?",
    };

    private static string Describe(List<Point> points) => string.Join(";", points.Select(p => $"{p.X},{p.Y},{p.Label}"));
}
