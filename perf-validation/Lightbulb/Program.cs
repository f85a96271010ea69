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
/// <item><c>first PROJECT[,PROJECT] RULE</c>: the first list of a process (the project open, its diagnostics computed).</item>
/// </list>
/// Prints tab-separated rows: rule, measure, count, median, p95 and max in milliseconds.
/// </summary>
public static class Program
{
    public static async Task<int> Main(string[] args)
    {
        switch (args)
        {
            case ["measure", var projects, ..]:
                return await MeasureAsync(projects.Split(','), args.Length > 2 ? int.Parse(args[2], CultureInfo.InvariantCulture) : 12);

            case ["first", var projects, var rule]:
                return await FirstAsync(projects.Split(','), rule);

            default:
                Console.Error.WriteLine("usage: measure PROJECT[,PROJECT] [SITES] | first PROJECT[,PROJECT] RULE");
                return 2;
        }
    }

    private static async Task<int> MeasureAsync(string[] projects, int sitesPerRule)
    {
        var session = await Session.OpenAsync(projects);
        var diagnostics = await session.AllDiagnosticsAsync();
        var failures = 0;
        foreach (var group in diagnostics.GroupBy(d => d.Id).OrderBy(g => g.Key, StringComparer.Ordinal))
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
                if (actions.Count > 0)
                {
                    for (var i = 0; i < 3; i++)
                    {
                        warm.Add((await session.ListAsync(document, current)).Milliseconds);
                    }

                    offered++;
                    var (changed, ms) = await Session.ApplyAsync(actions[0]);
                    apply.Add(ms);
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

    private static async Task<int> FirstAsync(string[] projects, string rule)
    {
        var session = await Session.OpenAsync(projects);
        var diagnostics = await session.AllDiagnosticsAsync();
        if (diagnostics.FirstOrDefault(d => d.Id == rule) is not { } site)
        {
            Console.WriteLine($"{rule}\tfirst-list\t0\t\t\t");
            return 0;
        }

        var (actions, ms) = await session.ListAsync(session.DocumentOf(site), site);
        Console.Error.WriteLine($"{rule}: first list at {site.Location.GetLineSpan()}, {actions.Count} action(s)");
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
