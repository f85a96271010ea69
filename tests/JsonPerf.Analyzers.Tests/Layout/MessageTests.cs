using System;
using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.Analyzers.Tests.Robustness;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;
using Xunit.Abstractions;

namespace JsonPerf.Analyzers.Tests.Layout;

/// <summary>
/// Messages as NetAnalyzers writes them: what was found, its cost in a few words, what to do (CA1869 says its case in
/// 121 characters). The why and the numbers are in each descriptor's description and on the rule's page. Measured over
/// the distinct messages every analyzer reports on the corpus of the rule tests, each source in the project it belongs in.
/// </summary>
public class MessageTests(ITestOutputHelper output)
{
    private const int MedianLimit = 160;
    private const int MaxLimit = 280;

    [Fact]
    public async Task Reported_messages_are_short()
    {
        var (corpus, documentId) = TypingSweepTests.CorpusInProjects();
        var analyzers = AllRules.Analyzers.ToImmutableArray();
        var found = await Sweep.EachAsync(corpus, async item =>
        {
            var document = item.Solution.WithDocumentText(documentId, SourceText.From(item.Source)).GetDocument(documentId)!;
            var compilation = (await document.Project.GetCompilationAsync())!;
            var options = new CompilationWithAnalyzersOptions(
                new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty, document.Project.AnalyzerOptions.AnalyzerConfigOptionsProvider),
                onAnalyzerException: null, concurrentAnalysis: false, logAnalyzerExecutionTime: false);
            var diagnostics = await compilation.WithAnalyzers(analyzers, options).GetAnalyzerDiagnosticsAsync();
            return diagnostics.Where(d => d.Id.StartsWith("JP", StringComparison.Ordinal))
                .Select(d => (d.Id, Message: d.GetMessage(CultureInfo.InvariantCulture))).ToList();
        });

        var messages = found.SelectMany(f => f).Distinct().ToList();
        foreach (var rule in messages.GroupBy(m => m.Id).OrderBy(g => g.Key, StringComparer.Ordinal))
        {
            var lengths = rule.Select(m => m.Message.Length).ToList();
            output.WriteLine($"{rule.Key}: {lengths.Count} distinct, median {Median(lengths)}, max {lengths.Max()}");
        }

        // JSONPERF_MESSAGES=path writes every distinct message there, one a line, to read them side by side.
        if (Environment.GetEnvironmentVariable("JSONPERF_MESSAGES") is { Length: > 0 } path)
        {
            System.IO.File.WriteAllLines(path, messages.OrderBy(m => m.Id, StringComparer.Ordinal).ThenBy(m => m.Message.Length).Select(m => $"{m.Id}\t{m.Message.Length}\t{m.Message}"));
        }

        var all = messages.Select(m => m.Message.Length).ToList();
        output.WriteLine($"all: {all.Count} distinct, median {Median(all)}, max {all.Max()}");
        var offenders = messages.Where(m => m.Message.Length > MaxLimit).OrderByDescending(m => m.Message.Length)
            .Select(m => $"{m.Id} ({m.Message.Length}): {m.Message}").ToList();
        foreach (var offender in offenders)
        {
            output.WriteLine(offender);
        }

        Assert.True(all.Count > 100, $"Only {all.Count} distinct messages: the corpus went missing.");
        Assert.True(Median(all) <= MedianLimit && offenders.Count == 0,
            $"Median {Median(all)} (at most {MedianLimit}); {offenders.Count} messages over {MaxLimit} characters:\n" + string.Join("\n", offenders));
    }

    private static double Median(System.Collections.Generic.List<int> lengths)
    {
        var sorted = lengths.OrderBy(l => l).ToList();
        return sorted.Count % 2 == 1 ? sorted[sorted.Count / 2] : (sorted[sorted.Count / 2 - 1] + sorted[sorted.Count / 2]) / 2.0;
    }
}
