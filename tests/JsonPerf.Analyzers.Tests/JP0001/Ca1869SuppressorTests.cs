using System;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.Analyzers.Tests.Robustness;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Text;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>
/// JPS0001 against the real CA1869 analyzer: CA1869 is suppressed on the creations JP0001 reports (also where JP0001
/// itself is suppressed in source), and stays everywhere else (code that runs once per process, shapes JP0001 leaves
/// alone, files where JP0001 is off).
/// </summary>
public class Ca1869SuppressorTests
{
    private static readonly DiagnosticAnalyzer[] s_analyzers = { new JsonPerfAnalyzer(), new Ca1869Suppressor() };

    private const string Library = """
        using System.Text.Json;

        public class Serializer
        {
            public string Indented(object value)
                => JsonSerializer.Serialize(value, new JsonSerializerOptions { WriteIndented = true });
        }
        """;

    [Fact]
    public void The_real_CA1869_analyzer_is_found()
    {
        Assert.Contains(NetAnalyzers.Ca1869Analyzer.SupportedDiagnostics, d => d.Id == "CA1869");
        Assert.EndsWith("NetAnalyzers.dll", NetAnalyzers.Ca1869Origin, StringComparison.Ordinal);
    }

    [Fact]
    public async Task CA1869_is_suppressed_where_JP0001_reports_the_same_creation()
    {
        var diagnostics = await RunAsync(Project(Library, OutputKind.DynamicallyLinkedLibrary));

        var ca1869 = Assert.Single(diagnostics, d => d.Id == "CA1869");
        var jp0001 = Assert.Single(diagnostics, d => d.Id == "JP0001");
        Assert.Equal(jp0001.Location.SourceSpan, ca1869.Location.SourceSpan);
        Assert.True(ca1869.IsSuppressed);
        Assert.False(jp0001.IsSuppressed);
    }

    [Fact]
    public async Task CA1869_is_suppressed_where_JP0001_would_report_even_when_JP0001_did_not_run_in_that_compilation()
    {
        // Where JP0001 ran, the suppressor reads its reports; without them (a host that ran only some analyzers) it
        // judges the creation itself, with the same answer.
        var project = Project(Library, OutputKind.DynamicallyLinkedLibrary);
        var diagnostics = await NetAnalyzers.GetDiagnosticsWithSuppressedAsync(project, NetAnalyzers.Ca1869Analyzer, new Ca1869Suppressor());
        Assert.DoesNotContain(diagnostics, d => d.Id == "JP0001");
        Assert.True(Assert.Single(diagnostics, d => d.Id == "CA1869").IsSuppressed);
    }

    [Fact]
    public async Task Without_the_suppressor_both_report_the_same_creation()
    {
        // The double warning the suppressor exists for.
        var project = Project(Library, OutputKind.DynamicallyLinkedLibrary);
        var diagnostics = await NetAnalyzers.GetDiagnosticsWithSuppressedAsync(project, NetAnalyzers.Ca1869Analyzer, new JsonPerfAnalyzer());
        Assert.False(Assert.Single(diagnostics, d => d.Id == "CA1869").IsSuppressed);
        Assert.False(Assert.Single(diagnostics, d => d.Id == "JP0001").IsSuppressed);
    }

    [Fact]
    public async Task CA1869_stays_in_the_body_of_Main_which_JP0001_leaves_alone()
    {
        const string console = """
            using System;
            using System.Text.Json;

            internal class Program
            {
                static void Main(string[] args)
                {
                    Console.WriteLine(JsonSerializer.Serialize(args, new JsonSerializerOptions { WriteIndented = true }));
                }
            }
            """;
        var diagnostics = await RunAsync(Project(console, OutputKind.ConsoleApplication));

        Assert.False(Assert.Single(diagnostics, d => d.Id == "CA1869").IsSuppressed);
        Assert.DoesNotContain(diagnostics, d => d.Id == "JP0001");
    }

    [Fact]
    public async Task CA1869_stays_where_JP0001_does_not_report_the_creation()
    {
        // A dead store: the options are overwritten before any use. CA1869 reports it, JP0001 does not.
        const string source = """
            using System.Text.Json;

            public class Serializer
            {
                static JsonSerializerOptions s_options = new JsonSerializerOptions();

                public string Serialize(object value)
                {
                    JsonSerializerOptions options = new JsonSerializerOptions();
                    options = s_options;
                    return JsonSerializer.Serialize(value, options);
                }
            }
            """;
        var diagnostics = await RunAsync(Project(source, OutputKind.DynamicallyLinkedLibrary));

        Assert.False(Assert.Single(diagnostics, d => d.Id == "CA1869").IsSuppressed);
        Assert.DoesNotContain(diagnostics, d => d.Id == "JP0001");
    }

    [Theory]
    [InlineData("dotnet_diagnostic.JP0001.severity = none", false)]
    [InlineData("dotnet_diagnostic.JP0001.severity = suggestion", true)]
    [InlineData("dotnet_diagnostic.JP0004.severity = none", true)]
    public async Task CA1869_is_suppressed_only_while_JP0001_is_on_for_the_file(string setting, bool suppressed)
    {
        var project = Project(Library, OutputKind.DynamicallyLinkedLibrary, "root = true\n\n[*.cs]\n" + setting + "\n");
        var diagnostics = await RunAsync(project);

        Assert.Equal(suppressed, Assert.Single(diagnostics, d => d.Id == "CA1869").IsSuppressed);
        Assert.Equal(suppressed, diagnostics.Any(d => d.Id == "JP0001"));
    }

    /// <summary>
    /// A JP0001 suppressed in source, by <c>#pragma</c> or by <c>[SuppressMessage]</c>, still suppresses CA1869 on its
    /// creation: one behaviour for both, since the compiler applies both after JP0001 has reported (and never shows a
    /// suppressor JP0001's diagnostic). Without the suppressor, CA1869 stays on every one of these sources: what hides
    /// it is JPS0001, not the suppression written for JP0001.
    /// </summary>
    [Theory]
    [InlineData("    public string Indented", "#pragma warning disable JP0001", true)]
    [InlineData("    public string Indented", "#pragma warning disable CA2000, JP0001 // legacy", true)]
    [InlineData("    public string Indented", "[System.Diagnostics.CodeAnalysis.SuppressMessage(\"Performance\", \"JP0001\")]", true)]
    [InlineData("public class Serializer", "[System.Diagnostics.CodeAnalysis.SuppressMessage(\"Performance\", \"JP0001:Cache JsonSerializerOptions\", Justification = \"legacy\")]", true)]
    [InlineData("public class Serializer", "[assembly: System.Diagnostics.CodeAnalysis.SuppressMessage(\"Performance\", \"JP0001\", Scope = \"member\", Target = \"~M:Serializer.Indented(System.Object)~System.String\")]", true)]
    [InlineData("    public string Indented", "#pragma warning disable JP0004", false)]
    [InlineData("    public string Indented", "#pragma warning disable JP0001\n#pragma warning restore JP0001", false)]
    [InlineData("    public string Indented", "#pragma warning disable JP0001\n#pragma warning restore", false)]
    [InlineData("    public string Indented", "[System.Diagnostics.CodeAnalysis.SuppressMessage(\"Performance\", \"JP0004\")]", false)]
    public async Task CA1869_is_suppressed_where_JP0001_is_suppressed_in_source_by_pragma_or_SuppressMessage(string before, string suppression, bool jp0001Suppressed)
    {
        var source = Library.Replace(before, suppression + "\n" + before);
        var project = Project(source, OutputKind.DynamicallyLinkedLibrary);
        var diagnostics = await RunAsync(project);

        Assert.Equal(jp0001Suppressed, Assert.Single(diagnostics, d => d.Id == "JP0001").IsSuppressed);
        Assert.True(Assert.Single(diagnostics, d => d.Id == "CA1869").IsSuppressed);

        var withoutSuppressor = await NetAnalyzers.GetDiagnosticsWithSuppressedAsync(project, NetAnalyzers.Ca1869Analyzer, new JsonPerfAnalyzer());
        Assert.False(Assert.Single(withoutSuppressor, d => d.Id == "CA1869").IsSuppressed);
        Assert.Equal(jp0001Suppressed, Assert.Single(withoutSuppressor, d => d.Id == "JP0001").IsSuppressed);
    }

    [Fact]
    public async Task JP0001_off_for_one_folder_leaves_CA1869_there_and_suppresses_it_elsewhere()
    {
        var (solution, id) = FixRunner.CreateProject(Library, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        solution = solution
            .AddDocument(DocumentId.CreateNewId(id.ProjectId), "Legacy.cs", Library.Replace("class Serializer", "class LegacySerializer"), filePath: "/src/Legacy/Legacy.cs")
            .AddAnalyzerConfigDocument(DocumentId.CreateNewId(id.ProjectId), ".editorconfig", SourceText.From("root = true\n\n[Legacy/**.cs]\ndotnet_diagnostic.JP0001.severity = none\n"), filePath: "/src/.editorconfig");
        var diagnostics = await RunAsync(solution.GetProject(id.ProjectId)!);

        var ca1869 = diagnostics.Where(d => d.Id == "CA1869").ToDictionary(d => d.Location.SourceTree!.FilePath);
        Assert.True(ca1869["/src/Program.cs"].IsSuppressed);
        Assert.False(ca1869["/src/Legacy/Legacy.cs"].IsSuppressed);
    }

    [Theory]
    [InlineData("root = true\n\n[*.cs]\ndotnet_diagnostic.JPS0001.severity = none\n", false)]
    [InlineData("root = true\n\n[*.cs]\ndotnet_diagnostic.JPS0001.severity = warning\n", true)]
    [InlineData("root = true\n\n[Other/**.cs]\ndotnet_diagnostic.JPS0001.severity = none\n", true)]
    public async Task The_suppression_turned_off_in_editorconfig_keeps_both_warnings_in_that_file(string editorconfig, bool suppressed)
    {
        var diagnostics = await RunAsync(Project(Library, OutputKind.DynamicallyLinkedLibrary, editorconfig));

        Assert.Equal(suppressed, Assert.Single(diagnostics, d => d.Id == "CA1869").IsSuppressed);
        Assert.Single(diagnostics, d => d.Id == "JP0001");
    }

    [Fact]
    public async Task The_suppression_turned_off_by_nowarn_keeps_both_warnings()
    {
        var project = Project(Library, OutputKind.DynamicallyLinkedLibrary);
        project = project.WithCompilationOptions(project.CompilationOptions!.WithSpecificDiagnosticOptions(
            project.CompilationOptions.SpecificDiagnosticOptions.SetItem("JPS0001", ReportDiagnostic.Suppress)));
        var diagnostics = await RunAsync(project);

        Assert.False(Assert.Single(diagnostics, d => d.Id == "CA1869").IsSuppressed);
        Assert.Single(diagnostics, d => d.Id == "JP0001");
    }

    [Fact]
    public async Task JP0001_off_in_the_compilation_options_leaves_CA1869()
    {
        var project = Project(Library, OutputKind.DynamicallyLinkedLibrary);
        project = project.WithCompilationOptions(project.CompilationOptions!.WithSpecificDiagnosticOptions(
            project.CompilationOptions.SpecificDiagnosticOptions.SetItem("JP0001", ReportDiagnostic.Suppress)));
        var diagnostics = await RunAsync(project);

        Assert.False(Assert.Single(diagnostics, d => d.Id == "CA1869").IsSuppressed);
        Assert.DoesNotContain(diagnostics, d => d.Id == "JP0001");
    }

    /// <summary>
    /// The suppressor's question (JP0001's Judge at a creation's span, with the containing symbol read from the
    /// semantic model) has JP0001's answer on every JsonSerializerOptions creation of every test source.
    /// </summary>
    [Fact]
    public async Task The_suppressor_agrees_with_JP0001_on_every_options_creation_of_the_test_corpus()
    {
        var creations = 0;
        var reported = 0;
        foreach (var source in TypingSweepTests.Corpus().Concat(Ca1869ParityTests.Corpus().Select(c => c.Source)).Concat(RunOnceSources).Distinct())
        {
            // As a program too when the source could have an entry point (code that runs once per process).
            var kinds = source.Contains(" Main(", StringComparison.Ordinal) || Microsoft.CodeAnalysis.CSharp.CSharpSyntaxTree.ParseText(source).GetRoot().ChildNodes().OfType<Microsoft.CodeAnalysis.CSharp.Syntax.GlobalStatementSyntax>().Any()
                ? new[] { OutputKind.DynamicallyLinkedLibrary, OutputKind.ConsoleApplication }
                : new[] { OutputKind.DynamicallyLinkedLibrary };
            foreach (var outputKind in kinds)
            {
                var project = Project(source, outputKind);
                var compilation = (await project.GetCompilationAsync())!;

                var symbols = JsonSymbols.For(compilation)!;
                var jp0001 = (await FixRunner.GetDiagnosticsAsync(project, new JsonSerializerOptionsCreatedPerCallAnalyzer()))
                    .Where(d => d.Id == "JP0001").Select(d => d.Location.SourceSpan).ToHashSet();
                var tree = compilation.SyntaxTrees.Single();
                var model = compilation.GetSemanticModel(tree);
                foreach (var node in tree.GetRoot().DescendantNodes().OfType<Microsoft.CodeAnalysis.CSharp.Syntax.BaseObjectCreationExpressionSyntax>())
                {
                    if (model.GetOperation(node) is IObjectCreationOperation creation && symbols.IsJsonSerializerOptions(creation.Type))
                    {
                        creations++;
                        var suppresses = Ca1869Suppressor.JP0001ReportsAt(model, node.Span, symbols, CancellationToken.None);
                        Assert.True(jp0001.Contains(node.Span) == suppresses, $"{outputKind}, {node} at {node.Span}: JP0001 {(suppresses ? "does not report" : "reports")} it, the suppressor says otherwise\n{source}");
                        reported += suppresses ? 1 : 0;
                    }
                }
            }
        }

        Assert.True(creations > 500 && reported > 50, $"{creations} creations, {reported} reported");
    }

    [Fact]
    public async Task Nothing_is_suppressed_and_nothing_throws_on_spans_that_are_no_creation()
    {
        var project = Project(Library, OutputKind.DynamicallyLinkedLibrary);
        var compilation = (await project.GetCompilationAsync())!;
        var tree = compilation.SyntaxTrees.Single();
        var model = compilation.GetSemanticModel(tree);
        var symbols = JsonSymbols.For(compilation)!;
        var text = tree.GetText();
        var creation = tree.GetRoot().DescendantNodes().OfType<Microsoft.CodeAnalysis.CSharp.Syntax.ObjectCreationExpressionSyntax>().Single().Span;

        Assert.True(Ca1869Suppressor.JP0001ReportsAt(model, creation, symbols, CancellationToken.None));
        foreach (var span in new[] { new TextSpan(0, 0), new TextSpan(creation.Start, creation.Length - 1), new TextSpan(creation.Start + 1, creation.Length - 1), new TextSpan(0, text.Length), new TextSpan(text.Length, 0) })
        {
            Assert.False(Ca1869Suppressor.JP0001ReportsAt(model, span, symbols, CancellationToken.None), span.ToString());
        }
    }

    /// <summary>
    /// What a person typing produces (every prefix and single-token deletion, sampled as the typing sweep does),
    /// through the real CA1869 and the suppressor: the suppressor never throws.
    /// </summary>
    [Fact]
    [Trait("Category", "Robustness")]
    public async Task The_suppressor_does_not_throw_on_incomplete_code()
    {
        var full = Environment.GetEnvironmentVariable("JSONPERF_FULL_SWEEP") == "1";
        var stride = full ? 1 : 23;
        var variants = 0;
        var suppressed = 0;
        foreach (var c in Ca1869ParityTests.Corpus())
        {
            foreach (var variant in TypingSweepTests.Variants(c.Source).Where((_, i) => i % stride == 0))
            {
                variants++;
                var diagnostics = await RunAsync(Project(variant, c.OutputKind));
                suppressed += diagnostics.Count(d => d.Id == "CA1869" && d.IsSuppressed);
            }
        }

        Assert.True(variants > 100 && suppressed > 0, $"{variants} variants, {suppressed} suppressions");
    }

    /// <summary>Code that runs once per process beside code that runs per call, where the containing symbol decides.</summary>
    internal static readonly string[] RunOnceSources =
    {
        """
        using System;
        using System.Text.Json;

        Console.WriteLine(JsonSerializer.Serialize(1, new JsonSerializerOptions { WriteIndented = true }));
        var once = new JsonSerializerOptions();
        Console.WriteLine(JsonSerializer.Serialize(2, once));
        while (args.Length > 5)
        {
            Console.WriteLine(JsonSerializer.Serialize(3, new JsonSerializerOptions()));
        }

        Func<int, string> perCall = x => JsonSerializer.Serialize(x, new JsonSerializerOptions());
        Console.WriteLine(perCall(4) + Nested(5));

        string Nested(int x) => JsonSerializer.Serialize(x, new JsonSerializerOptions());
        """,
        """
        using System;
        using System.Runtime.CompilerServices;
        using System.Text.Json;

        public static class Program
        {
            private static readonly Func<int, string> s_handler = x => JsonSerializer.Serialize(x, new JsonSerializerOptions());
            private static readonly string s_once = JsonSerializer.Serialize(0, new JsonSerializerOptions());
            private static Func<int, string> s_late;

            static Program()
            {
                JsonSerializer.Serialize(1, new JsonSerializerOptions());
                s_late = x => JsonSerializer.Serialize(x, new JsonSerializerOptions());
            }

            public static JsonSerializerOptions Options => new JsonSerializerOptions { WriteIndented = true };

            public static void Main(string[] args)
            {
                var settings = new JsonSerializerOptions();
                Console.WriteLine(JsonSerializer.Serialize(args, settings));
                foreach (var arg in args)
                {
                    Console.WriteLine(JsonSerializer.Serialize(arg, new JsonSerializerOptions()));
                }

                Action later = () => Console.WriteLine(JsonSerializer.Serialize(2, new JsonSerializerOptions()));
                later();
                Console.WriteLine(Local());

                string Local() => JsonSerializer.Serialize(3, new JsonSerializerOptions());
            }

            [ModuleInitializer]
            internal static void Warm() => JsonSerializer.Serialize(0, new JsonSerializerOptions());
        }
        """,
    };

    internal static Project Project(string source, OutputKind outputKind, string? editorconfig = null)
    {
        var (solution, id) = FixRunner.CreateProject(source, outputKind, TestReferences.AspNet10);
        if (editorconfig is not null)
        {
            solution = solution.AddAnalyzerConfigDocument(DocumentId.CreateNewId(id.ProjectId), ".editorconfig", SourceText.From(editorconfig), filePath: "/src/.editorconfig");
        }

        return solution.GetProject(id.ProjectId)!;
    }

    /// <summary>
    /// JP0001's helper shapes (a factory's call, a creation passed to a wrapper) are sites CA1869 does not report: the
    /// suppressor only ever suppresses a CA1869 that sits exactly on a JP0001, and the helper reports add none.
    /// </summary>
    [Fact]
    public async Task Helper_reports_of_JP0001_suppress_no_CA1869_elsewhere()
    {
        const string source = """
            using System.Text.Json;

            public class Api
            {
                private static JsonSerializerOptions GetOptions() => new JsonSerializerOptions { WriteIndented = true };
                private static string ToJson(object value, JsonSerializerOptions options) => JsonSerializer.Serialize(value, options);

                public string A(object value) => JsonSerializer.Serialize(value, GetOptions());
                public string B(object value) => ToJson(value, new JsonSerializerOptions { WriteIndented = true });
                public string D(object value) => JsonSerializer.Serialize(value, new JsonSerializerOptions { MaxDepth = 3 });
            }
            """;
        var diagnostics = await RunAsync(Project(source, OutputKind.DynamicallyLinkedLibrary));

        var jp0001 = diagnostics.Where(d => d.Id == "JP0001").Select(d => d.Location.SourceSpan).ToList();
        Assert.Equal(3, jp0001.Count);
        var ca1869 = Assert.Single(diagnostics, d => d.Id == "CA1869");
        Assert.True(ca1869.IsSuppressed);
        Assert.Contains(ca1869.Location.SourceSpan, jp0001);
        Assert.Contains(jp0001, span => source.Substring(span.Start, span.Length) == "GetOptions()");
    }

    private static Task<ImmutableArray<Diagnostic>> RunAsync(Project project)
        => NetAnalyzers.GetDiagnosticsWithSuppressedAsync(project, s_analyzers.Prepend(NetAnalyzers.Ca1869Analyzer).ToArray());
}
