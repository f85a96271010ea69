using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace JsonPerf.Analyzers.Tests.JP0002;

/// <summary>
/// In a multi-targeted library the fix sees the documents with one set of preprocessor symbols. It
/// must leave every target building, with at most one context per type: no fix in #if code, none in a project with a
/// context under #if.
/// </summary>
public partial class FixTests
{
    private const string TargetsModels = """
        namespace Lib
        {
            public class Order
            {
                public int Id { get; set; }
                public string Name { get; set; }
            }
        }
        """;

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task In_a_multi_targeted_library_every_target_builds_with_one_context_after_the_fix(bool fixedOnNet8)
    {
        var context = """
            #if NET8_0_OR_GREATER
            using System.Text.Json.Serialization;

            namespace Lib
            {
                [JsonSerializable(typeof(Order))]
                internal partial class LibContext : JsonSerializerContext
                {
                }
            }
            #endif
            """;
        var writer = """
            using System.Text.Json;

            namespace Lib
            {
                public static class Writer
                {
                    public static string Write(Order order)
                    {
            #if NET8_0_OR_GREATER
                        return JsonSerializer.Serialize(order, LibContext.Default.Order);
            #else
                        return JsonSerializer.Serialize(order);
            #endif
                    }

                    public static Order Read(string json) => JsonSerializer.Deserialize<Order>(json);
                }
            }
            """;
        var (solution, id) = CreateProject(writer, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        solution = solution.WithDocumentName(id, "Writer.cs").WithDocumentFilePath(id, "/src/Writer.cs")
            .AddDocument(DocumentId.CreateNewId(id.ProjectId), "Models.cs", TargetsModels, filePath: "/src/Models.cs")
            .AddDocument(DocumentId.CreateNewId(id.ProjectId), "LibContext.cs", context, filePath: "/src/LibContext.cs");
        solution = WithSymbols(solution, id.ProjectId, fixedOnNet8);
        var before = solution.GetProject(id.ProjectId)!;
        Assert.NotEmpty(await JP0002Async(before));

        var after = (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer)).GetProject(id.ProjectId)!;

        foreach (var net8 in new[] { false, true })
        {
            var target = WithSymbols(after.Solution, id.ProjectId, net8).GetProject(id.ProjectId)!;
            await SourceGeneration.CompileAsync(target);
            var registering = new System.Collections.Generic.List<string>();
            foreach (var document in target.Documents)
            {
                registering.AddRange((await document.GetSyntaxRootAsync())!.DescendantNodes().OfType<Microsoft.CodeAnalysis.CSharp.Syntax.ClassDeclarationSyntax>()
                    .Where(c => c.AttributeLists.SelectMany(l => l.Attributes).Any(a => a.ToString().Contains("typeof(Order)", System.StringComparison.Ordinal)))
                    .Select(c => c.Identifier.ValueText));
            }

            Assert.True(registering.Count <= 1, $"NET8_0_OR_GREATER {net8}: contexts registering Order: {string.Join(", ", registering)}\n{await SourceGeneration.SourcesAsync(target)}");
        }
    }

    [Fact]
    public async Task Calls_in_if_code_are_reported_without_a_fix_and_the_rest_of_the_file_is_fixed()
    {
        var writer = """
            using System.Text.Json;

            namespace Lib
            {
                public static class Writer
                {
                    public static string Write(Order order)
                    {
            #if DEBUG
                        return JsonSerializer.Serialize(order);
            #else
                        return "";
            #endif
                    }

                    public static string Logged(Order order)
                    {
            #if DEBUG
                        System.Console.WriteLine("writing");
            #endif
                        return JsonSerializer.Serialize(order);
                    }

                    public static Order Read(string json) => JsonSerializer.Deserialize<Order>(json);
                }
            }
            """;
        var (solution, id) = CreateProject(writer, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        solution = solution.WithDocumentName(id, "Writer.cs").WithDocumentFilePath(id, "/src/Writer.cs")
            .AddDocument(DocumentId.CreateNewId(id.ProjectId), "Models.cs", TargetsModels, filePath: "/src/Models.cs");
        solution = solution.WithProjectParseOptions(id.ProjectId, new CSharpParseOptions(LanguageVersion.Latest, preprocessorSymbols: new[] { "DEBUG" }));

        var diagnostics = (await JP0002Async(solution)).OrderBy(d => d.Location.SourceSpan.Start).ToList();
        Assert.Equal(3, diagnostics.Count);
        Assert.All(diagnostics.Take(2), d => Assert.EndsWith(Rules.NoFixInConditionalCode, d.GetMessage(System.Globalization.CultureInfo.InvariantCulture), System.StringComparison.Ordinal));
        Assert.DoesNotContain("(no fix: ", diagnostics[2].GetMessage(System.Globalization.CultureInfo.InvariantCulture), System.StringComparison.Ordinal);

        var after = (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer)).GetProject(id.ProjectId)!;
        var text = await TextAsync(after, "Writer.cs");
        AssertContains("#if DEBUG\n            return JsonSerializer.Serialize(order);\n#else", text);
        AssertContains("#endif\n            return JsonSerializer.Serialize(order);", text);
        AssertContains("JsonSerializer.Deserialize<Order>(json, ProgramJsonContext.Default.Order)", text);
        foreach (var symbols in new[] { new[] { "DEBUG" }, System.Array.Empty<string>() })
        {
            await SourceGeneration.CompileAsync(after.WithParseOptions(new CSharpParseOptions(LanguageVersion.Latest, preprocessorSymbols: symbols)));
        }
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Static_options_declared_with_if_are_not_fixed_and_the_message_says_why(bool net)
    {
        // Found on anthropic-sdk-csharp: a naming policy set only `#if NET`. Each target of the library compiles other
        // settings, so a context mirroring one target's (or bound to them) serializes differently for the other: the
        // netstandard2.0 project's Fix All and the net8.0 one's wrote different contexts into the same file.
        var source = """
            using System.Text.Json;
            using System.Text.Json.Serialization;

            namespace Lib
            {
                public class Order
                {
                    public int OrderId { get; set; }
                    public string Note { get; set; }
                }

                public static class Store
                {
                    private static readonly JsonSerializerOptions s_options = new()
                    {
                        PropertyNameCaseInsensitive = true,
                        DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
            #if NET
                        PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower,
            #endif
                    };

                    public static string Write(Order order) => JsonSerializer.Serialize(order, s_options);
                    public static Order Read(string json) => JsonSerializer.Deserialize<Order>(json, s_options);
                    public static string Plain(Order order) => JsonSerializer.Serialize(order);
                }
            }
            """;
        var (solution, id) = CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        solution = solution.WithProjectParseOptions(id.ProjectId, new CSharpParseOptions(LanguageVersion.Latest, preprocessorSymbols: net ? new[] { "NET" } : System.Array.Empty<string>()));

        var diagnostics = (await JP0002Async(solution)).OrderBy(d => d.Location.SourceSpan.Start).ToList();
        Assert.Equal(3, diagnostics.Count);
        Assert.All(diagnostics.Take(2), d => Assert.EndsWith(Rules.NoFixForConditionalOptions, d.GetMessage(System.Globalization.CultureInfo.InvariantCulture), System.StringComparison.Ordinal));

        // Fix All fixes the default-options call only; the calls on the options stay as they were.
        var after = (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer)).GetProject(id.ProjectId)!;
        var text = await TextAsync(after, "Program.cs");
        AssertContains("public static string Write(Order order) => JsonSerializer.Serialize(order, s_options);", text);
        AssertContains("public static Order Read(string json) => JsonSerializer.Deserialize<Order>(json, s_options);", text);
        AssertContains("JsonSerializer.Serialize(order, ", text.Substring(text.IndexOf("Plain(", System.StringComparison.Ordinal)));
        Assert.DoesNotContain("TypeInfoResolver", text, System.StringComparison.Ordinal);
        Assert.DoesNotContain("JsonSourceGenerationOptions", text, System.StringComparison.Ordinal);
    }

    private static Solution WithSymbols(Solution solution, ProjectId project, bool net8)
        => solution.WithProjectParseOptions(project, new CSharpParseOptions(LanguageVersion.Latest, preprocessorSymbols: net8 ? new[] { "NET8_0_OR_GREATER" } : System.Array.Empty<string>()));
}
