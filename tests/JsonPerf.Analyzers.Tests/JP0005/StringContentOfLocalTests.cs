using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0005;

/// <summary><c>var json = Serialize(x); new StringContent(json, ...)</c>, the local read nowhere else: reported with the reason it has no fix.</summary>
public class StringContentOfLocalTests
{
    [Theory]
    [InlineData("var json = JsonSerializer.Serialize(order); return new StringContent(json, Encoding.UTF8, \"application/json\");")]
    [InlineData("string json = JsonSerializer.Serialize(order, s_web); var content = new StringContent(json); return content;")]
    public async Task A_local_string_sent_as_StringContent_is_reported_without_a_fix(string body)
    {
        var diagnostic = Assert.Single(await JP0005Async(body));
        Assert.Empty(diagnostic.Properties);
        Assert.StartsWith("new StringContent(json)", diagnostic.GetMessage(), System.StringComparison.Ordinal);
        Assert.True(Rules.SaysWhy(diagnostic.GetMessage()), diagnostic.GetMessage());
    }

    [Theory]
    [InlineData("var json = JsonSerializer.Serialize(order); Console.WriteLine(json); return new StringContent(json);")]
    [InlineData("var json = order.ToString(); return new StringContent(json);")]
    [InlineData("var json = JsonSerializer.Serialize(order); var content = new StringContent(json); json = \"\"; return content;")]
    public async Task Text_also_used_or_not_serialized_is_not_reported(string body)
        => Assert.Empty(await JP0005Async(body));

    private static async Task<System.Collections.Generic.List<Diagnostic>> JP0005Async(string body)
    {
        var source = $$"""
            using System;
            using System.Net.Http;
            using System.Text;
            using System.Text.Json;

            public class Order { public int Id { get; set; } }

            public static class C
            {
                private static readonly JsonSerializerOptions s_web = new JsonSerializerOptions(JsonSerializerDefaults.Web);

                public static HttpContent Body(Order order)
                {
                    {{body}}
                }
            }
            """;
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        return (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new Utf16DetourAnalyzer())).Where(d => d.Id == "JP0005").ToList();
    }
}
