using System;
using System.IO;

namespace JsonPerf.AnalyzerCost;

/// <summary>
/// <c>generate DIR [files] [seed] [version]</c> writes a synthetic project; <c>report LOG [wallWithAnalyzers] [wallWithout]</c>
/// reads a <c>-p:ReportAnalyzer=true -v:d</c> build log. perf-validation/analyzer-cost.sh runs both.
/// </summary>
public static class Program
{
    public static int Main(string[] args)
    {
        switch (args)
        {
            case ["generate", var directory, ..]:
                var files = args.Length > 2 ? int.Parse(args[2]) : 2000;
                var seed = args.Length > 3 ? int.Parse(args[3]) : 1;
                var version = args.Length > 4 ? args[4] : "0.1.0";
                var sites = ProjectGenerator.Write(directory, files, seed, version);
                Console.WriteLine($"Wrote {files} files to {directory}: {sites}");
                return 0;

            case ["report", var log, ..]:
                Console.Write(BuildLogReport.Create(File.ReadAllText(log), args.Length > 2 ? args[2] : null, args.Length > 3 ? args[3] : null));
                return 0;

            default:
                Console.Error.WriteLine("usage: generate DIR [files] [seed] [version] | report LOG [wallWithAnalyzers] [wallWithout]");
                return 2;
        }
    }
}
