using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Text;

namespace JsonPerf.Analyzers.Tests.JP0002;

/// <summary>
/// Projects where the package raises JP0002 to a warning (trimmed, AOT, reflection off): the fix never introduces
/// reflection there. It reads the same MSBuild properties the package's targets test, as build_property.* global
/// options (the targets make them compiler-visible; tests/PackageConsumer/run.sh checks that end to end).
/// </summary>
public partial class FixTests
{
    internal const string ReflectionFreeProgram = """
        using System;
        using System.Text.Encodings.Web;
        using System.Text.Json;
        using System.Text.Json.Serialization;
        using System.Text.Unicode;

        public class Order
        {
            public int Id { get; set; }
            public string CustomerName { get; set; }
        }

        public static class Program
        {
            private static readonly JsonSerializerOptions s_encoded = new JsonSerializerOptions
            {
                Encoder = JavaScriptEncoder.Create(UnicodeRanges.All)
            };

            private static readonly JsonSerializerOptions s_indented = new JsonSerializerOptions { WriteIndented = true };

            public static void Main()
            {
                var order = new Order { Id = 7, CustomerName = "山本太郎 <b>&" };
                Console.WriteLine(JsonSerializer.Serialize(order, s_encoded));
                Console.WriteLine(JsonSerializer.Serialize(order, s_indented));
                Console.WriteLine(JsonSerializer.Deserialize<Order>("{\"Id\":3}").Id);
            }
        }

        """;

    [Theory]
    [InlineData("PublishAot", "true")]
    [InlineData("IsAotCompatible", "true")]
    [InlineData("PublishTrimmed", "true")]
    [InlineData("IsTrimmable", "True")]
    [InlineData("JsonSerializerIsReflectionEnabledByDefault", "false")]
    public async Task In_a_reflection_free_project_the_fix_adds_no_reflection_and_leaves_options_it_cannot_mirror_alone(string property, string value)
    {
        var (solution, id) = CreateProject(ReflectionFreeProgram, OutputKind.ConsoleApplication, TestReferences.Net10);
        solution = WithBuildProperty(solution, id.ProjectId, property, value);
        var before = solution.GetProject(id.ProjectId)!;
        var after = (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer)).GetProject(id.ProjectId)!;
        var program = await TextAsync(after, "Program.cs");

        Assert.DoesNotContain("TypeInfoResolver", program, System.StringComparison.Ordinal);
        Assert.DoesNotContain("DefaultJsonTypeInfoResolver", program, System.StringComparison.Ordinal);
        // The encoder has no generation option: the call keeps its options and its diagnostic (no fix, see the doc).
        AssertContains("JsonSerializer.Serialize(order, s_encoded)", program);
        // Mirrored options and the default options: the calls take the metadata overloads, trim- and AOT-safe.
        AssertContains("JsonSerializer.Serialize(order, IndentedJsonContext.Default.Order)", program);
        Assert.DoesNotContain("s_indented", program, System.StringComparison.Ordinal);
        Assert.EndsWith("}\n", program.ReplaceLineEndings("\n"), System.StringComparison.Ordinal);
        AssertContains("JsonSerializer.Deserialize<Order>(\"{\\\"Id\\\":3}\", ProgramJsonContext.Default.Order)", program);
        Assert.Equal(
            new[] { "JsonSerializer.Serialize<Order>(Order, JsonSerializerOptions?)" },
            await CallsRequiringReflectionAsync(after));
        Assert.Single(await JP0002Async(after));
        await AssertSameOutputAsync(before, after);
    }

    [Fact]
    public async Task Outside_reflection_free_projects_the_same_options_are_bound_with_reflection_behind_the_context()
    {
        var (before, after) = await FixAllAsync(ReflectionFreeProgram);
        var program = await TextAsync(after, "Program.cs");
        // The comma goes after the last setting, not on a line of its own; the file keeps its final newline.
        AssertContains("""
                private static readonly JsonSerializerOptions s_encoded = new JsonSerializerOptions
                {
                    Encoder = JavaScriptEncoder.Create(UnicodeRanges.All),
                    TypeInfoResolver = JsonTypeInfoResolver.Combine(ProgramJsonContext.Default, new DefaultJsonTypeInfoResolver())
                };
            """, program);
        Assert.EndsWith("}\n", program.ReplaceLineEndings("\n"), System.StringComparison.Ordinal);
        Assert.DoesNotContain("\n\n\n", program.ReplaceLineEndings("\n"), System.StringComparison.Ordinal);
        // s_indented (private) is used by nothing once its call takes IndentedJsonContext's metadata: removed.
        Assert.DoesNotContain("s_indented", program, System.StringComparison.Ordinal);
        Assert.Empty(await JP0002Async(after));
        await AssertSameOutputAsync(before, after);
    }

    [Theory]
    [InlineData("PublishAot", "false")]
    [InlineData("JsonSerializerIsReflectionEnabledByDefault", "true")]
    public async Task Properties_set_the_other_way_do_not_count(string property, string value)
    {
        var (solution, id) = CreateProject(ReflectionFreeProgram, OutputKind.ConsoleApplication, TestReferences.Net10);
        solution = WithBuildProperty(solution, id.ProjectId, property, value);
        var after = await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer);
        AssertContains("new DefaultJsonTypeInfoResolver()", await TextAsync(after, "Program.cs"));
    }

    [Theory]
    [InlineData("")]
    [InlineData("namespace App;\n\n")]
    public async Task A_context_scaffolded_at_the_end_of_the_file_keeps_its_final_newline(string prefix)
    {
        var source = prefix + "using System;\nusing System.Text.Json;\n\npublic class Point { public int X { get; set; } }\n\n"
            + "public static class Program\n{\n    public static void Main() => Console.WriteLine(JsonSerializer.Serialize(new Point { X = 1 }));\n}\n";
        var (before, after) = await FixAllAsync(source);
        var program = (await TextAsync(after, "Program.cs")).ReplaceLineEndings("\n");
        Assert.EndsWith("internal partial class ProgramJsonContext : JsonSerializerContext\n{\n}\n", program, System.StringComparison.Ordinal);
        await AssertSameOutputAsync(before, after);
    }

    /// <summary>What the generated MSBuild editorconfig holds for a compiler-visible property.</summary>
    private static Solution WithBuildProperty(Solution solution, ProjectId project, string property, string value)
        => solution.AddAnalyzerConfigDocument(
            DocumentId.CreateNewId(project), "Program.GeneratedMSBuildEditorConfig.editorconfig",
            SourceText.From($"is_global = true\nbuild_property.{property} = {value}\n"), filePath: "/src/obj/Program.GeneratedMSBuildEditorConfig.editorconfig");

    /// <summary>
    /// Members the written code calls or creates that carry [RequiresUnreferencedCode] or [RequiresDynamicCode]: what the
    /// trim and AOT analyzers report as IL2026 and IL3050 (the generated code is left out: it is the framework's).
    /// </summary>
    private static async Task<string[]> CallsRequiringReflectionAsync(Project project)
    {
        var compilation = await SourceGeneration.CompileAsync(project);
        var found = new SortedSet<string>(System.StringComparer.Ordinal);
        foreach (var tree in compilation.SyntaxTrees.Where(t => project.Documents.Any(d => d.FilePath == t.FilePath)))
        {
            var model = compilation.GetSemanticModel(tree);
            foreach (var node in (await tree.GetRootAsync()).DescendantNodes())
            {
                var target = model.GetOperation(node) switch
                {
                    IInvocationOperation invocation => (ISymbol)invocation.TargetMethod,
                    IObjectCreationOperation creation => creation.Constructor,
                    IPropertyReferenceOperation property => property.Property.GetMethod,
                    _ => null,
                };
                if (target is not null && target.GetAttributes().Any(a => a.AttributeClass?.Name is "RequiresUnreferencedCodeAttribute" or "RequiresDynamicCodeAttribute"))
                {
                    found.Add(target.ToDisplayString(SymbolDisplayFormat.CSharpShortErrorMessageFormat.WithMemberOptions(SymbolDisplayMemberOptions.IncludeContainingType | SymbolDisplayMemberOptions.IncludeParameters)));
                }
            }
        }

        return found.ToArray();
    }
}
