using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0002;

/// <summary>
/// A scaffolded context is named as a person would: after the options member it mirrors, or its settings
/// where the member's name says nothing; AppJsonContext in an application; the telling part of a library's assembly
/// name. Never "...OptionsJsonContext" (JP0001's hoisted IndentedJsonOptions once gave IndentedJsonOptionsJsonContext).
/// </summary>
public partial class FixTests
{
    [Theory]
    [InlineData("IndentedJsonOptions = new JsonSerializerOptions { WriteIndented = true }", "IndentedJsonContext")]
    [InlineData("s_camelCaseOptions = new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase }", "CamelCaseJsonContext")]
    [InlineData("s_options = new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase }", "CamelCaseJsonContext")]
    [InlineData("DefaultSettings = new JsonSerializerOptions(JsonSerializerDefaults.Web) { WriteIndented = true }", "WebIndentedJsonContext")]
    [InlineData("s_json = new JsonSerializerOptions { PropertyNameCaseInsensitive = true, WriteIndented = true }", "IndentedCaseInsensitiveJsonContext")]
    [InlineData("s_jsonOptions = new JsonSerializerOptions { MaxDepth = 8 }", "AppJsonContext")]
    public async Task Names_the_context_after_the_options_it_mirrors(string declaration, string expected)
    {
        var field = declaration.Substring(0, declaration.IndexOf(' ', System.StringComparison.Ordinal));
        var source = $$"""
            using System;
            using System.Text.Json;

            public class Point { public int X { get; set; } }

            public static class Program
            {
                private static readonly JsonSerializerOptions {{declaration}};
                public static void Main() => Console.WriteLine(JsonSerializer.Serialize(new Point { X = 1 }, {{field}}));
            }
            """;
        var (before, after) = await FixAllAsync(source);
        var program = await TextAsync(after, "Program.cs");

        AssertContains($"internal partial class {expected} : JsonSerializerContext", program);
        AssertContains($"JsonSerializer.Serialize(new Point {{ X = 1 }}, {expected}.Default.Point)", program);
        Assert.DoesNotContain("OptionsJsonContext", program, System.StringComparison.Ordinal);
        await AssertSameOutputAsync(before, after);
    }

    [Theory]
    [InlineData("Contoso.Billing.Core", "BillingJsonContext")]
    [InlineData("Contoso.Billing.Tests", "BillingJsonContext")]
    [InlineData("Acme.Json", "AcmeJsonContext")]
    [InlineData("Json", "AppJsonContext")]
    public async Task A_library_context_takes_the_telling_part_of_the_assembly_name(string assemblyName, string expected)
    {
        var (solution, id) = CreateProject("""
            using System.Text.Json;

            namespace Lib
            {
                public class Point { public int X { get; set; } }

                public static class Writer
                {
                    public static string Write(Point point) => JsonSerializer.Serialize(point);
                }
            }
            """, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        solution = solution.WithProjectAssemblyName(id.ProjectId, assemblyName);
        var after = (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer)).GetProject(id.ProjectId)!;

        var texts = await Task.WhenAll(after.Documents.Select(async d => (await d.GetTextAsync()).ToString()));
        Assert.Contains(texts, t => t.Contains($"internal partial class {expected} : JsonSerializerContext", System.StringComparison.Ordinal));
        Assert.Contains(texts, t => t.Contains($"JsonSerializer.Serialize(point, {expected}.Default.Point)", System.StringComparison.Ordinal));
        await SourceGeneration.CompileAsync(after);
    }
}
