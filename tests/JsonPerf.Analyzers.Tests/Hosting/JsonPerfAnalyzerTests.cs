using System;
using System.Collections.Immutable;
using System.Linq;
using System.Reflection;
using System.Threading;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.Analyzers.Tests.Robustness;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;

namespace JsonPerf.Analyzers.Tests.Hosting;

/// <summary>
/// The package exports <see cref="JsonPerfAnalyzer"/> (the rules on in every build, sharing one callback per operation
/// kind) and the analyzers of the rules builds skip by default. Hosted, a rule reports exactly what it reports alone,
/// and a rule turned off for a file does no work there.
/// </summary>
public class JsonPerfAnalyzerTests
{
    private static readonly JsonPerfAnalyzer s_host = new();

    [Fact]
    public void The_exported_analyzers_cover_every_rule_exactly_once()
    {
        var exported = typeof(Rules).Assembly.GetTypes()
            .Where(t => t.GetCustomAttribute<DiagnosticAnalyzerAttribute>() is not null)
            .Select(t => (DiagnosticAnalyzer)Activator.CreateInstance(t)!)
            .ToList();
        var ids = exported.SelectMany(a => a.SupportedDiagnostics).Select(d => d.Id).OrderBy(i => i).ToList();
        var table = typeof(Rules).GetFields(BindingFlags.Public | BindingFlags.Static)
            .Where(f => f.FieldType == typeof(DiagnosticDescriptor))
            .Select(f => ((DiagnosticDescriptor)f.GetValue(null)!).Id).OrderBy(i => i).ToList();
        Assert.Equal(table, ids);
        Assert.Contains(exported, a => a is JsonPerfAnalyzer);
    }

    [Fact]
    public void The_host_holds_only_rules_that_are_on_by_default_in_builds()
    {
        // An info or hidden rule inside the host would run in every command-line build (the compiler skips an
        // analyzer only when all its rules are info, hidden or off).
        Assert.All(s_host.SupportedDiagnostics, d => Assert.True(d.DefaultSeverity >= DiagnosticSeverity.Warning, d.Id));
        Assert.Equal(s_host.Rules.SelectMany(r => r.SupportedDiagnostics).Select(d => d.Id), s_host.SupportedDiagnostics.Select(d => d.Id));
    }

    [Fact]
    public async Task Hosted_rules_report_what_each_reports_alone_on_every_test_source()
    {
        var sources = TypingSweepTests.Corpus().ToList();
        var reported = 0;
        foreach (var source in sources)
        {
            var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.AspNet10);
            var project = solution.GetDocument(id)!.Project;
            var alone = (await FixRunner.GetDiagnosticsAsync(project, s_host.Rules.ToArray<DiagnosticAnalyzer>())).Where(IsRule).Select(Describe).OrderBy(s => s).ToList();
            var hosted = (await FixRunner.GetDiagnosticsAsync(project, s_host)).Where(IsRule).Select(Describe).OrderBy(s => s).ToList();
            Assert.Equal(alone, hosted);
            reported += hosted.Count;
        }

        Assert.True(reported > 100, $"only {reported} diagnostics in the corpus");
    }

    [Theory]
    [InlineData("dotnet_diagnostic.JP0007.severity = none", "JP0001", "JP0007")]
    [InlineData("dotnet_diagnostic.JP0001.severity = none", "JP0007", "JP0001")]
    [InlineData("dotnet_diagnostic.JP0001.severity = error", "JP0001 JP0007", "")]
    public async Task A_rule_off_in_editorconfig_is_skipped_in_that_file_and_the_others_still_report(string setting, string expected, string absent)
    {
        var project = ProjectWith(Source, "root = true\n\n[*.cs]\n" + setting + "\n");
        var ids = (await FixRunner.GetDiagnosticsAsync(project, s_host)).Select(d => d.Id).ToHashSet();
        Assert.All(expected.Split(' '), id => Assert.Contains(id, ids));
        Assert.All(absent.Split(' ', StringSplitOptions.RemoveEmptyEntries), id => Assert.DoesNotContain(id, ids));

        var compilation = (await project.GetCompilationAsync())!;
        var tree = compilation.SyntaxTrees.Single();
        // Each rule's own gate, and the host's gates, which share one lookup per file: the same answer per rule.
        var shared = RuleGate.CreateAll(compilation, s_host.Rules.Select(r => r.SupportedDiagnostics).ToImmutableArray(), CancellationToken.None);
        for (var i = 0; i < s_host.Rules.Length; i++)
        {
            var rule = s_host.Rules[i];
            var gate = RuleGate.Create(compilation, rule.SupportedDiagnostics, CancellationToken.None);
            var off = absent.Split(' ').Contains(rule.SupportedDiagnostics[0].Id);
            Assert.Equal(!off, gate is not null && gate.IsOn(tree, CancellationToken.None));
            Assert.Equal(!off, shared[i] is { } sharedGate && sharedGate.IsOn(tree, CancellationToken.None));
        }
    }

    [Fact]
    public async Task A_cancelled_settings_lookup_is_asked_again()
    {
        // The IDE cancels analysis often; a lookup cut short must not leave the rule off for the file.
        var (solution, id) = FixRunner.CreateProject(Source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var compilation = (await solution.GetProject(id.ProjectId)!.GetCompilationAsync())!;
        var provider = new CancelsOnce();
        compilation = compilation.WithOptions(compilation.Options.WithSyntaxTreeOptionsProvider(provider));
        var gate = RuleGate.Create(compilation, s_host.Rules[0].SupportedDiagnostics, CancellationToken.None)!;
        var tree = compilation.SyntaxTrees.First();
        Assert.Throws<OperationCanceledException>(() => gate.IsOn(tree, CancellationToken.None));
        Assert.True(gate.IsOn(tree, CancellationToken.None));
        Assert.Equal(2, provider.Lookups);
    }

    private sealed class CancelsOnce : SyntaxTreeOptionsProvider
    {
        public int Lookups { get; private set; }

#pragma warning disable CS0618 // IsGenerated is obsolete, still abstract
        public override GeneratedKind IsGenerated(SyntaxTree tree, CancellationToken cancellationToken) => GeneratedKind.NotGenerated;
#pragma warning restore CS0618

        public override bool TryGetDiagnosticValue(SyntaxTree tree, string diagnosticId, CancellationToken cancellationToken, out ReportDiagnostic severity)
        {
            if (++Lookups == 1)
            {
                throw new OperationCanceledException();
            }

            severity = default;
            return false;
        }

        public override bool TryGetGlobalDiagnosticValue(string diagnosticId, CancellationToken cancellationToken, out ReportDiagnostic severity)
        {
            severity = default;
            return false;
        }
    }

    [Fact]
    public async Task Gates_answer_per_file_and_rule_when_asked_in_any_order()
    {
        // Each thread keeps its last file's answers: switching files, rules and compilations must not mix them up.
        var (solution, id) = FixRunner.CreateProject(Source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var projectId = id.ProjectId;
        solution = solution
            .AddDocument(DocumentId.CreateNewId(projectId), "Other.cs", Source.Replace("class C", "class D"), filePath: "/src/Legacy/Other.cs")
            .AddAnalyzerConfigDocument(DocumentId.CreateNewId(projectId), ".editorconfig", SourceText.From("root = true\n\n[Legacy/**.cs]\ndotnet_diagnostic.JP0007.severity = none\n\n[Program.cs]\ndotnet_diagnostic.JP0001.severity = none\n"), filePath: "/src/.editorconfig");
        var compilation = (await solution.GetProject(projectId)!.GetCompilationAsync())!;
        var program = compilation.SyntaxTrees.Single(t => t.FilePath == "/src/Program.cs");
        var legacy = compilation.SyntaxTrees.Single(t => t.FilePath == "/src/Legacy/Other.cs");
        var rules = s_host.Rules.Select(r => r.SupportedDiagnostics).ToImmutableArray();
        var gates = RuleGate.CreateAll(compilation, rules, CancellationToken.None);
        // The same trees under other settings (the .editorconfig the other way round): only the settings tell them apart.
        var inverted = (await solution
            .WithAnalyzerConfigDocumentText(solution.GetProject(projectId)!.AnalyzerConfigDocuments.Single().Id, SourceText.From("root = true\n\n[Program.cs]\ndotnet_diagnostic.JP0007.severity = none\n\n[Legacy/**.cs]\ndotnet_diagnostic.JP0001.severity = none\n"))
            .GetProject(projectId)!.GetCompilationAsync())!;
        var otherGates = RuleGate.CreateAll(compilation.WithOptions(compilation.Options.WithSyntaxTreeOptionsProvider(inverted.Options.SyntaxTreeOptionsProvider)), rules, CancellationToken.None);
        int Index(string ruleId) => s_host.Rules.IndexOf(s_host.Rules.Single(r => r.SupportedDiagnostics[0].Id == ruleId));
        for (var round = 0; round < 3; round++)
        {
            foreach (var (tree, ruleId, on) in new[] { (program, "JP0001", false), (legacy, "JP0001", true), (program, "JP0007", true), (legacy, "JP0007", false), (program, "JP0005", true), (legacy, "JP0005", true) })
            {
                Assert.Equal(on, gates[Index(ruleId)]!.IsOn(tree, CancellationToken.None));
                // Gates of another compilation asked in between: JP0001 and JP0007 the other way round there.
                Assert.Equal(ruleId == "JP0005" || !on, otherGates[Index(ruleId)]!.IsOn(tree, CancellationToken.None));
            }
        }
    }

    [Fact]
    public async Task A_rule_off_for_one_folder_still_runs_in_the_others()
    {
        var (solution, id) = FixRunner.CreateProject(Source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var projectId = id.ProjectId;
        var otherId = DocumentId.CreateNewId(projectId);
        solution = solution
            .AddDocument(otherId, "Generated.cs", Source.Replace("class C", "class D"), filePath: "/src/Legacy/Generated.cs")
            .AddAnalyzerConfigDocument(DocumentId.CreateNewId(projectId), ".editorconfig", SourceText.From("root = true\n\n[Legacy/**.cs]\ndotnet_diagnostic.JP0007.severity = none\n"), filePath: "/src/.editorconfig");
        var diagnostics = await FixRunner.GetDiagnosticsAsync(solution.GetProject(projectId)!, s_host);
        Assert.Contains(diagnostics, d => d.Id == "JP0007" && d.Location.SourceTree!.FilePath == "/src/Program.cs");
        Assert.DoesNotContain(diagnostics, d => d.Id == "JP0007" && d.Location.SourceTree!.FilePath == "/src/Legacy/Generated.cs");
        Assert.Contains(diagnostics, d => d.Id == "JP0001" && d.Location.SourceTree!.FilePath == "/src/Legacy/Generated.cs");
    }

    [Fact]
    public async Task A_rule_off_in_the_compilation_options_is_off_in_every_file_and_has_no_gate_without_editorconfig()
    {
        var project = ProjectWith(Source, editorconfig: null);
        var compilation = (await project.GetCompilationAsync())!;
        var tree = compilation.SyntaxTrees.Single();
        var nowarn = compilation.WithOptions(compilation.Options.WithSpecificDiagnosticOptions(ImmutableDictionary<string, ReportDiagnostic>.Empty.Add("JP0007", ReportDiagnostic.Suppress)));
        var documents = s_host.Rules.Single(r => r.SupportedDiagnostics[0].Id == "JP0007");

        // With an .editorconfig provider a file could turn the rule back on: the gate asks per file, on first use.
        Assert.NotNull(nowarn.Options.SyntaxTreeOptionsProvider);
        Assert.False(RuleGate.Create(nowarn, documents.SupportedDiagnostics, CancellationToken.None)?.IsOn(tree, CancellationToken.None) ?? false);
        Assert.True(RuleGate.Create(compilation, documents.SupportedDiagnostics, CancellationToken.None)?.IsOn(tree, CancellationToken.None));

        // Without one (a compilation built by hand), off compilation-wide means off everywhere: nothing is registered.
        var noProvider = nowarn.WithOptions(nowarn.Options.WithSyntaxTreeOptionsProvider(null));
        Assert.Null(RuleGate.Create(noProvider, documents.SupportedDiagnostics, CancellationToken.None));
        Assert.NotNull(RuleGate.Create(compilation.WithOptions(compilation.Options.WithSyntaxTreeOptionsProvider(null)), documents.SupportedDiagnostics, CancellationToken.None));
    }

    private const string Source = """
        using System.Text.Json;

        class C
        {
            string M(object value)
                => JsonSerializer.Serialize(value, new JsonSerializerOptions { WriteIndented = true });

            int N(string json)
                => JsonDocument.Parse(json).RootElement.GetArrayLength();
        }
        """;

    private static Project ProjectWith(string source, string? editorconfig)
    {
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        if (editorconfig is not null)
        {
            solution = solution.AddAnalyzerConfigDocument(DocumentId.CreateNewId(id.ProjectId), ".editorconfig", SourceText.From(editorconfig), filePath: "/src/.editorconfig");
        }

        return solution.GetProject(id.ProjectId)!;
    }

    private static bool IsRule(Diagnostic diagnostic) => diagnostic.Id.StartsWith("JP", StringComparison.Ordinal) || diagnostic.Id == "AD0001";

    private static string Describe(Diagnostic diagnostic)
        => $"{diagnostic.Id} {diagnostic.Location.SourceSpan} {diagnostic.GetMessage()} {string.Join(",", diagnostic.Properties.OrderBy(p => p.Key).Select(p => p.Key + "=" + p.Value))}";
}
