using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace JsonPerf.Analyzers.Tests.Layout;

/// <summary>
/// The every-target check follows what a fix edits and what each target's own analyzer says, not only where the site is:
/// a file one target compiles alone must not edit a file both compile, and a context that registers a type only under
/// #if serves one target only.
/// </summary>
public partial class EveryTargetTests
{
    private const string Models = """
        using System.Text.Json.Serialization;

        public class Order { public int Id { get; set; } }

        [JsonSerializable(typeof(Order))]
        internal partial class AppJsonContext : JsonSerializerContext
        {
        }
        """;

    [Fact]
    public async Task A_fix_in_a_file_one_target_compiles_alone_leaves_the_shared_context_alone()
    {
        var (solution, net10, net8) = MultiTarget.Create(OutputKind.DynamicallyLinkedLibrary, aspNet: false, generator: true, buildProperties: null, ("/src/Models.cs", Models));
        const string only = """
            using System.Text.Json;

            public class Foo { public int X { get; set; } }

            public static class Net8Only
            {
                public static string Write(Foo foo, JsonSerializerOptions options) => JsonSerializer.Serialize(foo, JsonSerializerOptions.Default);
            }
            """;
        solution = solution.AddDocument(DocumentId.CreateNewId(net8), "Net8Only.cs", SourceText.From(only), filePath: "/src/Net8Only.cs");
        Assert.NotEmpty(await FixRunner.GetDiagnosticsAsync(solution.GetProject(net8)!, new ReflectionSerializationAnalyzer()));

        var after = await MultiTarget.FixAllAsync(solution, new ReflectionSerializationAnalyzer(), new ReflectionSerializationFixer());

        await MultiTarget.AssertEveryTargetBuildsAsync(after);
        Assert.DoesNotContain("typeof(Foo)", await MultiTarget.TextAsync(after, net10, "/src/Models.cs"), System.StringComparison.Ordinal);
        Assert.Equal(2, after.Projects.Sum(p => p.Documents.Count(d => d.FilePath == "/src/Models.cs")));
    }

    [Fact]
    public async Task A_context_that_registers_the_type_under_if_serves_no_fix_in_the_other_target()
    {
        const string source = """
            using System.Text.Json;
            using System.Text.Json.Nodes;
            using System.Text.Json.Serialization;

            public static class Copier
            {
                public static JsonNode Copy(JsonElement element) => JsonNode.Parse(element.GetRawText());
            }

            [JsonSerializable(typeof(int))]
            #if NET10_0_OR_GREATER
            [JsonSerializable(typeof(JsonElement))]
            #endif
            internal partial class CopyContext : JsonSerializerContext
            {
            }
            """;
        var (solution, net10, _) = MultiTarget.Create(OutputKind.DynamicallyLinkedLibrary, aspNet: false, generator: true, buildProperties: null, (Path, source));
        var net10Diagnostic = Assert.Single(await FixRunner.GetDiagnosticsAsync(solution.GetProject(net10)!, new ConvertWithoutTextAnalyzer()));
        Assert.NotEmpty(net10Diagnostic.Properties);

        var after = await MultiTarget.FixAllAsync(solution, new ConvertWithoutTextAnalyzer(), new ConvertWithoutTextFixer());

        await MultiTarget.AssertEveryTargetBuildsAsync(after);
        Assert.Contains("JsonNode.Parse(element.GetRawText())", await MultiTarget.TextAsync(after, net10, Path), System.StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_directive_elsewhere_in_the_member_keeps_the_fix_and_the_message()
    {
        const string source = """
            using System;
            using System.Text;
            using System.Text.Json;

            public static class C
            {
                public static byte[] Write(int value)
                {
                    var bytes = Encoding.UTF8.GetBytes(JsonSerializer.Serialize(value));
            #if DEBUG
                    Console.WriteLine(bytes.Length);
            #endif
                    return bytes;
                }
            }
            """;
        var (solution, net10, _) = MultiTarget.Create(OutputKind.DynamicallyLinkedLibrary, aspNet: false, generator: false, targetFrameworksVisible: true, (Path, source));
        var diagnostic = Assert.Single(await FixRunner.GetDiagnosticsAsync(solution.GetProject(net10)!, new Utf16DetourAnalyzer()), d => d.Id == Rules.Utf16DetourId);
        Assert.NotEmpty(diagnostic.Properties);
        Assert.DoesNotContain("(no fix: ", diagnostic.GetMessage(), System.StringComparison.Ordinal);

        var after = await MultiTarget.FixAllAsync(solution, new Utf16DetourAnalyzer(), new Utf16DetourFixer());

        await MultiTarget.AssertEveryTargetBuildsAsync(after);
        Assert.Contains("JsonSerializer.SerializeToUtf8Bytes(value)", await MultiTarget.TextAsync(after, net10, Path), System.StringComparison.Ordinal);
    }
}
