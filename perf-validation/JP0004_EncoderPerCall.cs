using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Unicode;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace JsonPerf.PerfValidation;

/// <summary>Seed 002's model: Japanese text that UnicodeRanges.All lets through unescaped.</summary>
public sealed class OfficeWorker
{
    public string Company { get; set; } = "株式会社 自宅警備";
    public string Department { get; set; } = "開発部";
    public string Name { get; set; } = "山本太郎";
    public string Sex { get; set; } = "男";
    public int Age { get; set; } = 30;
}

/// <summary>
/// JP0004: <c>JavaScriptEncoder.Create(UnicodeRanges.All)</c> per call. The baseline is the flagged code; the
/// candidates are what JP0004's fix writes (the encoder in a static field, options still per call) and what
/// JP0001's fix writes on top (the options in a static field too). The last group measures the steady-state
/// price of a custom encoder against the default one, both cached.
/// </summary>
[MemoryDiagnoser]
[CategoriesColumn]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
public class JP0004_EncoderPerCall
{
    private static readonly JavaScriptEncoder JsonEncoder = JavaScriptEncoder.Create(UnicodeRanges.All);
    private static readonly JsonSerializerOptions AllRangesOptions = new JsonSerializerOptions { Encoder = JsonEncoder };
    private static readonly JsonSerializerOptions DefaultEncoderOptions = new JsonSerializerOptions();

    private readonly OfficeWorker _worker = new();

    [Benchmark(Baseline = true), BenchmarkCategory("Encoder in per-call options")]
    public string Encoder_PerCall() => JsonSerializer.Serialize(_worker, new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) });

    [Benchmark, BenchmarkCategory("Encoder in per-call options")]
    public string Encoder_Static_OptionsPerCall() => JsonSerializer.Serialize(_worker, new JsonSerializerOptions { Encoder = JsonEncoder });

    [Benchmark, BenchmarkCategory("Encoder in per-call options")]
    public string Encoder_Static_OptionsStatic() => JsonSerializer.Serialize(_worker, AllRangesOptions);

    [Benchmark(Baseline = true), BenchmarkCategory("Create alone")]
    public JavaScriptEncoder Create_PerCall() => JavaScriptEncoder.Create(UnicodeRanges.All);

    [Benchmark, BenchmarkCategory("Create alone")]
    public JavaScriptEncoder Create_Static() => JsonEncoder;

    [Benchmark(Baseline = true), BenchmarkCategory("Steady state, Japanese text")]
    public string DefaultEncoder_Cached() => JsonSerializer.Serialize(_worker, DefaultEncoderOptions);

    [Benchmark, BenchmarkCategory("Steady state, Japanese text")]
    public string AllRangesEncoder_Cached() => JsonSerializer.Serialize(_worker, AllRangesOptions);
}
