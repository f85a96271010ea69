using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0006;

/// <summary>A DOM turned into text to make another DOM through a local used once (an object's or array's ToString() too; not an element's or a JsonNode's: a JSON string's value may be JSON parsed on purpose).</summary>
public class ThroughLocalTests
{
    [Theory]
    [InlineData("var text = element.GetRawText(); var node = JsonNode.Parse(text);", "JsonNode.Parse(text) of element.GetRawText()")]
    [InlineData("var text = JsonSerializer.Serialize(element); var node = JsonNode.Parse(text);", "JsonNode.Parse(text) of JsonSerializer.Serialize(...)")]
    [InlineData("var json = source.ToJsonString(); using var doc = JsonDocument.Parse(json);", "JsonDocument.Parse(json) of node.ToJsonString()")]
    [InlineData("var node = JsonNode.Parse(((JsonObject)source).ToString());", "JsonNode.Parse(node.ToString())")]
    [InlineData("using var doc = JsonDocument.Parse(new JsonArray(1, 2).ToString());", "JsonDocument.Parse(node.ToString())")]
    [InlineData("var text = ((JsonArray)source).ToString(); var node = JsonNode.Parse(text);", "JsonNode.Parse(text) of node.ToString()")]
    public async Task Reports_a_dom_made_from_another_through_text_without_a_fix(string body, string what)
    {
        var diagnostic = Assert.Single(await JP0006Async(body));
        Assert.Empty(diagnostic.Properties);
        Assert.StartsWith(what, diagnostic.GetMessage(), System.StringComparison.Ordinal);
        Assert.True(Rules.SaysWhy(diagnostic.GetMessage()), diagnostic.GetMessage());
    }

    [Theory]
    [InlineData("var text = element.GetRawText(); Console.WriteLine(text); var node = JsonNode.Parse(text);")]
    [InlineData("var text = element.GetRawText(); var node = JsonNode.Parse(text); Console.WriteLine(text.Length);")]
    [InlineData("var text = name.Trim(); var node = JsonNode.Parse(text);")]
    [InlineData("var node = JsonNode.Parse(element.ToString());")]
    [InlineData("using var doc = JsonDocument.Parse(source.ToString());")]
    [InlineData("var node = JsonNode.Parse(source[\"arguments\"].ToString());")]
    [InlineData("var text = element.ToString(); var node = JsonNode.Parse(text);")]
    public async Task Leaves_text_that_is_also_used_or_is_no_doms(string body)
        => Assert.Empty(await JP0006Async(body));

    private static async Task<System.Collections.Generic.List<Diagnostic>> JP0006Async(string body)
    {
        var source = $$"""
            using System;
            using System.Text.Json;
            using System.Text.Json.Nodes;

            public static class C
            {
                public static void Copy(JsonElement element, JsonNode source, string name)
                {
                    {{body}}
                }
            }
            """;
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        return (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new ConvertWithoutTextAnalyzer())).Where(d => d.Id == "JP0006").ToList();
    }
}
