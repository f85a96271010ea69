using System.Collections.Generic;
using System.Text.Json;
using System.Text.Json.Nodes;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace JsonPerf.PerfValidation;

/// <summary>
/// JP0006: converting between JSON representations through a UTF-16 string. In each category the baseline is
/// the flagged code and the other rows are the direct call (what the fix writes, or would write). Run on a
/// small object (<see cref="JP0006_SmallObject"/>) and on about 1 MB of JSON (<see cref="JP0006_OneMegabyte"/>,
/// 9,000 items), default options, all metadata warm.
/// </summary>
[MemoryDiagnoser]
[CategoriesColumn]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
public abstract class JP0006_ConvertWithoutText<T>
{
    private T _value = default!;
    private JsonElement _element;
    private JsonNode _node = default!;
    private JsonDocument _document = default!;
    private JsonElement _parsed;

    protected abstract T Create();

    [GlobalSetup]
    public void Setup()
    {
        _value = Create();
        _element = JsonSerializer.SerializeToElement(_value);
        _node = JsonSerializer.SerializeToNode(_value)!;

        // An element of a parsed document (what real code copies): SerializeToElement's element owns its bytes already,
        // and Clone() of such an element returns it as it is.
        _document = JsonDocument.Parse(JsonSerializer.SerializeToUtf8Bytes(_value));
        _parsed = _document.RootElement;
    }

    [GlobalCleanup]
    public void Cleanup() => _document.Dispose();

    [Benchmark(Baseline = true), BenchmarkCategory("Element to T")]
    public T ElementToObject_ViaRawText() => JsonSerializer.Deserialize<T>(_element.GetRawText())!;

    [Benchmark, BenchmarkCategory("Element to T")]
    public T ElementToObject_Direct() => JsonSerializer.Deserialize<T>(_element)!;

    [Benchmark(Baseline = true), BenchmarkCategory("Node to T")]
    public T NodeToObject_ViaToJsonString() => JsonSerializer.Deserialize<T>(_node.ToJsonString())!;

    [Benchmark, BenchmarkCategory("Node to T")]
    public T NodeToObject_Direct() => _node.Deserialize<T>()!;

    [Benchmark(Baseline = true), BenchmarkCategory("T to document")]
    public int ObjectToDocument_ViaString()
    {
        using var document = JsonDocument.Parse(JsonSerializer.Serialize(_value));
        return (int)document.RootElement.ValueKind;
    }

    [Benchmark, BenchmarkCategory("T to document")]
    public int ObjectToDocument_Direct()
    {
        using var document = JsonSerializer.SerializeToDocument(_value);
        return (int)document.RootElement.ValueKind;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("T to element")]
    public JsonElement ObjectToElement_ViaString() => JsonElement.Parse(JsonSerializer.Serialize(_value));

    [Benchmark, BenchmarkCategory("T to element")]
    public JsonElement ObjectToElement_Direct() => JsonSerializer.SerializeToElement(_value);

    [Benchmark(Baseline = true), BenchmarkCategory("T to node")]
    public JsonNode ObjectToNode_ViaString() => JsonNode.Parse(JsonSerializer.Serialize(_value))!;

    [Benchmark, BenchmarkCategory("T to node")]
    public JsonNode ObjectToNode_Direct() => JsonSerializer.SerializeToNode(_value)!;

    [Benchmark(Baseline = true), BenchmarkCategory("Element to element")]
    public JsonElement ElementToElement_ViaRawText() => JsonElement.Parse(_parsed.GetRawText());

    [Benchmark, BenchmarkCategory("Element to element")]
    public JsonElement ElementToElement_Clone() => _parsed.Clone();

    [Benchmark(Baseline = true), BenchmarkCategory("Element to node")]
    public JsonNode ElementToNode_ViaRawText() => JsonNode.Parse(_parsed.GetRawText())!;

    [Benchmark, BenchmarkCategory("Element to node")]
    public JsonNode ElementToNode_Direct() => JsonSerializer.SerializeToNode(_parsed)!;

    [Benchmark, BenchmarkCategory("Element to node")]
    public JsonNode ElementToNode_RawUtf8() => JsonNode.Parse(System.Runtime.InteropServices.JsonMarshal.GetRawUtf8Value(_parsed))!;

    [Benchmark(Baseline = true), BenchmarkCategory("Element to document")]
    public int ElementToDocument_ViaRawText()
    {
        using var document = JsonDocument.Parse(_parsed.GetRawText());
        return (int)document.RootElement.ValueKind;
    }

    [Benchmark, BenchmarkCategory("Element to document")]
    public int ElementToDocument_Direct()
    {
        using var document = JsonSerializer.SerializeToDocument(_parsed);
        return (int)document.RootElement.ValueKind;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Clone T")]
    public T Clone_ViaString() => JsonSerializer.Deserialize<T>(JsonSerializer.Serialize(_value))!;

    [Benchmark, BenchmarkCategory("Clone T")]
    public T Clone_ViaElement() => JsonSerializer.SerializeToElement(_value).Deserialize<T>()!;

    [Benchmark, BenchmarkCategory("Clone T")]
    public T Clone_ViaUtf8Bytes() => JsonSerializer.Deserialize<T>(JsonSerializer.SerializeToUtf8Bytes(_value))!;
}

/// <summary>One <see cref="Item"/>: about 115 bytes of JSON.</summary>
public class JP0006_SmallObject : JP0006_ConvertWithoutText<Item>
{
    protected override Item Create() => Item.Create(1);
}

/// <summary>9,000 <see cref="Item"/>s: about 1 MB of JSON.</summary>
public class JP0006_OneMegabyte : JP0006_ConvertWithoutText<List<Item>>
{
    protected override List<Item> Create() => Item.CreateList(9_000);
}
