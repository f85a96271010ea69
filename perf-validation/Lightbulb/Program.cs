using System.Globalization;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Lightbulb;

/// <summary>
/// What the lightbulb costs, measured as an editor calls the fixes (perf-validation/lightbulb.sh writes the projects
/// and runs this):
/// <list type="bullet">
/// <item><c>measure PROJECT[,PROJECT] [SITES]</c>: per rule, at up to SITES sites spread over the project, the list of
/// fixes warm (the same compilation again), after an edit inside a method body of the site's document (a new
/// compilation, its diagnostics computed first as the editor does), and the chosen action's preview and apply;</item>
/// <item><c>first PROJECT[,PROJECT] RULE PATH ORDINAL</c>: the first list of a process, at the rule's ORDINAL-th site in
/// the file (the project open, that document's diagnostics computed, as an editor does for the file it shows).</item>
/// <item><c>fixall PROJECT[,PROJECT] RULE</c>: Fix All in project scope from the rule's first site (<see cref="FixAll"/>).</item>
/// </list>
/// Prints tab-separated rows: rule, measure, count, median, p95 and max in milliseconds; <c>measure</c> also prints a
/// <c>site</c> row per sampled site with a fix (rule, path, ordinal, its list after the edit and its apply in ms) for <c>first</c>.
/// </summary>
public static class Program
{
    public static async Task<int> Main(string[] args)
    {
        switch (args)
        {
            case ["measure", var projects, ..]:
                return await MeasureAsync(projects.Split(','), args.Length > 2 ? int.Parse(args[2], CultureInfo.InvariantCulture) : 12);

            case ["first", var projects, var rule, var path, var ordinal]:
                return await FirstAsync(projects.Split(','), rule, path, int.Parse(ordinal, CultureInfo.InvariantCulture));

            case ["fixall", var projects, var rule]:
                return await FixAll.RunAsync(await Session.OpenAsync(projects.Split(',')), rule);

            default:
                Console.Error.WriteLine("usage: measure PROJECT[,PROJECT] [SITES] | first PROJECT[,PROJECT] RULE PATH ORDINAL | fixall PROJECT[,PROJECT] RULE");
                return 2;
        }
    }

    private static async Task<int> MeasureAsync(string[] projects, int sitesPerRule)
    {
        var session = await Session.OpenAsync(projects);
        var diagnostics = await session.AllDiagnosticsAsync();
        var failures = 0;
        // The first apply of a process pays for the workspace's own first formatting and simplification (Roslyn's code
        // compiled just in time; an editor ships it precompiled): reported on its own row, and out of the rules' rows.
        foreach (var site in diagnostics)
        {
            var (actions, _) = await session.ListAsync(session.DocumentOf(site), site);
            if (actions.Count > 0)
            {
                Row("process", $"first-apply-{site.Id}", new List<double> { (await Session.ApplyAsync(actions[0])).Milliseconds });
                break;
            }
        }

        var only = Environment.GetEnvironmentVariable("RULES")?.Split(',', StringSplitOptions.RemoveEmptyEntries);
        foreach (var group in diagnostics.GroupBy(d => d.Id).Where(g => only is null || only.Contains(g.Key)).OrderBy(g => g.Key, StringComparer.Ordinal))
        {
            var all = group.ToList();
            var sites = Enumerable.Range(0, Math.Min(sitesPerRule, all.Count)).Select(i => all[i * all.Count / Math.Min(sitesPerRule, all.Count)]).ToList();
            var warm = new List<double>();
            var edited = new List<double>();
            var apply = new List<double>();
            int offered = 0, emptyApply = 0;
            foreach (var site in sites)
            {
                // The site as the editor has it now: its document in the current solution (earlier sites' edits kept), its
                // diagnostics computed on the current compilation (not timed), the site found by its place among them.
                var documentId = session.DocumentOf(site).Id;
                var ordinal = diagnostics.Where(d => d.Id == site.Id && d.Location.SourceTree == site.Location.SourceTree).ToList().IndexOf(site);
                var document = session.Solution.GetDocument(documentId)!;
                if (await session.FindAsync(document, site.Id, ordinal) is not { } current)
                {
                    Console.Error.WriteLine($"{site.Id}: the site at {site.Location.GetLineSpan()} is not reported in the current solution");
                    failures++;
                    continue;
                }

                // Warm: the list asked again on the compilation it was first asked on. Only sites with a fix count: where
                // none is offered (the message says why) the editor shows no lightbulb of JsonPerf's.
                var (actions, _) = await session.ListAsync(document, current);
                var applyMs = 0.0;
                if (actions.Count > 0)
                {
                    for (var i = 0; i < 3; i++)
                    {
                        warm.Add((await session.ListAsync(document, current)).Milliseconds);
                    }

                    offered++;
                    var (changed, ms) = await Session.ApplyAsync(actions[0]);
                    apply.Add(ms);
                    applyMs = ms;
                    if (changed is null || changed == document.Project.Solution)
                    {
                        emptyApply++;
                    }
                }

                // After an edit: a keystroke in the document, its diagnostics recomputed (not timed), then the list.
                var (editedDocument, _) = await session.EditAsync(document);
                if (await session.FindAsync(editedDocument, site.Id, ordinal) is not { } again)
                {
                    Console.Error.WriteLine($"{site.Id}: the site at {site.Location.GetLineSpan()} was not reported again after the edit");
                    failures++;
                    continue;
                }

                var (editedActions, editedMs) = await session.ListAsync(editedDocument, again);
                if (actions.Count > 0)
                {
                    edited.Add(editedMs);
                    Console.WriteLine($"site\t{site.Id}\t{document.FilePath}\t{ordinal}\t{editedMs.ToString("0.0", CultureInfo.InvariantCulture)}\t{applyMs.ToString("0", CultureInfo.InvariantCulture)}");
                }

                if (editedActions.Count != actions.Count)
                {
                    Console.Error.WriteLine($"{site.Id}: {actions.Count} action(s) before the edit, {editedActions.Count} after, at {site.Location.GetLineSpan()}");
                    failures++;
                }
            }

            Row(group.Key, "list-warm", warm);
            Row(group.Key, "list-after-edit", edited);
            Row(group.Key, "apply", apply);
            Console.WriteLine($"{group.Key}\tsites\t{all.Count}\tsampled {sites.Count}, offered {offered}, applied with no change {emptyApply}");
            failures += emptyApply;
        }

        return failures == 0 ? 0 : 1;
    }

    private static async Task<int> FirstAsync(string[] projects, string rule, string path, int ordinal)
    {
        var session = await Session.OpenAsync(projects);
        var document = session.Solution.GetDocumentIdsWithFilePath(path).Select(session.Solution.GetDocument).FirstOrDefault();
        if (document is null || await session.FindAsync(document, rule, ordinal) is not { } site)
        {
            Console.Error.WriteLine($"{rule}: no site {ordinal} in {path}");
            return 1;
        }

        var (actions, ms) = await session.ListAsync(document, site);
        Row(rule, "first-list", new List<double> { ms });
        return actions.Count > 0 ? 0 : 1;
    }

    private static void Row(string rule, string measure, List<double> values)
    {
        if (values.Count == 0)
        {
            Console.WriteLine($"{rule}\t{measure}\t0\t\t\t");
            return;
        }

        values.Sort();
        string At(double q) => values[Math.Min(values.Count - 1, (int)Math.Ceiling(q * values.Count) - 1)].ToString("0.0", CultureInfo.InvariantCulture);
        Console.WriteLine($"{rule}\t{measure}\t{values.Count}\t{At(0.5)}\t{At(0.95)}\t{values[^1].ToString("0.0", CultureInfo.InvariantCulture)}");
    }
}
