using System.Collections.Generic;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace JsonPerf.PerfValidation;

/// <summary>
/// JP0003: deserializing into a PascalCase class with <c>PropertyNameCaseInsensitive = true</c> alone (the flagged
/// code, baseline), with a camelCase naming policy added (the fix), and with an exact, case-sensitive match for
/// reference; on camelCase JSON (what web APIs send) and on PascalCase JSON (which the fix turns into a fallback).
/// All options are cached, so only the matching differs.
/// </summary>
[MemoryDiagnoser]
[CategoriesColumn]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
public class JP0003_CaseInsensitive
{
    private static readonly JsonSerializerOptions Insensitive = new JsonSerializerOptions { PropertyNameCaseInsensitive = true };
    private static readonly JsonSerializerOptions InsensitiveCamel = new JsonSerializerOptions { PropertyNameCaseInsensitive = true, PropertyNamingPolicy = JsonNamingPolicy.CamelCase };
    private static readonly JsonSerializerOptions ExactCamel = new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase };
    private static readonly JsonSerializerOptions ExactPascal = new JsonSerializerOptions();

    private readonly string _camelSmall = JsonSerializer.Serialize(Item.Create(1), ExactCamel);
    private readonly string _camelList = JsonSerializer.Serialize(Item.CreateList(100), ExactCamel);
    private readonly string _pascalSmall = JsonSerializer.Serialize(Item.Create(1), ExactPascal);
    private readonly string _pascalList = JsonSerializer.Serialize(Item.CreateList(100), ExactPascal);

    [Benchmark(Baseline = true), BenchmarkCategory("camelCase JSON, small object")]
    public Item? Camel_Small_InsensitiveOnly() => JsonSerializer.Deserialize<Item>(_camelSmall, Insensitive);

    [Benchmark, BenchmarkCategory("camelCase JSON, small object")]
    public Item? Camel_Small_WithCamelPolicy() => JsonSerializer.Deserialize<Item>(_camelSmall, InsensitiveCamel);

    [Benchmark, BenchmarkCategory("camelCase JSON, small object")]
    public Item? Camel_Small_ExactMatch() => JsonSerializer.Deserialize<Item>(_camelSmall, ExactCamel);

    [Benchmark(Baseline = true), BenchmarkCategory("camelCase JSON, list of 100")]
    public List<Item>? Camel_List_InsensitiveOnly() => JsonSerializer.Deserialize<List<Item>>(_camelList, Insensitive);

    [Benchmark, BenchmarkCategory("camelCase JSON, list of 100")]
    public List<Item>? Camel_List_WithCamelPolicy() => JsonSerializer.Deserialize<List<Item>>(_camelList, InsensitiveCamel);

    [Benchmark, BenchmarkCategory("camelCase JSON, list of 100")]
    public List<Item>? Camel_List_ExactMatch() => JsonSerializer.Deserialize<List<Item>>(_camelList, ExactCamel);

    [Benchmark(Baseline = true), BenchmarkCategory("PascalCase JSON, small object")]
    public Item? Pascal_Small_InsensitiveOnly() => JsonSerializer.Deserialize<Item>(_pascalSmall, Insensitive);

    [Benchmark, BenchmarkCategory("PascalCase JSON, small object")]
    public Item? Pascal_Small_WithCamelPolicy() => JsonSerializer.Deserialize<Item>(_pascalSmall, InsensitiveCamel);

    [Benchmark(Baseline = true), BenchmarkCategory("PascalCase JSON, list of 100")]
    public List<Item>? Pascal_List_InsensitiveOnly() => JsonSerializer.Deserialize<List<Item>>(_pascalList, Insensitive);

    [Benchmark, BenchmarkCategory("PascalCase JSON, list of 100")]
    public List<Item>? Pascal_List_WithCamelPolicy() => JsonSerializer.Deserialize<List<Item>>(_pascalList, InsensitiveCamel);
}
