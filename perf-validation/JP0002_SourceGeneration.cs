using System;
using System.Collections.Generic;
using System.Linq;
using System.Text.Json;
using System.Text.Json.Serialization;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace JsonPerf.PerfValidation;

/// <summary>Seed 004's model.</summary>
public sealed class MyClass
{
    public int Id { get; set; }
    public string Name { get; set; } = "";
    public DateTime CreatedAt { get; set; }
    public List<string> Tags { get; set; } = new();
    public Dictionary<string, int> Scores { get; set; } = new();

    public static MyClass Create(int id) => new()
    {
        Id = id,
        Name = "Name " + id,
        CreatedAt = new DateTime(2026, 1, 1, 12, 0, 0, DateTimeKind.Utc).AddSeconds(id),
        Tags = new List<string> { "tag1", "tag2", "tag3" },
        Scores = new Dictionary<string, int> { ["math"] = id % 100, ["art"] = (id * 7) % 100 },
    };
}

/// <summary>What JP0002's fix scaffolds: a context with default generation options.</summary>
[JsonSerializable(typeof(MyClass))]
[JsonSerializable(typeof(List<MyClass>))]
internal partial class PerfJsonContext : JsonSerializerContext
{
}

/// <summary>
/// JP0002, steady state: the reflection-based call the rule flags (baseline) against exactly what the fix writes,
/// <c>JsonSerializer.Serialize(value, PerfJsonContext.Default.MyClass)</c>; a small object and a list of 1,000.
/// </summary>
[MemoryDiagnoser]
[CategoriesColumn]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
public class JP0002_SourceGeneration
{
    private readonly MyClass _one = MyClass.Create(1);
    private readonly List<MyClass> _list = Enumerable.Range(0, 1000).Select(MyClass.Create).ToList();
    private string _oneJson = "";
    private string _listJson = "";

    [GlobalSetup]
    public void Setup()
    {
        _oneJson = JsonSerializer.Serialize(_one);
        _listJson = JsonSerializer.Serialize(_list);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Serialize small")]
    public string Serialize_Small_Reflection() => JsonSerializer.Serialize(_one);

    [Benchmark, BenchmarkCategory("Serialize small")]
    public string Serialize_Small_Generated() => JsonSerializer.Serialize(_one, PerfJsonContext.Default.MyClass);

    [Benchmark(Baseline = true), BenchmarkCategory("Serialize list of 1,000")]
    public string Serialize_List_Reflection() => JsonSerializer.Serialize(_list);

    [Benchmark, BenchmarkCategory("Serialize list of 1,000")]
    public string Serialize_List_Generated() => JsonSerializer.Serialize(_list, PerfJsonContext.Default.ListMyClass);

    [Benchmark(Baseline = true), BenchmarkCategory("Deserialize small")]
    public MyClass? Deserialize_Small_Reflection() => JsonSerializer.Deserialize<MyClass>(_oneJson);

    [Benchmark, BenchmarkCategory("Deserialize small")]
    public MyClass? Deserialize_Small_Generated() => JsonSerializer.Deserialize(_oneJson, PerfJsonContext.Default.MyClass);

    [Benchmark(Baseline = true), BenchmarkCategory("Deserialize list of 1,000")]
    public List<MyClass>? Deserialize_List_Reflection() => JsonSerializer.Deserialize<List<MyClass>>(_listJson);

    [Benchmark, BenchmarkCategory("Deserialize list of 1,000")]
    public List<MyClass>? Deserialize_List_Generated() => JsonSerializer.Deserialize(_listJson, PerfJsonContext.Default.ListMyClass);
}

/// <summary>
/// JP0002, cold start: the first serialize-and-deserialize of the type in a fresh process (each launch measures one
/// call, no warm-up), where reflection builds the metadata and generated code does not. Run it with a cold-start job:
/// <c>bash perf-validation/run.sh '*ColdStart*' --strategy ColdStart --launchCount 15 --warmupCount 0 --iterationCount 1 --invocationCount 1 --unrollFactor 1</c>.
/// </summary>
public class JP0002_ColdStart
{
    private readonly MyClass _one = MyClass.Create(1);

    [Benchmark(Baseline = true)]
    public MyClass? FirstCall_Reflection() => JsonSerializer.Deserialize<MyClass>(JsonSerializer.Serialize(_one));

    [Benchmark]
    public MyClass? FirstCall_Generated() => JsonSerializer.Deserialize(JsonSerializer.Serialize(_one, PerfJsonContext.Default.MyClass), PerfJsonContext.Default.MyClass);
}
