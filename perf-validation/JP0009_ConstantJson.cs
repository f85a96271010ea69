using System.Text.Json;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace JsonPerf.PerfValidation;

/// <summary>
/// JP0009: a tool schema (the shape of AI/MCP SDKs' tool getters) built again on every read, against JP0009's fix, a
/// static readonly field the getter returns. Per read: <c>SerializeToElement</c> of an anonymous object through
/// reflection, <c>JsonElement.Parse</c> of the same JSON as a literal, <c>JsonDocument.Parse(literal).RootElement.Clone()</c>.
/// Each benchmark returns the element's kind so that the read is not optimized away.
/// </summary>
[MemoryDiagnoser]
[CategoriesColumn]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
public class JP0009_ConstantJson
{
    private const string SchemaText = "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\",\"description\":\"The city\"},\"unit\":{\"type\":\"string\",\"enum\":[\"celsius\",\"fahrenheit\"]}},\"required\":[\"city\"]}";

    private static readonly JsonElement s_serialized = BuildSerialized();
    private static readonly JsonElement s_parsed = JsonElement.Parse(SchemaText);
    private static readonly JsonElement s_cloned = JsonDocument.Parse(SchemaText).RootElement.Clone();

    private static JsonElement BuildSerialized() => JsonSerializer.SerializeToElement(new
    {
        type = "object",
        properties = new
        {
            city = new { type = "string", description = "The city" },
            unit = new { type = "string", @enum = new[] { "celsius", "fahrenheit" } },
        },
        required = new[] { "city" },
    });

    private static JsonElement SerializedSchema => BuildSerialized();

    private static JsonElement ParsedSchema => JsonElement.Parse(SchemaText);

    private static JsonElement ClonedSchema => JsonDocument.Parse(SchemaText).RootElement.Clone();

    [GlobalSetup]
    public void Check()
    {
        if (s_serialized.GetRawText() != SchemaText || s_parsed.GetRawText() != SchemaText || s_cloned.GetRawText() != SchemaText)
        {
            throw new System.InvalidOperationException("The three schemas differ: " + s_serialized.GetRawText());
        }
    }

    [Benchmark(Baseline = true), BenchmarkCategory("SerializeToElement(new { ... })")]
    public JsonValueKind Serialized_PerRead() => SerializedSchema.ValueKind;

    [Benchmark, BenchmarkCategory("SerializeToElement(new { ... })")]
    public JsonValueKind Serialized_StaticField() => s_serialized.ValueKind;

    [Benchmark(Baseline = true), BenchmarkCategory("JsonElement.Parse(literal)")]
    public JsonValueKind Parsed_PerRead() => ParsedSchema.ValueKind;

    [Benchmark, BenchmarkCategory("JsonElement.Parse(literal)")]
    public JsonValueKind Parsed_StaticField() => s_parsed.ValueKind;

    [Benchmark(Baseline = true), BenchmarkCategory("JsonDocument.Parse(literal).RootElement.Clone()")]
    public JsonValueKind Cloned_PerRead() => ClonedSchema.ValueKind;

    [Benchmark, BenchmarkCategory("JsonDocument.Parse(literal).RootElement.Clone()")]
    public JsonValueKind Cloned_StaticField() => s_cloned.ValueKind;
}
