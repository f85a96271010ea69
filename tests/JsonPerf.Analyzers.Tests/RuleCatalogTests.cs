using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text.RegularExpressions;
using System.Threading;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace JsonPerf.Analyzers.Tests;

/// <summary>
/// Every rule, checked against the descriptor table: analyzers are configured for the IDE and CI, docs, the
/// README table and release tracking follow the descriptors, and every fixer supports Fix All in solution scope.
/// </summary>
public class RuleCatalogTests
{
    /// <summary>The analyzers, suppressors excepted: a suppressor reports nothing and registers no callbacks.</summary>
    public static IEnumerable<DiagnosticAnalyzer> Analyzers => typeof(Rules).Assembly.GetTypes()
        .Where(t => !t.IsAbstract && typeof(DiagnosticAnalyzer).IsAssignableFrom(t) && !typeof(DiagnosticSuppressor).IsAssignableFrom(t))
        .Select(t => (DiagnosticAnalyzer)Activator.CreateInstance(t)!);

    public static IEnumerable<DiagnosticSuppressor> Suppressors => typeof(Rules).Assembly.GetTypes()
        .Where(t => !t.IsAbstract && typeof(DiagnosticSuppressor).IsAssignableFrom(t))
        .Select(t => (DiagnosticSuppressor)Activator.CreateInstance(t)!);

    public static IEnumerable<CodeFixProvider> Fixers => typeof(JsonSerializerOptionsCreatedPerCallFixer).Assembly.GetTypes()
        .Where(t => !t.IsAbstract && typeof(CodeFixProvider).IsAssignableFrom(t))
        .Select(t => (CodeFixProvider)Activator.CreateInstance(t)!);

    public static TheoryData<string> RuleIds()
    {
        var data = new TheoryData<string>();
        foreach (var rule in RuleRegistry.All)
        {
            data.Add(rule.Id);
        }

        return data;
    }

    [Fact]
    public void Every_descriptor_in_the_table_is_reported_by_an_analyzer_and_ids_are_unique()
    {
        var table = Descriptors().Select(d => d.Id).Distinct().ToList();
        var supported = Analyzers.SelectMany(a => a.SupportedDiagnostics).Select(d => d.Id).ToList();
        Assert.Equal(table.OrderBy(i => i), supported.Distinct().OrderBy(i => i));
        Assert.NotEmpty(table);
    }

    [Theory]
    [MemberData(nameof(RuleIds))]
    public void Descriptor_has_a_performance_category_a_message_and_a_help_link_to_its_doc(string id)
    {
        var descriptor = Descriptors().Single(d => d.Id == id);
        Assert.Matches("^JP[0-9]{4}$", id);
        Assert.Equal("Performance", descriptor.Category);
        Assert.Equal(Rules.HelpLinkBase + id + ".md", descriptor.HelpLinkUri);
        Assert.False(string.IsNullOrWhiteSpace(descriptor.MessageFormat.ToString()));
        Assert.False(string.IsNullOrWhiteSpace(descriptor.Description.ToString()));
        Assert.True(descriptor.IsEnabledByDefault);
    }

    [Theory]
    [MemberData(nameof(RuleIds))]
    public void Rule_doc_exists_and_names_the_rule(string id)
    {
        var descriptor = Descriptors().Single(d => d.Id == id);
        var doc = File.ReadAllText(Path.Combine(RepositoryRoot, "docs", "rules", id + ".md"));
        Assert.StartsWith("# " + id + ": " + descriptor.Title, doc, StringComparison.Ordinal);
        Assert.Contains("dotnet_diagnostic." + id + ".severity", doc, StringComparison.Ordinal);
        Assert.Contains("| Default severity | " + descriptor.DefaultSeverity + " |", doc, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(RuleIds))]
    public void Readme_rules_table_lists_the_rule_with_its_title_and_severity(string id)
    {
        var descriptor = Descriptors().Single(d => d.Id == id);
        var readme = File.ReadAllText(Path.Combine(RepositoryRoot, "README.md"));
        // The severity cell may say what changes the default, as in "Info (Warning in trimmed/AOT)".
        var row = new Regex($@"^\| \[{id}\]\(docs/rules/{id}\.md\) \| {Regex.Escape(descriptor.Title.ToString())} \| {descriptor.DefaultSeverity}( \([^|]+\))? \|", RegexOptions.Multiline);
        Assert.Matches(row, readme);
    }

    [Theory]
    [MemberData(nameof(RuleIds))]
    public void Package_readme_lists_the_rule_with_a_link_to_its_doc_and_its_severity(string id)
    {
        var descriptor = Descriptors().Single(d => d.Id == id);
        var readme = File.ReadAllText(Path.Combine(RepositoryRoot, "src", "JsonPerf.Package", "README.md"));
        var row = readme.Split('\n').SingleOrDefault(l => l.StartsWith($"| [{id}]({descriptor.HelpLinkUri}) | ", StringComparison.Ordinal));
        Assert.NotNull(row);
        var cells = row!.Trim().Trim('|').Split('|');
        Assert.StartsWith(descriptor.DefaultSeverity.ToString(), cells[cells.Length - 1].Trim(), StringComparison.Ordinal);
    }

    [Fact]
    public void Help_links_point_at_the_docs_of_the_tag_of_the_package_version()
    {
        var (version, repository) = VersionAndRepository();
        Assert.Matches(@"^[0-9]+\.[0-9]+\.[0-9]+", version);
        Assert.All(Descriptors(), d => Assert.Equal($"{repository}/blob/v{version}/docs/rules/{d.Id}.md", d.HelpLinkUri));
        var packageReadme = File.ReadAllText(Path.Combine(RepositoryRoot, "src", "JsonPerf.Package", "README.md"));
        Assert.Contains($"tag `v{version}`", packageReadme, StringComparison.Ordinal);
        Assert.DoesNotContain("/blob/main/", packageReadme, StringComparison.Ordinal);
    }

    [Fact]
    public void Readme_install_snippets_name_the_package_version()
    {
        var (version, _) = VersionAndRepository();
        var readme = File.ReadAllText(Path.Combine(RepositoryRoot, "README.md"));
        Assert.Contains($"dotnet add package JsonPerf.Analyzers --version {version}\n", readme.Replace("\r\n", "\n"), StringComparison.Ordinal);
        Assert.Contains($"<PackageReference Include=\"JsonPerf.Analyzers\" Version=\"{version}\" PrivateAssets=\"all\" />", readme, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("README.md")]
    [InlineData("src/JsonPerf.Package/README.md")]
    public void Dotnet_format_commands_name_every_warning_and_info_rule_with_a_fix_and_a_severity_that_reaches_it(string path)
    {
        // A rule that only reports (no fixer in the package) has nothing for dotnet format to apply.
        var fixable = typeof(JsonPerf.CodeFixes.JsonFixer).Assembly.GetTypes()
            .Where(t => !t.IsAbstract && typeof(JsonPerf.CodeFixes.JsonFixer).IsAssignableFrom(t))
            .SelectMany(t => ((JsonPerf.CodeFixes.JsonFixer)Activator.CreateInstance(t)!).FixableDiagnosticIds)
            .ToHashSet();
        var commands = File.ReadAllLines(Path.Combine(RepositoryRoot, path))
            .Where(l => l.StartsWith("dotnet format analyzers --diagnostics ", StringComparison.Ordinal))
            .ToList();
        foreach (var descriptor in Descriptors().Where(d => d.DefaultSeverity is DiagnosticSeverity.Warning or DiagnosticSeverity.Info && fixable.Contains(d.Id)))
        {
            // --severity warn runs only warnings; info runs info and warnings.
            var severities = descriptor.DefaultSeverity == DiagnosticSeverity.Warning ? new[] { "warn", "info" } : new[] { "info" };
            Assert.Contains(commands, c => Regex.IsMatch(c, $@"--diagnostics( JP[0-9]{{4}})* {descriptor.Id}( JP[0-9]{{4}})* --severity ({string.Join("|", severities)})\b"));
        }
    }

    [Theory]
    [InlineData("All", "warning")]
    [InlineData("None", "none")]
    public void Analysis_mode_preset_sets_every_rule_and_only_rules_of_the_table(string mode, string severity)
    {
        var preset = File.ReadAllLines(Path.Combine(RepositoryRoot, "src", "JsonPerf.Package", "build", $"JsonPerf.Analyzers.{mode}.globalconfig"));
        Assert.Contains("is_global = true", preset);
        Assert.Contains("global_level = -1", preset);
        var settings = preset.Where(l => l.StartsWith("dotnet_diagnostic.", StringComparison.Ordinal)).OrderBy(l => l, StringComparer.Ordinal);
        Assert.Equal(RuleRegistry.All.Select(r => $"dotnet_diagnostic.{r.Id}.severity = {severity}").OrderBy(l => l, StringComparer.Ordinal), settings);
    }

    [Theory]
    [InlineData("SuggestionsOnly", "suggestion")]
    [InlineData("TestProject", "none")]
    public void Suggestion_presets_make_every_rule_but_the_hidden_ones_a_suggestion_and_set_the_registered_ones_apart(string preset, string offInTests)
    {
        var lines = File.ReadAllLines(Path.Combine(RepositoryRoot, "src", "JsonPerf.Package", "build", $"JsonPerf.Analyzers.{preset}.globalconfig"));
        Assert.Contains("is_global = true", lines);
        Assert.Contains("global_level = -1", lines);
        var settings = lines.Where(l => l.StartsWith("dotnet_diagnostic.", StringComparison.Ordinal)).OrderBy(l => l, StringComparer.Ordinal);
        var expected = RuleRegistry.All.Where(r => r.Descriptor.DefaultSeverity != DiagnosticSeverity.Hidden)
            .Select(r => $"dotnet_diagnostic.{r.Id}.severity = {(r.OffInTestProjects ? offInTests : "suggestion")}")
            .OrderBy(l => l, StringComparer.Ordinal);
        Assert.Equal(expected, settings);
    }

    private static (string Version, string Repository) VersionAndRepository()
    {
        var props = System.Xml.Linq.XDocument.Load(Path.Combine(RepositoryRoot, "Directory.Build.props"));
        string Property(string name) => props.Descendants(name).Single().Value.Trim();
        return (Property("JsonPerfVersion"), Property("JsonPerfRepositoryUrl"));
    }

    [Theory]
    [MemberData(nameof(RuleIds))]
    public void Release_tracking_lists_the_rule_with_its_category_and_severity(string id)
    {
        var descriptor = Descriptors().Single(d => d.Id == id);
        var tracking = File.ReadAllText(Path.Combine(RepositoryRoot, "src", "JsonPerf.Analyzers", "AnalyzerReleases.Unshipped.md"))
                       + File.ReadAllText(Path.Combine(RepositoryRoot, "src", "JsonPerf.Analyzers", "AnalyzerReleases.Shipped.md"));
        Assert.Matches(new Regex($@"^{id}\s*\|\s*{descriptor.Category}\s*\|\s*{descriptor.DefaultSeverity}\s*\|", RegexOptions.Multiline), tracking);
    }

    [Fact]
    public void Every_suppressor_is_exported_justified_and_documented_in_the_rule_doc_and_the_readme()
    {
        var readme = File.ReadAllText(Path.Combine(RepositoryRoot, "README.md"));
        Assert.NotEmpty(Suppressors);
        foreach (var suppressor in Suppressors)
        {
            Assert.NotNull(suppressor.GetType().GetCustomAttribute<DiagnosticAnalyzerAttribute>());
            Assert.Empty(suppressor.SupportedDiagnostics);
            foreach (var suppression in suppressor.SupportedSuppressions)
            {
                Assert.Matches("^JPS[0-9]{4}$", suppression.Id);
                Assert.DoesNotMatch("^JP", suppression.SuppressedDiagnosticId);
                Assert.False(string.IsNullOrWhiteSpace(suppression.Justification.ToString()));
                var ruleDocs = Directory.GetFiles(Path.Combine(RepositoryRoot, "docs", "rules"), "JP*.md").Select(File.ReadAllText);
                Assert.Contains(ruleDocs, doc => doc.Contains(suppression.Id, StringComparison.Ordinal) && doc.Contains(suppression.SuppressedDiagnosticId, StringComparison.Ordinal));
                Assert.Contains(suppression.Id, readme, StringComparison.Ordinal);
            }
        }
    }

    [Fact]
    public void Every_fixer_supports_fix_all_in_document_project_and_solution_scope()
    {
        Assert.NotEmpty(Fixers);
        foreach (var fixer in Fixers)
        {
            var scopes = fixer.GetFixAllProvider()?.GetSupportedFixAllScopes().ToList();
            Assert.NotNull(scopes);
            Assert.Contains(FixAllScope.Document, scopes);
            Assert.Contains(FixAllScope.Project, scopes);
            Assert.Contains(FixAllScope.Solution, scopes);
        }
    }

    [Fact]
    public void Every_fixer_fixes_an_id_of_the_table()
    {
        var table = Descriptors().Select(d => d.Id).ToHashSet();
        Assert.All(Fixers.SelectMany(f => f.FixableDiagnosticIds), id => Assert.Contains(id, table));
    }

    // ReportDiagnostics without Analyze: no callbacks in generated code, and no per-report check by the compiler
    // (Reporting.Report; Hosting/GeneratedCodeTests proves both report the same). JP0003 reports at an attribute that
    // may sit on a generated part of a partial type: None, so that the compiler checks.
    [Fact]
    public void Every_analyzer_runs_concurrently_skips_generated_code_and_registers_only_at_compilation_start()
    {
        foreach (var analyzer in Analyzers)
        {
            var context = new RecordingAnalysisContext();
            analyzer.Initialize(context);
            Assert.True(context.ConcurrentExecution, analyzer.GetType().Name);
            Assert.Equal(analyzer is PropertyNameCaseInsensitiveWithoutNamingPolicyAnalyzer ? GeneratedCodeAnalysisFlags.None : GeneratedCodeAnalysisFlags.ReportDiagnostics, context.GeneratedCode);
            Assert.Equal(new[] { "CompilationStart" }, context.Registrations);
        }
    }

    [Fact]
    public async Task Every_analyzer_reports_nothing_and_does_not_throw_on_empty_source_and_without_System_Text_Json()
    {
        foreach (var references in new[] { TestReferences.Net10, TestReferences.WithoutSystemTextJson })
        {
            var (solution, id) = FixRunner.CreateProject("", OutputKind.DynamicallyLinkedLibrary, references);
            var diagnostics = await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, Analyzers.ToArray());
            Assert.DoesNotContain(diagnostics, d => d.Id.StartsWith("JP", StringComparison.Ordinal) || d.Id == "AD0001");
        }
    }

    [Fact]
    public void Analyzers_register_no_callbacks_in_a_compilation_without_System_Text_Json()
    {
        foreach (var analyzer in Analyzers)
        {
            Assert.Equal(0, RegistrationsAtCompilationStart(analyzer, TestReferences.WithoutSystemTextJson, publishAot: true));
            // JP0008 needs ASP.NET Core and a trimmed/AOT project; every analyzer registers something there.
            Assert.NotEqual(0, RegistrationsAtCompilationStart(analyzer, TestReferences.AspNet10, publishAot: true));
        }
    }

    [Fact]
    public void JP0008_registers_nothing_without_ASP_NET_Core_or_outside_trimmed_and_AOT_projects()
    {
        Assert.Equal(0, RegistrationsAtCompilationStart(new MinimalApiMetadataAnalyzer(), TestReferences.Net10, publishAot: true));
        Assert.Equal(0, RegistrationsAtCompilationStart(new MinimalApiMetadataAnalyzer(), TestReferences.AspNet10, publishAot: false));
        Assert.NotEqual(0, RegistrationsAtCompilationStart(new MinimalApiMetadataAnalyzer(), TestReferences.AspNet10, publishAot: true));
    }

    private static int RegistrationsAtCompilationStart(DiagnosticAnalyzer analyzer, ImmutableArray<MetadataReference> references, bool publishAot)
    {
        var context = new RecordingAnalysisContext();
        analyzer.Initialize(context);
        var options = new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty, new GlobalOptionsProvider(publishAot ? "true" : "false"));
        var start = new RecordingCompilationStartContext(CSharpCompilation.Create("Probe", references: references), options);
        foreach (var action in context.CompilationStartActions)
        {
            action(start);
        }

        return start.Registrations;
    }

    private static IEnumerable<DiagnosticDescriptor> Descriptors()
        => typeof(Rules).GetFields(BindingFlags.Public | BindingFlags.Static)
            .Where(f => f.FieldType == typeof(DiagnosticDescriptor))
            .OrderBy(f => f.MetadataToken)
            .Select(f => (DiagnosticDescriptor)f.GetValue(null)!);

    [Fact]
    public void The_descriptors_of_an_id_differ_only_in_their_message()
    {
        // Severity variants (JP0002 in trimmed apps) come from configuration (the package's global config), not from a
        // second descriptor: a second, Warning descriptor would make command-line builds run the rule everywhere. A
        // second message (JP0001 on options holding the call's state) keeps the rule's title, severity and help link.
        foreach (var group in Descriptors().GroupBy(d => d.Id))
        {
            var first = group.First();
            Assert.All(group, d => Assert.Equal((first.Title.ToString(), first.DefaultSeverity, first.HelpLinkUri, first.Category), (d.Title.ToString(), d.DefaultSeverity, d.HelpLinkUri, d.Category)));
        }
    }

    internal static string RepositoryRoot => typeof(RuleCatalogTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "RepositoryRoot").Value!;

    private sealed class RecordingAnalysisContext : AnalysisContext
    {
        public bool ConcurrentExecution { get; private set; }
        public GeneratedCodeAnalysisFlags? GeneratedCode { get; private set; }
        public List<string> Registrations { get; } = new();
        public List<Action<CompilationStartAnalysisContext>> CompilationStartActions { get; } = new();

        public override void EnableConcurrentExecution() => ConcurrentExecution = true;
        public override void ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags analysisMode) => GeneratedCode = analysisMode;

        public override void RegisterCompilationStartAction(Action<CompilationStartAnalysisContext> action)
        {
            Registrations.Add("CompilationStart");
            CompilationStartActions.Add(action);
        }

        public override void RegisterCompilationAction(Action<CompilationAnalysisContext> action) => Registrations.Add("Compilation");
        public override void RegisterSemanticModelAction(Action<SemanticModelAnalysisContext> action) => Registrations.Add("SemanticModel");
        public override void RegisterSymbolAction(Action<SymbolAnalysisContext> action, ImmutableArray<SymbolKind> symbolKinds) => Registrations.Add("Symbol");
        public override void RegisterCodeBlockStartAction<TLanguageKindEnum>(Action<CodeBlockStartAnalysisContext<TLanguageKindEnum>> action) => Registrations.Add("CodeBlockStart");
        public override void RegisterCodeBlockAction(Action<CodeBlockAnalysisContext> action) => Registrations.Add("CodeBlock");
        public override void RegisterSyntaxTreeAction(Action<SyntaxTreeAnalysisContext> action) => Registrations.Add("SyntaxTree");
        public override void RegisterSyntaxNodeAction<TLanguageKindEnum>(Action<SyntaxNodeAnalysisContext> action, ImmutableArray<TLanguageKindEnum> syntaxKinds) => Registrations.Add("SyntaxNode");
    }

    /// <summary>The build_property.PublishAot a project's generated editorconfig holds.</summary>
    private sealed class GlobalOptionsProvider(string publishAot) : AnalyzerConfigOptionsProvider
    {
        public override AnalyzerConfigOptions GlobalOptions { get; } = new Options(publishAot);

        public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => new Options(null);

        public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) => new Options(null);

        private sealed class Options(string? publishAot) : AnalyzerConfigOptions
        {
            public override bool TryGetValue(string key, out string value)
            {
                value = publishAot ?? "";
                return publishAot is not null && key == "build_property.PublishAot";
            }
        }
    }

    private sealed class RecordingCompilationStartContext(Compilation compilation, AnalyzerOptions options)
        : CompilationStartAnalysisContext(compilation, options, CancellationToken.None)
    {
        public int Registrations { get; private set; }

        public override void RegisterCompilationEndAction(Action<CompilationAnalysisContext> action) => Registrations++;
        public override void RegisterSemanticModelAction(Action<SemanticModelAnalysisContext> action) => Registrations++;
        public override void RegisterSymbolAction(Action<SymbolAnalysisContext> action, ImmutableArray<SymbolKind> symbolKinds) => Registrations++;
        public override void RegisterCodeBlockStartAction<TLanguageKindEnum>(Action<CodeBlockStartAnalysisContext<TLanguageKindEnum>> action) => Registrations++;
        public override void RegisterCodeBlockAction(Action<CodeBlockAnalysisContext> action) => Registrations++;
        public override void RegisterSyntaxTreeAction(Action<SyntaxTreeAnalysisContext> action) => Registrations++;
        public override void RegisterSyntaxNodeAction<TLanguageKindEnum>(Action<SyntaxNodeAnalysisContext> action, ImmutableArray<TLanguageKindEnum> syntaxKinds) => Registrations++;
        public override void RegisterOperationAction(Action<OperationAnalysisContext> action, ImmutableArray<OperationKind> operationKinds) => Registrations++;
        public override void RegisterOperationBlockStartAction(Action<OperationBlockStartAnalysisContext> action) => Registrations++;
        public override void RegisterOperationBlockAction(Action<OperationBlockAnalysisContext> action) => Registrations++;
    }
}
