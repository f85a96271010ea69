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

    public static string Create(string log, string? wallWithAnalyzers, string? wallWithout)
    {
        var total = Total.Match(log);
        var rows = Row.Matches(log).Select(m => (Time: Seconds(m.Groups["time"].Value), Name: m.Groups["name"].Value)).ToList();
        var sites = Warning.Matches(log)
            .Select(m => (Id: m.Groups["id"].Value, Site: m.Groups["file"].Value + ":" + m.Groups["line"].Value + ":" + m.Groups["column"].Value))
            .Distinct()
            .GroupBy(w => w.Id)
            .ToDictionary(g => g.Key, g => g.Select(w => w.Site).ToHashSet());

        var report = new StringBuilder();
        report.AppendLine("| Measure | Value |");
        report.AppendLine("|---|---:|");
        report.AppendLine($"| Compilation's total analyzer time | {(total.Success ? total.Groups["time"].Value + " s" : "not found")} |");
        foreach (var row in rows.Where(r => r.Name.StartsWith("JsonPerf.Analyzers", StringComparison.Ordinal) || r.Name.Contains("(CA1869)")))
        {
            var name = row.Name.Contains(", Version=") ? "JsonPerf.Analyzers (all rules)" : row.Name.Replace("JsonPerf.Analyzers.", "").Replace("Microsoft.NetCore.Analyzers.Performance.", "NetAnalyzers ");
            report.AppendLine($"| {name} | {row.Time.ToString("0.000", CultureInfo.InvariantCulture)} s |");
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

        if (wallWithAnalyzers is not null && wallWithout is not null)
        {
            report.AppendLine($"| Rebuild wall time, analyzers on (ReportAnalyzer) | {wallWithAnalyzers} s |");
            report.AppendLine($"| Rebuild wall time, RunAnalyzers=false | {wallWithout} s |");
        }

        return report.ToString();
    }

    private static double Seconds(string value) => value.StartsWith('<') ? 0 : double.Parse(value, CultureInfo.InvariantCulture);
}
