using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;

namespace JsonPerf.AnalyzerCost;

/// <summary>Reads the compiler's <c>/reportanalyzer</c> table and the warnings out of a detailed build log.</summary>
public static class BuildLogReport
{
    private static readonly Regex Row = new(@"^\s+(?<time><?[0-9.]+)\s+<?[0-9]+\s+(?<name>\S.*?)\s*$", RegexOptions.Multiline);
    private static readonly Regex Total = new(@"Total analyzer execution time: (?<time>[0-9.]+) seconds", RegexOptions.Multiline);
    private static readonly Regex Warning = new(@"(?<file>[^\s>]+\.cs)\((?<line>[0-9]+),(?<column>[0-9]+)\): warning (?<id>JP[0-9]{4}|CA1869):", RegexOptions.Multiline);

    /// <summary>
    /// One table from several builds of the same project: each time is the median over the logs (with the range),
    /// sites come from the first log (the project is the same, so they are too). Walls are seconds per build.
    /// </summary>
    public static string Create(IReadOnlyList<string> logs, IReadOnlyList<double> wallWithAnalyzers, IReadOnlyList<double> wallWithout, bool clean, out bool complete)
    {
        var times = Times(logs);
        var sites = Warning.Matches(logs[0])
            .Select(m => (Id: m.Groups["id"].Value, Site: m.Groups["file"].Value + ":" + m.Groups["line"].Value + ":" + m.Groups["column"].Value))
            .Distinct()
            .GroupBy(w => w.Id)
            .ToDictionary(g => g.Key, g => g.Select(w => w.Site).ToHashSet());

        var report = new StringBuilder();
        report.AppendLine($"| Measure (median of {logs.Count} Rebuilds, range) | Value |");
        report.AppendLine("|---|---:|");
        if (!times.ContainsKey("Compilation's total analyzer time"))
        {
            report.AppendLine("| Compilation's total analyzer time | not found |");
        }

        foreach (var (name, values) in times)
        {
            report.AppendLine($"| {name} | {Format(values)} |");
        }

        foreach (var (id, set) in sites.OrderBy(s => s.Key))
        {
            report.AppendLine($"| {id} sites | {set.Count} |");
        }

        if (sites.TryGetValue("CA1869", out var ca1869))
        {
            var jp0001 = sites.TryGetValue("JP0001", out var s) ? s : new HashSet<string>();
            report.AppendLine($"| CA1869 sites that JP0001 also reports | {ca1869.Count(jp0001.Contains)} of {ca1869.Count} |");
        }

        if (wallWithAnalyzers.Count > 0 && wallWithout.Count > 0)
        {
            report.AppendLine($"| Rebuild wall time, analyzers on (ReportAnalyzer) | {Format(wallWithAnalyzers)} |");
            report.AppendLine($"| Rebuild wall time, RunAnalyzers=false | {Format(wallWithout)} |");
            if (times.TryGetValue("JsonPerf.Analyzers (all rules)", out var jsonPerf))
            {
                // Budget point 1 (docs/performance.md): JsonPerf's analyzer time against the same build's time without analyzers.
                var share = Median(jsonPerf) / Median(wallWithout);
                report.AppendLine($"| JsonPerf's analyzer time / Rebuild without analyzers (budget: at most 1%) | {(share * 100).ToString("0.00", CultureInfo.InvariantCulture)}% ({(share <= 0.01 ? "within" : "over")}) |");
            }

            if (times.TryGetValue(FloorRow, out var floor))
            {
                // What the same builds charge an analyzer for being called where JsonPerf's hosted rules are, doing nothing.
                var share = Median(floor) / Median(wallWithout);
                report.AppendLine($"| Floor probe's analyzer time / Rebuild without analyzers | {(share * 100).ToString("0.00", CultureInfo.InvariantCulture)}% |");
            }
        }

        // Budget point 2: per reported site, at most CA1869's per site.
        var jsonPerfSites = sites.Where(s => s.Key.StartsWith("JP", StringComparison.Ordinal)).Sum(s => s.Value.Count);
        if (times.TryGetValue("JsonPerf.Analyzers (all rules)", out var jsonPerfTimes) && jsonPerfSites > 0
            && times.FirstOrDefault(t => t.Key.Contains("(CA1869)")).Value is { } caTimes && sites.TryGetValue("CA1869", out var caSiteSet) && caSiteSet.Count > 0)
        {
            var jpPerSite = Median(jsonPerfTimes) / jsonPerfSites * 1000;
            var caPerSite = Median(caTimes) / caSiteSet.Count * 1000;
            report.AppendLine($"| Per site: JsonPerf ({jsonPerfSites} warnings) / CA1869 ({caSiteSet.Count}) (budget: JsonPerf at most CA1869) | {jpPerSite.ToString("0.000", CultureInfo.InvariantCulture)} ms / {caPerSite.ToString("0.000", CultureInfo.InvariantCulture)} ms ({(jpPerSite <= caPerSite ? "within" : "over")}) |");
        }

        // What the budget needs to be read at all: the table was printed, JsonPerf ran, and JP0001 found every CA1869 site.
        // A clean project (CLEAN=1) has no site at all: nothing to miss.
        var ca = sites.TryGetValue("CA1869", out var caSites) ? caSites : new HashSet<string>();
        var jp = sites.TryGetValue("JP0001", out var jpSites) ? jpSites : new HashSet<string>();
        complete = times.ContainsKey("Compilation's total analyzer time") && times.ContainsKey("JsonPerf.Analyzers (all rules)")
            && (sites.ContainsKey("CA1869") || clean) && ca.IsSubsetOf(jp);
        return report.ToString();
    }

    /// <summary>
    /// The budget read literally: CA1869 alone (a build with JsonPerf's rules off) against JsonPerf alone (a build with
    /// CA1869 off). In one build with both, the compiler's work for a file both report in (its generated-code and
    /// suppression checks) is charged to whichever reports there first; alone, each pays all of its own.
    /// </summary>
    public static string Alone(IReadOnlyList<string> caOnly, IReadOnlyList<string> jsonPerfOnly, out bool complete)
    {
        var ca = Times(caOnly);
        var jp = Times(jsonPerfOnly);
        var report = new StringBuilder();
        report.AppendLine($"| Each alone (median of {caOnly.Count} Rebuilds each, range) | Value |");
        report.AppendLine("|---|---:|");
        var caRow = ca.Keys.FirstOrDefault(k => k.Contains("(CA1869)"));
        report.AppendLine($"| CA1869 alone (JsonPerf's rules off) | {(caRow is null ? "not found" : Format(ca[caRow]))} |");
        foreach (var (name, values) in jp.Where(t => t.Key != "Compilation's total analyzer time" && !t.Key.Contains("(CA1869)")))
        {
            report.AppendLine($"| {name} alone (CA1869 off) | {Format(values)} |");
        }

        // Paired: the two builds of one run ran back to back, so a slow spell of the machine touches both.
        if (caRow is not null && jp.TryGetValue("JsonPerf.Analyzers (all rules)", out var jpAll) && ca[caRow].Count == jpAll.Count && jpAll.Count > 1)
        {
            var lower = ca[caRow].Zip(jpAll, (c, j) => j <= c).Count(b => b);
            var caSum = ca[caRow].Sum();
            var jpSum = jpAll.Sum();
            report.AppendLine($"| Runs where JsonPerf alone took at most CA1869 alone (same run) | {lower} of {jpAll.Count} |");
            report.AppendLine($"| Sum over the runs: CA1869 alone / JsonPerf alone | {caSum.ToString("0.000", CultureInfo.InvariantCulture)} s / {jpSum.ToString("0.000", CultureInfo.InvariantCulture)} s |");
        }

        complete = caRow is not null && jp.ContainsKey("JsonPerf.Analyzers (all rules)");
        return report.ToString();
    }

    /// <summary>The probe analyzer of <c>FLOOR=1</c> (perf-validation/FloorProbe): empty callbacks where JsonPerf's hosted rules have theirs.</summary>
    private const string FloorRow = "Floor probe: empty Invocation and ObjectCreation callbacks (FLOOR=1)";

    private static Dictionary<string, List<double>> Times(IReadOnlyList<string> logs)
    {
        var times = new Dictionary<string, List<double>>();
        void Add(string name, double time)
        {
            if (!times.TryGetValue(name, out var list))
            {
                times[name] = list = new List<double>();
            }

            list.Add(time);
        }

        foreach (var log in logs)
        {
            var total = Total.Match(log);
            if (total.Success)
            {
                Add("Compilation's total analyzer time", Seconds(total.Groups["time"].Value));
            }

            foreach (Match row in Row.Matches(log))
            {
                var name = row.Groups["name"].Value;
                if (name.StartsWith("JsonPerf.FloorProbe, Version=", StringComparison.Ordinal))
                {
                    Add(FloorRow, Seconds(row.Groups["time"].Value));
                }
                else if (name.StartsWith("JsonPerf.Analyzers", StringComparison.Ordinal) || name.Contains("(CA1869)"))
                {
                    name = name.Contains(", Version=") ? "JsonPerf.Analyzers (all rules)" : name.Replace("JsonPerf.Analyzers.", "").Replace("Microsoft.NetCore.Analyzers.Performance.", "NetAnalyzers ");
                    Add(name, Seconds(row.Groups["time"].Value));
                }
            }
        }

        return times;
    }

    private static double Median(IReadOnlyList<double> values)
    {
        var sorted = values.OrderBy(v => v).ToList();
        return sorted.Count % 2 == 1 ? sorted[sorted.Count / 2] : (sorted[sorted.Count / 2 - 1] + sorted[sorted.Count / 2]) / 2;
    }

    private static string Format(IReadOnlyList<double> values)
    {
        var sorted = values.OrderBy(v => v).ToList();
        var text = Median(sorted).ToString("0.000", CultureInfo.InvariantCulture) + " s";
        return sorted.Count == 1 ? text : $"{text} ({sorted[0].ToString("0.000", CultureInfo.InvariantCulture)}–{sorted[^1].ToString("0.000", CultureInfo.InvariantCulture)})";
    }

    private static double Seconds(string value) => value.StartsWith('<') ? 0 : double.Parse(value, CultureInfo.InvariantCulture);
}
