using System.Linq;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace JsonPerf.PerfValidation;

/// <summary>
/// JP0007: a <c>JsonDocument</c> parsed in a loop and never disposed (the flagged code) vs disposed with
/// <c>using</c> (the fix for a local) vs <c>JsonElement.Parse</c> (the fix for <c>.RootElement</c> used in place,
/// .NET 10), on a small document (~100 B) and a ~1 MB one. Steady state: BenchmarkDotNet runs each many times, so
/// the undisposed variant shows what every parse costs once the pool has nothing to give back; the GC columns
/// count collections per 1,000 parses.
/// </summary>
[MemoryDiagnoser]
[CategoriesColumn]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
public class JP0007_DocumentNotDisposed
{
    private const string Small = "{\"id\":42,\"name\":\"Ada Lovelace\",\"email\":\"ada@example.com\",\"active\":true,\"tags\":[\"a\",\"b\"]}";

    // ~1 MB: 10,000 objects of ~100 bytes.
    private static readonly string Large = "[" + string.Join(",", Enumerable.Range(0, 10_000).Select(i =>
        "{\"id\":" + i + ",\"name\":\"Customer number " + i + "\",\"email\":\"c" + i + "@example.com\",\"active\":true,\"score\":" + (i * 1.5) + "}")) + "]";

    [GlobalSetup]
    public void Check()
    {
        if (Large.Length < 900_000)
        {
            throw new System.InvalidOperationException("The large document is " + Large.Length + " chars.");
        }
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Small (~100 B)")]
    public int Small_NotDisposed() => JsonDocument.Parse(Small).RootElement.GetProperty("id").GetInt32();

    [Benchmark, BenchmarkCategory("Small (~100 B)")]
    public int Small_Using()
    {
        using var doc = JsonDocument.Parse(Small);
        return doc.RootElement.GetProperty("id").GetInt32();
    }

    [Benchmark, BenchmarkCategory("Small (~100 B)")]
    public int Small_JsonElementParse() => JsonElement.Parse(Small).GetProperty("id").GetInt32();

    [Benchmark(Baseline = true), BenchmarkCategory("Large (~1 MB)")]
    public int Large_NotDisposed() => JsonDocument.Parse(Large).RootElement[9_999].GetProperty("id").GetInt32();

    [Benchmark, BenchmarkCategory("Large (~1 MB)")]
    public int Large_Using()
    {
        using var doc = JsonDocument.Parse(Large);
        return doc.RootElement[9_999].GetProperty("id").GetInt32();
    }

    [Benchmark, BenchmarkCategory("Large (~1 MB)")]
    public int Large_JsonElementParse() => JsonElement.Parse(Large)[9_999].GetProperty("id").GetInt32();
}
