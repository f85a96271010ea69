using System;
using System.Buffers;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Text.Json;
using System.Text.Json.Nodes;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace JsonPerf.PerfValidation;

/// <summary>
/// JP0006: converting between JSON representations through a UTF-16 string. In each category the baseline is
/// the flagged code and the other rows are the direct call (what the fix writes, or would write). Run on a
/// small object (<see cref="JP0006_SmallObject"/>) and on about 1 MB of JSON (<see cref="JP0006_OneMegabyte"/>,
/// 9,000 items), default options, all metadata warm. A DOM built only to be written (<c>SerializeToElement(x, o).WriteTo(writer)</c>,
/// <c>SerializeToDocument</c> in a <c>using</c>, fixed to <c>JsonSerializer.Serialize(writer, x, o)</c>) writes to a reused
/// <c>Utf8JsonWriter</c> over a reused buffer, with web options; <c>element.GetRawText().Length</c> (reported without a fix)
/// is measured against <c>JsonMarshal.GetRawUtf8Value(element).Length</c>, which is the same number for ASCII JSON only.
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
    private static readonly JsonSerializerOptions s_web = new JsonSerializerOptions(JsonSerializerDefaults.Web);
    private readonly ArrayBufferWriter<byte> _buffer = new();
    private Utf8JsonWriter _writer = default!;

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

        _writer = new Utf8JsonWriter(_buffer);
        var written = new[] { DomWrite_Element_ViaElement(), DomWrite_Element_Serialize(), DomWrite_Document_ViaDocument(), DomWrite_Document_Serialize() };
        var bytes = JsonSerializer.SerializeToUtf8Bytes(_value, s_web).Length;
        if (Array.Exists(written, w => w != bytes) || RawLength_GetRawText() != RawLength_JsonMarshal())
        {
            throw new InvalidOperationException("The writes or the lengths differ: " + string.Join(", ", written) + " against " + bytes + "; " + RawLength_GetRawText() + " against " + RawLength_JsonMarshal());
        }
    }

    /// <summary>The writer, reset to write from the start of the reused buffer.</summary>
    private Utf8JsonWriter Writer()
    {
        _buffer.ResetWrittenCount();
        _writer.Reset(_buffer);
        return _writer;
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _document.Dispose();
        _writer.Dispose();
    }

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

    [Benchmark(Baseline = true), BenchmarkCategory("T to writer through an element")]
    public int DomWrite_Element_ViaElement()
    {
        var writer = Writer();
        JsonSerializer.SerializeToElement(_value, s_web).WriteTo(writer);
        writer.Flush();
        return _buffer.WrittenCount;
    }

    [Benchmark, BenchmarkCategory("T to writer through an element")]
    public int DomWrite_Element_Serialize()
    {
        var writer = Writer();
        JsonSerializer.Serialize(writer, _value, s_web);
        writer.Flush();
        return _buffer.WrittenCount;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("T to writer through a document")]
    public int DomWrite_Document_ViaDocument()
    {
        var writer = Writer();
        using var d = JsonSerializer.SerializeToDocument(_value, s_web);
        d.WriteTo(writer);
        writer.Flush();
        return _buffer.WrittenCount;
    }

    [Benchmark, BenchmarkCategory("T to writer through a document")]
    public int DomWrite_Document_Serialize()
    {
        var writer = Writer();
        JsonSerializer.Serialize(writer, _value, s_web);
        writer.Flush();
        return _buffer.WrittenCount;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Length of an element's JSON")]
    public int RawLength_GetRawText() => _parsed.GetRawText().Length;

    [Benchmark, BenchmarkCategory("Length of an element's JSON")]
    public int RawLength_JsonMarshal() => JsonMarshal.GetRawUtf8Value(_parsed).Length;
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
