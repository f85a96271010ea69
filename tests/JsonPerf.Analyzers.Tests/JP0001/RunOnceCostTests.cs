using System.Linq;
using System.Threading;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Xunit;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>
/// Whether code in a private method runs once is read from every reference to the method in its type's declarations:
/// every part of a partial type, a source-generated context's files included (csharp-sdk's <c>McpJsonUtilities</c>:
/// 207 of them, 84 ms per compile). JP0001 and JP0004 ask it last, of code they would otherwise report, so options
/// that never reach the serializer cost no such read. The judgement is the same either way (the rule tests); these
/// tests pin the order, which no diagnostic shows.
/// </summary>
public class RunOnceCostTests
{
    // The other part of the partial type, as a source generator writes one (here by hand: only its presence matters).
    private const string OtherPart = """
        public static partial class Utilities
        {
            internal static int Generated => 1;
        }
        """;

    public static TheoryData<string, int> Sources() => new()
    {
        // Options a private factory builds and returns: never the serializer's, so its callers are never read.
        {
            """
            using System.Text.Json;

            public static partial class Utilities
            {
                public static JsonSerializerOptions DefaultOptions { get; } = CreateDefaultOptions();

                private static JsonSerializerOptions CreateDefaultOptions()
                {
                    var options = new JsonSerializerOptions(JsonSerializerDefaults.Web) { WriteIndented = true };
                    options.MakeReadOnly();
                    return options;
                }
            }
            """,
            0
        },
        // Options a private method passes to the serializer: its type is read once, to find it runs once (a static
        // field's initializer calls it), so it is not reported.
        {
            """
            using System.Text.Json;

            public static partial class Utilities
            {
                public static readonly string Sample = WriteSample();

                private static string WriteSample() => JsonSerializer.Serialize(new[] { 1, 2 }, new JsonSerializerOptions { WriteIndented = true });
            }
            """,
            1
        },
        // Options created in a static initializer: known to run once without reading anything.
        {
            """
            using System.Text.Json;

            public static partial class Utilities
            {
                public static readonly string Sample = JsonSerializer.Serialize(new[] { 1, 2 }, new JsonSerializerOptions { WriteIndented = true });
            }
            """,
            0
        },
    };

    [Theory]
    [MemberData(nameof(Sources))]
    public void Options_that_run_once_are_not_reported_and_only_those_reaching_the_serializer_from_a_private_method_read_its_type(string source, int typesRead)
    {
        var (reports, read) = Judge(source);

        Assert.False(reports);
        Assert.Equal(typesRead, read);
    }

    /// <summary>JP0001's judgement of the source's one options creation, and how many types' declarations it read.</summary>
    private static (bool Reports, int TypesRead) Judge(string source)
    {
        var options = new CSharpParseOptions(LanguageVersion.Latest);
        var tree = CSharpSyntaxTree.ParseText(source, options, "Utilities.cs");
        var compilation = CSharpCompilation.Create(
            "RunOnceCost",
            new[] { tree, CSharpSyntaxTree.ParseText(OtherPart, options, "Utilities.g.cs") },
            TestReferences.Net10,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
        var symbols = JsonSymbols.For(compilation)!;
        var model = compilation.GetSemanticModel(tree);
        var creation = tree.GetRoot().DescendantNodes().OfType<BaseObjectCreationExpressionSyntax>()
            .Single(n => model.GetTypeInfo(n).Type?.Name == "JsonSerializerOptions");
        var reports = Ca1869Suppressor.JP0001ReportsAt(model, creation.Span, symbols, CancellationToken.None);
        return (reports, symbols.PrivateMemberReferences.TypesRead);
    }
}
