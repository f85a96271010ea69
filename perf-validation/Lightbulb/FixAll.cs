using System.Diagnostics;
using System.Globalization;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;

namespace JsonPerf.Lightbulb;

/// <summary>
/// Fix All in project scope as an editor runs it from the lightbulb (the fix's Fix All provider, one project's sites):
/// its time, and the sites it leaves, with those whose diagnostic still offers a fix (its properties say so) counted
/// apart: Fix All must leave only sites whose message says why.
/// </summary>
internal static class FixAll
{
    public static async Task<int> RunAsync(Session session, string rule)
    {
        var diagnostics = (await session.AllDiagnosticsAsync()).Where(d => d.Id == rule).ToList();
        if (diagnostics.Count == 0)
        {
            Console.WriteLine($"{rule}\tfix-all\t0\t\t\t");
            return 0;
        }

        var document = session.DocumentOf(diagnostics[0]);
        var fixer = session.FixerFor(rule);
        var byFile = diagnostics.GroupBy(d => d.Location.SourceTree!.FilePath).ToDictionary(g => g.Key, g => g.ToList());
        var context = new FixAllContext(document, fixer, FixAllScope.Project, rule, new[] { rule }, new Known(byFile), CancellationToken.None);
        var clock = Stopwatch.StartNew();
        var action = await fixer.GetFixAllProvider()!.GetFixAsync(context);
        var operations = action is null ? [] : await action.GetOperationsAsync(CancellationToken.None);
        var elapsed = clock.Elapsed.TotalSeconds;
        var changed = operations.OfType<ApplyChangesOperation>().FirstOrDefault()?.ChangedSolution ?? document.Project.Solution;

        var left = (await session.DiagnosticsAsync(changed.GetProject(document.Project.Id)!)).Where(d => d.Id == rule).ToList();
        var offering = left.Where(d => d.Properties.Count > 0).ToList();
        Console.WriteLine($"{rule}\tfix-all\t{diagnostics.Count(d => d.Location.SourceTree!.FilePath.StartsWith(Path.GetDirectoryName(document.Project.FilePath)!, StringComparison.Ordinal))}\t{elapsed.ToString("0.0", CultureInfo.InvariantCulture)} s\t{left.Count} left\t{offering.Count} of them still say a fix exists");
        // Why the others are left: the message's last sentence (its note), counted.
        foreach (var group in left.Where(d => d.Properties.Count == 0).GroupBy(d => Note(d.GetMessage(CultureInfo.InvariantCulture))).OrderByDescending(g => g.Count()))
        {
            Console.WriteLine($"{rule}\tfix-all-left\t{group.Count()}\t{group.Key}");
            if (Environment.GetEnvironmentVariable("SHOW_LEFT") == "1")
            {
                Console.Error.WriteLine($"  e.g. {group.First().Location.GetLineSpan()} {group.First().GetMessage(CultureInfo.InvariantCulture)}");
            }
        }

        foreach (var d in offering.Take(10))
        {
            Console.Error.WriteLine($"  left with a fix: {d.Location.GetLineSpan()} {d.GetMessage(CultureInfo.InvariantCulture)}");
        }

        return offering.Count == 0 ? 0 : 1;
    }

    /// <summary>The note that says why there is no fix ("(no fix: ..."), to its first ';'.</summary>
    private static string Note(string message)
    {
        var start = message.LastIndexOf(" (no ", StringComparison.Ordinal);
        if (start < 0)
        {
            return "(no note)";
        }

        var note = message.Substring(start + 1);
        var end = note.IndexOfAny([';', ')']);
        return end < 0 ? note : note.Substring(0, end);
    }

    /// <summary>The diagnostics already computed, by file, as an editor hands them to Fix All.</summary>
    private sealed class Known(Dictionary<string, List<Diagnostic>> byFile) : FixAllContext.DiagnosticProvider
    {
        public override Task<IEnumerable<Diagnostic>> GetDocumentDiagnosticsAsync(Document document, CancellationToken cancellationToken)
            => Task.FromResult<IEnumerable<Diagnostic>>(byFile.TryGetValue(document.FilePath ?? "", out var found) ? found : []);

        public override Task<IEnumerable<Diagnostic>> GetProjectDiagnosticsAsync(Project project, CancellationToken cancellationToken)
            => Task.FromResult(Enumerable.Empty<Diagnostic>());

        public override Task<IEnumerable<Diagnostic>> GetAllDiagnosticsAsync(Project project, CancellationToken cancellationToken)
            => Task.FromResult<IEnumerable<Diagnostic>>(byFile.Values.SelectMany(d => d).Where(d => project.GetDocument(d.Location.SourceTree) is not null).ToList());
    }
}
