using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.Analyzers.Tests.Robustness;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace JsonPerf.Analyzers.Tests.Hosting;

/// <summary>
/// The hosted rules register their invocation and creation callbacks behind an <see cref="OperationFilter"/> (the
/// types whose calls or creations they look at), which the host merges into one lookup per operation. A filter only
/// skips what the rule would reject first thing: each rule, filtered as shipped, reports exactly what it reports when
/// its callback sees every operation of the kind.
/// </summary>
public class OperationFilterTests
{
    /// <summary>In slices (one test case each, a line on the console as each passes): 1.5 min in one piece at a load of 14.</summary>
    private static readonly Slices<Dictionary<string, int>> s_slices = new(3, (a, b) =>
        a.Keys.Union(b.Keys).ToDictionary(k => k, k => a.GetValueOrDefault(k) + b.GetValueOrDefault(k)));

    public static TheoryData<int> Slices() => s_slices.Data();

    [Theory]
    [MemberData(nameof(Slices))]
    public async Task Each_hosted_rule_reports_the_same_behind_its_filter_as_on_every_operation(int slice)
    {
        var (sources, documentId) = TypingSweepTests.CorpusInProjects();
        var rules = new JsonPerfAnalyzer().Rules;
        var mismatches = new List<string>();
        var reported = new Dictionary<string, int>();
        var checks = await Sweep.EachAsync(s_slices.Of(sources.SelectMany(s => rules.Select(rule => (s.Source, s.Solution, Rule: rule))), slice), async item =>
        {
            var project = item.Solution.WithDocumentText(documentId, Microsoft.CodeAnalysis.Text.SourceText.From(item.Source)).GetProject(documentId.ProjectId)!;
            var filtered = await DescribeAsync(project, item.Rule);
            var unfiltered = await DescribeAsync(project, new Unfiltered(item.Rule));
            return (item.Rule, item.Source, Filtered: filtered, Unfiltered: unfiltered);
        });
        foreach (var (rule, source, filtered, unfiltered) in checks)
        {
            if (!filtered.SequenceEqual(unfiltered))
            {
                mismatches.Add($"{rule.GetType().Name}: filtered [{string.Join("; ", filtered)}] vs unfiltered [{string.Join("; ", unfiltered)}]\n--- source ---\n{source}");
            }

            var id = rule.SupportedDiagnostics[0].Id;
            reported[id] = reported.GetValueOrDefault(id) + filtered.Count;
        }

        Assert.True(mismatches.Count == 0, string.Join("\n\n", mismatches.Take(3)));
        if (!s_slices.Complete(slice, reported, out reported))
        {
            return;
        }

        // Every hosted rule reported in the corpus (every slice together), so each filter was tested against reports it
        // must let through.
        Assert.All(rules, r => Assert.True(reported.GetValueOrDefault(r.SupportedDiagnostics[0].Id) >= 10, r.SupportedDiagnostics[0].Id + ": " + reported.GetValueOrDefault(r.SupportedDiagnostics[0].Id)));
    }

    [Fact]
    public void The_keys_are_the_declared_types_and_a_type_parameter_return_is_read_from_the_call()
    {
        const string source = """
            using System.Collections.Generic;
            using System.Text.Json;

            static class Helpers
            {
                public static T Get<T>() where T : new() => new T();
                public static List<T> Many<T>() => new();
            }

            class C
            {
                void M()
                {
                    Helpers.Get<JsonSerializerOptions>();
                    Helpers.Many<JsonSerializerOptions>();
                    new List<int>().Add(1);
                    _ = new List<string>();
                }
            }
            """;
        var tree = CSharpSyntaxTree.ParseText(source);
        var compilation = CSharpCompilation.Create("Keys", new[] { tree }, TestReferences.Net10);
        var model = compilation.GetSemanticModel(tree);
        var body = (IMethodBodyOperation)model.GetOperation(tree.GetRoot().DescendantNodes().OfType<Microsoft.CodeAnalysis.CSharp.Syntax.MethodDeclarationSyntax>().Single(m => m.Identifier.Text == "M"))!;
        var invocations = body.Descendants().OfType<IInvocationOperation>().ToList();
        var options = compilation.GetTypeByMetadataName("System.Text.Json.JsonSerializerOptions")!;
        var list = compilation.GetTypeByMetadataName("System.Collections.Generic.List`1")!;

        Assert.Equal(options, OperationFilter.ReturnKey(invocations[0]), SymbolEqualityComparer.Default);
        Assert.Equal(list, OperationFilter.ReturnKey(invocations[1]), SymbolEqualityComparer.Default);
        Assert.Equal(list, OperationFilter.DeclaringKey(invocations[2]), SymbolEqualityComparer.Default);
        Assert.Equal(list, OperationFilter.CreatedKey(body.Descendants().OfType<IObjectCreationOperation>().Last()), SymbolEqualityComparer.Default);

        Assert.True(OperationFilter.CallsReturning(options).Accepts(invocations[0]));
        Assert.False(OperationFilter.CallsReturning(options).Accepts(invocations[1]));
        Assert.True(OperationFilter.CallsDeclaredIn(null, list).Accepts(invocations[2]));
        Assert.True(OperationFilter.CallsDeclaredIn(null, null).IsEmpty);
        Assert.True(OperationFilter.Creations(list).Accepts(body.Descendants().OfType<IObjectCreationOperation>().Last()));
        Assert.False(OperationFilter.Creations(options).Accepts(body.Descendants().OfType<IObjectCreationOperation>().Last()));
    }

    private static async Task<List<string>> DescribeAsync(Project project, DiagnosticAnalyzer analyzer)
        => (await FixRunner.GetDiagnosticsAsync(project, analyzer))
            .Where(d => d.Id.StartsWith("JP", StringComparison.Ordinal) || d.Id == "AD0001")
            .Select(d => $"{d.Id} {d.Location.SourceSpan} {d.GetMessage()}")
            .OrderBy(s => s, StringComparer.Ordinal)
            .ToList();

    /// <summary>The rule with every filtered callback registered for all operations of its kind.</summary>
    // RS1001/RS1025/RS1026: a wrapper created by this test, never exported; the inner analyzer configures itself.
#pragma warning disable RS1001, RS1025, RS1026
    private sealed class Unfiltered(DiagnosticAnalyzer inner) : DiagnosticAnalyzer
    {
        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => inner.SupportedDiagnostics;

        public override void Initialize(AnalysisContext context) => inner.Initialize(new Context(context));
#pragma warning restore RS1001, RS1025, RS1026

        private sealed class Context(AnalysisContext context) : AnalysisContext
        {
            public override void ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags analysisMode) => context.ConfigureGeneratedCodeAnalysis(analysisMode);
            public override void EnableConcurrentExecution() => context.EnableConcurrentExecution();
            public override void RegisterCompilationStartAction(Action<CompilationStartAnalysisContext> action) => context.RegisterCompilationStartAction(start => action(new Start(start)));
            public override void RegisterCompilationAction(Action<CompilationAnalysisContext> action) => context.RegisterCompilationAction(action);
            public override void RegisterSemanticModelAction(Action<SemanticModelAnalysisContext> action) => context.RegisterSemanticModelAction(action);
            public override void RegisterSymbolAction(Action<SymbolAnalysisContext> action, ImmutableArray<SymbolKind> symbolKinds) => context.RegisterSymbolAction(action, symbolKinds);
            public override void RegisterCodeBlockStartAction<TLanguageKindEnum>(Action<CodeBlockStartAnalysisContext<TLanguageKindEnum>> action) => context.RegisterCodeBlockStartAction(action);
            public override void RegisterCodeBlockAction(Action<CodeBlockAnalysisContext> action) => context.RegisterCodeBlockAction(action);
            public override void RegisterSyntaxTreeAction(Action<SyntaxTreeAnalysisContext> action) => context.RegisterSyntaxTreeAction(action);
            public override void RegisterSyntaxNodeAction<TLanguageKindEnum>(Action<SyntaxNodeAnalysisContext> action, ImmutableArray<TLanguageKindEnum> syntaxKinds) => context.RegisterSyntaxNodeAction(action, syntaxKinds);
        }

        // RS1012: this context forwards every registration to the compiler's.
#pragma warning disable RS1012
        private sealed class Start(CompilationStartAnalysisContext start) : CompilationStartAnalysisContext(start.Compilation, start.Options, start.CancellationToken), IFilteredOperationActions
        {
            public void RegisterOperationAction(Action<OperationAnalysisContext> action, OperationFilter filter) => start.RegisterOperationAction(action, filter.Kind);
            public override void RegisterOperationAction(Action<OperationAnalysisContext> action, ImmutableArray<OperationKind> operationKinds) => start.RegisterOperationAction(action, operationKinds);
            public override void RegisterSymbolAction(Action<SymbolAnalysisContext> action, ImmutableArray<SymbolKind> symbolKinds) => start.RegisterSymbolAction(action, symbolKinds);
            public override void RegisterCompilationEndAction(Action<CompilationAnalysisContext> action) => start.RegisterCompilationEndAction(action);
            public override void RegisterSemanticModelAction(Action<SemanticModelAnalysisContext> action) => start.RegisterSemanticModelAction(action);
            public override void RegisterSyntaxTreeAction(Action<SyntaxTreeAnalysisContext> action) => start.RegisterSyntaxTreeAction(action);
            public override void RegisterSyntaxNodeAction<TLanguageKindEnum>(Action<SyntaxNodeAnalysisContext> action, ImmutableArray<TLanguageKindEnum> syntaxKinds) => start.RegisterSyntaxNodeAction(action, syntaxKinds);
            public override void RegisterCodeBlockStartAction<TLanguageKindEnum>(Action<CodeBlockStartAnalysisContext<TLanguageKindEnum>> action) => start.RegisterCodeBlockStartAction(action);
            public override void RegisterCodeBlockAction(Action<CodeBlockAnalysisContext> action) => start.RegisterCodeBlockAction(action);
            public override void RegisterOperationBlockStartAction(Action<OperationBlockStartAnalysisContext> action) => start.RegisterOperationBlockStartAction(action);
            public override void RegisterOperationBlockAction(Action<OperationBlockAnalysisContext> action) => start.RegisterOperationBlockAction(action);
            public override void RegisterSymbolStartAction(Action<SymbolStartAnalysisContext> action, SymbolKind symbolKind) => start.RegisterSymbolStartAction(action, symbolKind);
        }
#pragma warning restore RS1012
    }
}
