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
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;
using Xunit.Abstractions;

namespace JsonPerf.Analyzers.Tests.Robustness;

/// <summary>
/// Offered or explained, by construction: the rule tests' sources, each written in every other form of
/// <see cref="FormVariants"/>, go through every analyzer. Every site a diagnostic calls fixable gets a fix that
/// compiles; every other site's message says why there is none. The default run takes every third source;
/// <c>JSONPERF_FULL_SWEEP=1</c> runs them all.
/// </summary>
public class FormSweepTests(ITestOutputHelper output)
{
    [Fact]
    [Trait("Category", "Robustness")]
    public async Task Every_fixable_site_in_every_form_gets_a_fix_that_compiles_and_every_other_site_says_why()
    {
        var stride = Environment.GetEnvironmentVariable("JSONPERF_FULL_SWEEP") == "1" ? 1 : 3;
        var (corpus, documentId) = TypingSweepTests.CorpusInProjects();
        var failures = new ConcurrentBag<string>();
        var counts = new ConcurrentDictionary<string, int>();
        var sources = corpus.Where((_, i) => i % stride == 0).ToList();
        await Sweep.EachAsync(sources, async item =>
        {
            var original = item.Solution.WithDocumentText(documentId, SourceText.From(item.Source)).GetDocument(documentId)!;
            var errors = await ErrorsAsync(original.Project);
            if (errors > 0)
            {
                // A source with errors is the typing sweep's (TypingSweepTests): a fix is judged on code that compiles.
                Count(counts, "sources with errors (skipped)");
                return 0;
            }

            var model = (await original.GetSemanticModelAsync())!;
            foreach (var (form, source) in new[] { ("as written", item.Source) }.Concat(FormVariants.Of(model)))
            {
                var document = item.Solution.WithDocumentText(documentId, SourceText.From(source)).GetDocument(documentId)!;
                if (await ErrorsAsync(document.Project) > errors)
                {
                    counts.AddOrUpdate("variants that do not compile (skipped)", 1, (_, n) => n + 1);
                    continue;
                }

                counts.AddOrUpdate("variants", 1, (_, n) => n + 1);
                await CheckAsync(document, form, errors, failures, counts);
            }

            return 0;
        });

        output.WriteLine($"sources: {sources.Count} of {corpus.Count}; " + string.Join("; ", counts.OrderBy(c => c.Key, StringComparer.Ordinal).Select(c => $"{c.Key}: {c.Value}")));
        foreach (var group in failures.GroupBy(f => f.Substring(0, f.IndexOf(" at ", StringComparison.Ordinal) is var end and > 0 ? end : f.Length)).OrderByDescending(g => g.Count()))
        {
            output.WriteLine($"{group.Count()} x {group.Key}: e.g. {group.First().Split('\n')[0]}");

        }

        if (Environment.GetEnvironmentVariable("JSONPERF_SWEEP_FAILURES") is { Length: > 0 } file)
        {
            System.IO.File.WriteAllText(file, string.Join("\n\n=====\n", failures));
        }

        Assert.True(failures.IsEmpty, failures.Count + " failures, e.g.:\n\n" + string.Join("\n\n", failures.Take(4)));
        Assert.True(counts.GetValueOrDefault("fixes compiled") > 0 && counts.GetValueOrDefault("sites without a fix, saying why") > 0, "The sweep checked no fix or no site without one.");
    }

    private static async Task CheckAsync(Document document, string form, int errors, ConcurrentBag<string> failures, ConcurrentDictionary<string, int> counts)
    {
        var diagnostics = await FixRunner.GetDiagnosticsAsync(document.Project, AllRules.Analyzers);
        foreach (var diagnostic in diagnostics.Where(d => d.Id.StartsWith("JP", StringComparison.Ordinal)))
        {
            var fixer = AllRules.Pairs.Select(r => r.Fixer).FirstOrDefault(f => f is not null && f.FixableDiagnosticIds.Contains(diagnostic.Id));
            var where = $"{form}: {diagnostic.Id} at {diagnostic.Location.GetLineSpan().StartLinePosition}: {diagnostic.GetMessage()}\n--- source ---\n{(await document.GetTextAsync()).ToString()}";
            if (fixer is null || !fixer.SaysFixable(diagnostic))
            {
                Count(counts, "sites without a fix, saying why");
                if (!Rules.SaysWhy(diagnostic.GetMessage()))
                {
                    failures.Add("No fix and no word of why. " + where);
                }

                continue;
            }

            var actions = new List<CodeAction>();
            await fixer.RegisterCodeFixesAsync(new CodeFixContext(document, diagnostic, (a, _) => actions.Add(a), CancellationToken.None));
            if (actions.Count == 0)
            {
                failures.Add("Called fixable, offered nothing. " + where);
                continue;
            }

            var applied = (await actions[0].GetOperationsAsync(CancellationToken.None)).OfType<ApplyChangesOperation>().Single().ChangedSolution;
            if (await ErrorsAsync(applied.GetProject(document.Project.Id)!) > errors)
            {
                var compiled = SourceGeneration.Generated((await applied.GetProject(document.Project.Id)!.GetCompilationAsync())!, out _);
                failures.Add("The fix does not compile. " + where + "\n--- after ---\n" + (await applied.GetDocument(document.Id)!.GetTextAsync()).ToString()
                    + "\n--- errors ---\n" + string.Join("\n", compiled.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error)));
                continue;
            }

            Count(counts, "fixes compiled");
        }
    }

    private static void Count(ConcurrentDictionary<string, int> counts, string key) => counts.AddOrUpdate(key, 1, (_, n) => n + 1);

    /// <summary>The project's errors as a build has them: with the System.Text.Json generator's output (a fix may add a context).</summary>
    private static async Task<int> ErrorsAsync(Project project)
        => SourceGeneration.Generated((await project.GetCompilationAsync())!, out _).GetDiagnostics().Count(d => d.Severity == DiagnosticSeverity.Error);
}
