using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;
using Xunit.Abstractions;

namespace JsonPerf.Analyzers.Tests.Robustness;

/// <summary>
/// What a person typing produces: every source of the rule tests cut after each token, and with single tokens
/// deleted, goes through every analyzer and every fix it offers. No analyzer or fix may throw.
/// The default run takes a sample (every Nth variant); <c>JSONPERF_FULL_SWEEP=1</c> runs them all. Either runs as
/// slices, one test case each, so that the console reports progress at least once a minute.
/// </summary>
public class TypingSweepTests(ITestOutputHelper output)
{
    private static readonly bool s_full = Environment.GetEnvironmentVariable("JSONPERF_FULL_SWEEP") == "1";

    /// <summary>
    /// The sample's 16,000-odd variants took 6 min on two cores at a load average of 10: 24 slices keep each within a
    /// minute there. The full sweep (23 times the sample) has slices of the same size.
    /// </summary>
    private static readonly Slices<(int Variants, int Applied, int HttpDefaults)> s_slices = new(
        s_full ? 24 * 23 : 24, (a, b) => (a.Variants + b.Variants, a.Applied + b.Applied, a.HttpDefaults + b.HttpDefaults));

    public static TheoryData<int> Slices() => s_slices.Data();

    [Theory]
    [MemberData(nameof(Slices))]
    [Trait("Category", "Robustness")]
    public async Task No_analyzer_or_fix_throws_on_any_prefix_or_single_token_deletion(int slice)
    {
        var stride = s_full ? 1 : 23;
        var failures = new ConcurrentBag<string>();
        var (corpus, documentId) = CorpusInProjects();
        var sampled = s_slices.Of(corpus.SelectMany(c => Variants(c.Source).Where((_, i) => i % stride == 0).Select(variant => (c.Solution, Variant: variant))), slice);
        var checks = await Sweep.EachAsync(sampled, item =>
            CheckAsync(item.Solution.WithDocumentText(documentId, SourceText.From(item.Variant)).GetDocument(documentId)!, item.Variant, failures));
        var variants = sampled.Count;
        var fixesApplied = checks.Sum(c => c.Applied);
        var httpDefaultsFixes = checks.Sum(c => c.HttpDefaults);

        output.WriteLine($"slice {slice + 1} of {s_slices.Count}: sources: {corpus.Count} (the AOT, minimal API and AOT web app ones in a PublishAot project, the latter two with the source generator), variants: {variants}, fixes applied: {fixesApplied} (JP0002's HttpDefaults fix: {httpDefaultsFixes}), exceptions: {failures.Count}");
        Assert.True(failures.IsEmpty, string.Join("\n\n", failures.Take(5)));
        Assert.True(variants > 0, "An empty slice.");
        if (s_slices.Complete(slice, (variants, fixesApplied, httpDefaultsFixes), out var all))
        {
            output.WriteLine($"all {s_slices.Count} slices: variants: {all.Variants}, fixes applied: {all.Applied} (JP0002's HttpDefaults fix: {all.HttpDefaults})");
            Assert.True(all.Applied > 0, "The sweep never exercised a fix.");
            Assert.True(all.HttpDefaults > 0, "The sweep never exercised JP0002's HttpDefaults fix.");
        }
    }

    /// <summary>The fixes applied, and how many of them were JP0002's HttpDefaults fix.</summary>
    private static async Task<(int Applied, int HttpDefaults)> CheckAsync(Document document, string variant, ConcurrentBag<string> failures)
    {
        var compilation = (await document.Project.GetCompilationAsync())!;
        var options = new CompilationWithAnalyzersOptions(
            new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty, document.Project.AnalyzerOptions.AnalyzerConfigOptionsProvider),
            onAnalyzerException: (e, a, d) => failures.Add($"{a.GetType().Name} threw {e.GetType().Name}: {e.Message}\n--- source ---\n{variant}"),
            concurrentAnalysis: false, logAnalyzerExecutionTime: false);
        var diagnostics = await compilation.WithAnalyzers(AllRules.Analyzers.ToImmutableArray(), options).GetAnalyzerDiagnosticsAsync();
        foreach (var ad0001 in diagnostics.Where(d => d.Id == "AD0001"))
        {
            failures.Add($"{ad0001.GetMessage()}\n--- source ---\n{variant}");
        }

        var applied = 0;
        var httpDefaults = 0;
        foreach (var diagnostic in diagnostics)
        {
            foreach (var fixer in AllRules.Pairs.Select(r => r.Fixer).OfType<JsonPerf.CodeFixes.JsonFixer>().Where(f => f.FixableDiagnosticIds.Contains(diagnostic.Id)))
            {
                try
                {
                    var actions = new List<CodeAction>();
                    await fixer.RegisterCodeFixesAsync(new CodeFixContext(document, diagnostic, (a, _) => actions.Add(a), CancellationToken.None));
                    foreach (var action in actions)
                    {
                        await action.GetOperationsAsync(CancellationToken.None);
                        applied++;
                        httpDefaults += diagnostic.Properties.TryGetValue(DiagnosticProperties.FixKind, out var kind) && kind == ReflectionSerializationFix.HttpDefaults ? 1 : 0;
                    }
                }
                catch (Exception e)
                {
                    failures.Add($"{fixer.GetType().Name} threw {e}\n--- source ---\n{variant}");
                }
            }
        }

        return (applied, httpDefaults);
    }

    /// <summary>Each prefix ending at a token boundary, then the source with one token removed.</summary>
    internal static IEnumerable<string> Variants(string source)
    {
        var tokens = CSharpSyntaxTree.ParseText(source).GetRoot().DescendantTokens().Where(t => t.Span.Length > 0).ToList();
        foreach (var token in tokens)
        {
            yield return source.Substring(0, token.Span.End);
        }

        foreach (var token in tokens)
        {
            yield return source.Remove(token.SpanStart, token.Span.Length);
        }
    }

    /// <summary>
    /// Every corpus source with the project it belongs in, each to be put in the project's one document: <see cref="Corpus"/>
    /// in a library, <see cref="ReflectionFreeCorpus"/> in a PublishAot project (JP0002's fix takes other paths there,
    /// from <c>build_property.PublishAot</c>), <see cref="MinimalApiCorpus"/> there with the source generator (JP0008
    /// reads the chain's contexts through their generated <c>Default</c>), <see cref="AotWebAppCorpus"/> there too, built
    /// as a console app (JP0002's HttpDefaults fix is for an app's own options and takes the context's generated properties).
    /// </summary>
    internal static (List<(string Source, Solution Solution)> Corpus, DocumentId Document) CorpusInProjects()
    {
        var (library, documentId) = FixRunner.CreateProject("", OutputKind.DynamicallyLinkedLibrary, TestReferences.AspNet10);
        var aot = library.AddAnalyzerConfigDocument(
            DocumentId.CreateNewId(documentId.ProjectId), "aot.globalconfig", SourceText.From("is_global = true\nbuild_property.PublishAot = true\n"), filePath: "/src/aot.globalconfig");
        var generated = SourceGeneration.WithGenerator(aot.GetProject(documentId.ProjectId)!).Solution;
        var app = generated.WithProjectCompilationOptions(documentId.ProjectId, generated.GetProject(documentId.ProjectId)!.CompilationOptions!.WithOutputKind(OutputKind.ConsoleApplication));
        var corpus = Corpus().Select(s => (s, library))
            .Concat(ReflectionFreeCorpus().Select(s => (s, aot)))
            .Concat(MinimalApiCorpus().Select(s => (s, generated)))
            .Concat(AotWebAppCorpus().Select(s => (s, app)))
            .ToList();
        return (corpus, documentId);
    }

    /// <summary>JP0002's programs for trimmed/AOT projects, swept in a project with <c>PublishAot</c> set.</summary>
    internal static IEnumerable<string> ReflectionFreeCorpus()
    {
        yield return JP0002.FixTests.ReflectionFreeProgram;
        yield return JP0002.FixTests.ContextInstanceProgram;
        yield return JP0002.FixTests.HttpJsonProgram;
    }

    /// <summary>JP0008's minimal API apps, swept in a PublishAot project with the System.Text.Json source generator.</summary>
    internal static IEnumerable<string> MinimalApiCorpus()
    {
        yield return JP0008.MinimalApiTests.App;
        yield return JP0008.MinimalApiTests.TypedResultsApp;
    }

    /// <summary>
    /// JP0002's AOT web app (ASP.NET Core's helpers without options, on options that are ASP.NET Core's defaults with one
    /// context first), swept in a PublishAot console app with the source generator: the HttpDefaults fix's path.
    /// </summary>
    internal static IEnumerable<string> AotWebAppCorpus()
    {
        yield return JP0002.FixTests.AotWebApp;
    }

    /// <summary>The sources the rule tests use, as full compilation units.</summary>
    internal static IEnumerable<string> Corpus()
    {
        var statements = new[]
        {
            JP0001.AnalyzerTests.ReportedStatements(), JP0001.AnalyzerTests.NotReportedStatements(),
            JP0003.AnalyzerTests.ReportedStatements(), JP0003.AnalyzerTests.NotReportedStatements(),
            JP0004.AnalyzerTests.ReportedStatements(), JP0004.AnalyzerTests.NotReportedStatements(),
            JP0005.AnalyzerTests.ReportedStatements(), JP0005.AnalyzerTests.NotReportedStatements(),
            JP0006.AnalyzerTests.ReportedStatements(), JP0006.AnalyzerTests.NotReportedStatements(),
            JP0009.AnalyzerTests.ReportedStatements(), JP0009.AnalyzerTests.NotReportedStatements(),
        };
        var members = new[]
        {
            JP0001.AnalyzerTests.ReportedMembers(), JP0001.AnalyzerTests.NotReportedMembers(),
            JP0001.AnalyzerTests.ReportedHelpers(), JP0001.AnalyzerTests.NotReportedHelpers(),
            JP0003.AnalyzerTests.ReportedMembers(),
            JP0004.AnalyzerTests.ReportedMembers(), JP0004.AnalyzerTests.NotReportedMembers(),
            JP0009.AnalyzerTests.ReportedMembers(), JP0009.AnalyzerTests.NotReportedMembers(),
        };

        // Each snippet appears once per language version; one is enough here.
        foreach (var row in statements.SelectMany(d => d).Where((_, i) => i % 2 == 0))
        {
            yield return StripMarkup(Snippets.InMethod((string)row[0]));
        }

        foreach (var row in members.SelectMany(d => d).Where((_, i) => i % 2 == 0))
        {
            yield return StripMarkup(Snippets.InClass((string)row[0]));
        }

        // JP0002's bodies have one language version each, and its fix runs on whole programs.
        foreach (var row in JP0002.AnalyzerTests.ReportedBodies())
        {
            yield return StripMarkup(JP0002.AnalyzerTests.InMethod(row));
        }

        foreach (var row in JP0002.AnalyzerTests.NotReportedBodies())
        {
            yield return StripMarkup(JP0002.AnalyzerTests.NotReportedSource(row));
        }

        // ...and on the web entry points (System.Net.Http.Json, ASP.NET Core).
        foreach (var rows in new[] { JP0002.AnalyzerTests.ReportedWebBodies(), JP0002.AnalyzerTests.NotReportedWebBodies() })
        {
            foreach (var row in rows)
            {
                yield return StripMarkup(JP0002.AnalyzerTests.InWebMethod(row));
            }
        }

        yield return JP0002.FixTests.HttpJsonProgram + JP0002.FixTests.HttpServer;
        yield return JP0002.FixTests.AspNetProgram;
        yield return JP0002.FixTests.Program + JP0002.FixTests.Models;
        yield return JP0002.FixTests.BoundOptionsProgram;
        yield return JP0002.FixTests.MirroredOptionsProgram;
        yield return JP0001.FixTests.HelpersProgram;
        yield return JP0005.FixTests.Program;
        yield return JP0005.FixTests.HttpProgram + JP0002.FixTests.HttpServer;
        yield return JP0006.FixTests.Program;

        // JP0007's snippets come with the members they use; its program has every fixable shape.
        foreach (var row in JP0007.AnalyzerTests.ReportedStatements().Concat(JP0007.AnalyzerTests.NotReportedStatements()).Where((_, i) => i % 2 == 0))
        {
            yield return StripMarkup(JP0007.AnalyzerTests.InMethod((string)row[0]));
        }

        foreach (var row in JP0007.AnalyzerTests.ReportedMembers().Concat(JP0007.AnalyzerTests.NotReportedMembers()).Where((_, i) => i % 2 == 0))
        {
            yield return StripMarkup(JP0007.AnalyzerTests.InClass((string)row[0]));
        }

        yield return JP0007.FixTests.Program;
        yield return JP0009.FixTests.Program;
        yield return StripMarkup(JP0009.ReflectedNameTests.Typesense);
        yield return JP0001.ConverterCopyTests.Program;
        yield return JP0001.ConverterCopyHelperTests.Program;
        yield return JP0005.LocalRoundTripAndHelperTests.Program;
        yield return JP0006.DomWriteTests.Program;
        yield return JP0007.ConverterTests.Program;

        // JP0010's bodies go into a converter's Read or Write; its program has every fixable shape.
        foreach (var row in JP0010.AnalyzerTests.ReportedReads().Concat(JP0010.AnalyzerTests.NotReportedReads()).Where((_, i) => i % 2 == 0).Concat(JP0010.AnalyzerTests.ReportedReadsLatest()))
        {
            yield return StripMarkup(JP0010.AnalyzerTests.InRead((string)row[0]));
        }

        foreach (var row in JP0010.AnalyzerTests.ReportedWrites().Concat(JP0010.AnalyzerTests.NotReportedWrites()).Where((_, i) => i % 2 == 0).Concat(JP0010.AnalyzerTests.ReportedWritesLatest()))
        {
            yield return StripMarkup(JP0010.AnalyzerTests.InWrite((string)row[0]));
        }

        foreach (var row in JP0010.AnalyzerTests.ReportedMembers().Concat(JP0010.AnalyzerTests.NotReportedMembers()).Where((_, i) => i % 2 == 0))
        {
            yield return StripMarkup(JP0010.AnalyzerTests.InConverter((string)row[0]));
        }

        // Two of the map lookups: their converter has every kind of map.
        foreach (var row in JP0010.NameLookupTests.Reported().Where((_, i) => i is 1 or 5))
        {
            yield return StripMarkup(JP0010.NameLookupTests.InRead((string)row[0]));
        }

        yield return JP0010.FixTests.Program.Replace("ENCODERS", JP0010.FixTests.EncodersWithBasicLatin);

        // The array walk through Select: its converter's methods walk the element, recursively, or do more with it.
        yield return StripMarkup(JP0010.SelectWalkTests.InRead((string)JP0010.SelectWalkTests.Reported().First()[0]));

        // JP0011's members come with the envelope types they use; every other row, to keep the sample's time.
        var jp0011 = new[] { JP0011.AnalyzerTests.ReportedReads(), JP0011.AnalyzerTests.NotReportedReads(), JP0011.AnalyzerTests.ReportedWrites(), JP0011.AnalyzerTests.NotReportedWrites() };
        foreach (var row in jp0011.SelectMany(d => (IEnumerable<object[]>)d).Where((_, i) => i % 2 == 0))
        {
            yield return StripMarkup(Snippets.InClass(JP0011.AnalyzerTests.Envelopes + (string)row[0]));
        }

        // JP0011's one property: the blended agent card (A24), its tree looked up through AsObject and an out value.
        yield return StripMarkup(Snippets.InClass(JP0011.AnalyzerTests.Envelopes + JP0011.AnalyzerTests.Card + (string)((IEnumerable<object[]>)JP0011.AnalyzerTests.ReportedOneProperty()).First()[0]));

        // The CA1869 parity shapes and the run-once programs of the CA1869 suppressor's tests.
        foreach (var parity in JP0001.Ca1869ParityTests.Corpus())
        {
            yield return parity.Source;
        }

        foreach (var program in JP0001.Ca1869SuppressorTests.RunOnceSources)
        {
            yield return program;
        }
    }

    private static string StripMarkup(string source)
        => System.Text.RegularExpressions.Regex.Replace(source, @"\{\|[A-Z0-9#]+:|\|\}|\[\||\|\]", "");
}
