using System.Collections.Generic;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Unicode;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace JsonPerf.PerfValidation;

/// <summary>
/// JP0001: options created per call (the flagged code, baseline) against exactly what the fix writes (a static
/// readonly field, or JsonSerializerOptions.Default). Within a pair only the place the options are created
/// differs. Plain settings hit the .NET 7+ global metadata cache; a new converter or encoder per call misses it.
/// </summary>
[MemoryDiagnoser]
[CategoriesColumn]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
public class JP0001_OptionsPerCall
{
    private static readonly JsonSerializerOptions JsonOptions = new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase, WriteIndented = false };
    private static readonly JsonSerializerOptions ConverterOptions = new JsonSerializerOptions { Converters = { new JsonStringEnumConverter() } };
    private static readonly JsonSerializerOptions EncoderOptions = new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) };

    private readonly Item _item = Item.Create(1);
    private readonly List<Item> _list = Item.CreateList(100);

    [Benchmark(Baseline = true), BenchmarkCategory("Default settings, small object")]
    public string Default_PerCall() => JsonSerializer.Serialize(_item, new JsonSerializerOptions());

    [Benchmark, BenchmarkCategory("Default settings, small object")]
    public string Default_Fixed() => JsonSerializer.Serialize(_item, JsonSerializerOptions.Default);

    [Benchmark(Baseline = true), BenchmarkCategory("Plain settings, small object")]
    public string Plain_Small_PerCall() => JsonSerializer.Serialize(_item, new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase, WriteIndented = false });

    [Benchmark, BenchmarkCategory("Plain settings, small object")]
    public string Plain_Small_Fixed() => JsonSerializer.Serialize(_item, JsonOptions);

    [Benchmark(Baseline = true), BenchmarkCategory("Plain settings, list of 100")]
    public string Plain_List_PerCall() => JsonSerializer.Serialize(_list, new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase, WriteIndented = false });

    [Benchmark, BenchmarkCategory("Plain settings, list of 100")]
    public string Plain_List_Fixed() => JsonSerializer.Serialize(_list, JsonOptions);

    [Benchmark(Baseline = true), BenchmarkCategory("Inline converter, small object")]
    public string Converter_Small_PerCall() => JsonSerializer.Serialize(_item, new JsonSerializerOptions { Converters = { new JsonStringEnumConverter() } });

    [Benchmark, BenchmarkCategory("Inline converter, small object")]
    public string Converter_Small_Fixed() => JsonSerializer.Serialize(_item, ConverterOptions);

    [Benchmark(Baseline = true), BenchmarkCategory("Inline converter, list of 100")]
    public string Converter_List_PerCall() => JsonSerializer.Serialize(_list, new JsonSerializerOptions { Converters = { new JsonStringEnumConverter() } });

    [Benchmark, BenchmarkCategory("Inline converter, list of 100")]
    public string Converter_List_Fixed() => JsonSerializer.Serialize(_list, ConverterOptions);

    [Benchmark(Baseline = true), BenchmarkCategory("Inline encoder, small object")]
    public string Encoder_Small_PerCall() => JsonSerializer.Serialize(_item, new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) });

    [Benchmark, BenchmarkCategory("Inline encoder, small object")]
    public string Encoder_Small_Fixed() => JsonSerializer.Serialize(_item, EncoderOptions);

    [Benchmark(Baseline = true), BenchmarkCategory("Inline encoder, list of 100")]
    public string Encoder_List_PerCall() => JsonSerializer.Serialize(_list, new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) });

    [Benchmark, BenchmarkCategory("Inline encoder, list of 100")]
    public string Encoder_List_Fixed() => JsonSerializer.Serialize(_list, EncoderOptions);
}
