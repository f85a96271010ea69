using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;

namespace JsonPerf.Analyzers.Tests.JP0009;

/// <summary>
/// JP0002 (source-generated metadata) and JP0007 (dispose the document) report some of the calls JP0009 reports: their
/// fixes change what the call is, JP0009's where it runs, so either order writes the same code (JP0002's laid out as the
/// first fix to wrap the call left it), and it prints the same.
/// JP0002 does not report an anonymous type (no context can describe one), so it gives no advice JP0009 contradicts.
/// </summary>
public partial class FixTests
{
    private const string ToolsProgram = """
        using System;
        using System.Collections.Generic;
        using System.Text.Json;

        public sealed class Parameter
        {
            public string Type { get; set; } = "object";
            public List<string> Required { get; set; }
        }

        public static class Tools
        {
            public static JsonElement Anonymous => JsonSerializer.SerializeToElement(new { type = "object", required = new[] { "q" } });

            public static JsonElement Typed => JsonSerializer.SerializeToElement(new Parameter { Required = new List<string> { "id" } });

            public static JsonElement Parsed => JsonSerializer.Deserialize<JsonElement>("{\"type\":\"object\"}");

            public static JsonElement Cloned => JsonDocument.Parse("[1,2]").RootElement.Clone();
        }

        public static class Program
        {
            public static void Main()
            {
                for (var i = 0; i < 2; i++)
                {
                    Console.WriteLine(Tools.Anonymous.GetRawText() + Tools.Typed.GetRawText() + Tools.Parsed.GetRawText() + Tools.Cloned.GetRawText());
                }
            }
        }
        """;

    [Theory]
    [InlineData("JP0002")]
    [InlineData("JP0007")]
    public async Task Either_order_with_the_other_rule_writes_the_same_code_and_the_same_output(string other)
    {
        var (solution, id) = FixRunner.CreateProject(ToolsProgram, OutputKind.ConsoleApplication, TestReferences.Net10);
        solution = SourceGeneration.WithGenerator(solution.GetProject(id.ProjectId)!).Solution;
        (DiagnosticAnalyzer, CodeFixProvider) rule = other == "JP0002"
            ? (new ReflectionSerializationAnalyzer(), new ReflectionSerializationFixer())
            : (new JsonDocumentNotDisposedAnalyzer(), new JsonDocumentNotDisposedFixer());
        var jp0009 = ((DiagnosticAnalyzer)new ConstantJsonAnalyzer(), (CodeFixProvider)new ConstantJsonFixer());

        var otherFirst = await ApplyAsync(await ApplyAsync(solution, id, rule), id, jp0009);
        var jp0009First = await ApplyAsync(await ApplyAsync(solution, id, jp0009), id, rule);

        // JP0002 adds an argument to a call JP0009 may have wrapped already: the same code, laid out by the fix that wrapped it.
        var (first, second) = (await FormatRun.TextsAsync(otherFirst), await FormatRun.TextsAsync(jp0009First));
        Assert.Equal(other == "JP0002" ? WithoutWhitespace(first) : first, other == "JP0002" ? WithoutWhitespace(second) : second);
        Assert.DoesNotContain(await FixRunner.GetDiagnosticsAsync(otherFirst.GetProject(id.ProjectId)!, rule.Item1, jp0009.Item1), d => d.Id is "JP0002" or "JP0007" or "JP0009" && d.Properties.Count > 0);
        var (before, after) = ProgramRunner.RunBeforeAndAfter(
            await SourceGeneration.CompileAsync(solution.GetProject(id.ProjectId)!), await SourceGeneration.CompileAsync(otherFirst.GetProject(id.ProjectId)!));
        Assert.Equal(Encoding.UTF8.GetString(before), Encoding.UTF8.GetString(after));
    }

    [Fact]
    public async Task JP0002_reports_no_anonymous_type_so_its_advice_never_meets_JP0009s_there()
    {
        var (solution, id) = FixRunner.CreateProject(ToolsProgram, OutputKind.ConsoleApplication, TestReferences.Net10);
        var jp0002 = (await FixRunner.GetDiagnosticsAsync(solution.GetProject(id.ProjectId)!, new ReflectionSerializationAnalyzer())).Where(d => d.Id == "JP0002").ToList();
        var lines = jp0002.Select(d => d.Location.GetLineSpan().StartLinePosition.Line + 1).ToList();

        Assert.Equal(new[] { 15, 17 }, lines.OrderBy(l => l));
    }

    private static string WithoutWhitespace(string text) => new(text.Where(c => !char.IsWhiteSpace(c)).ToArray());

    private static async Task<Solution> ApplyAsync(Solution solution, DocumentId id, (DiagnosticAnalyzer Analyzer, CodeFixProvider Fixer) rule)
        => await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, rule.Analyzer, rule.Fixer);
}
