using System;
using System.Globalization;
using System.IO;
using System.Linq;

namespace JsonPerf.AnalyzerCost;

/// <summary>
/// <c>generate DIR [files] [seed] [version]</c> writes a synthetic project (<c>CLEAN=1</c>: with every site fixed; <c>FEW=1</c>: JSON code in 1 file of 100;
/// <c>METADATA=1</c>: a trimmed/AOT library whose calls all pass generated metadata, <see cref="MetadataProject"/>); <c>report WALLS_WITH WALLS_WITHOUT LOG...</c>
/// reads <c>-p:ReportAnalyzer=true -v:d</c> build logs (medians over them); <c>report-alone CA_LOGS JSONPERF_LOGS</c> compares
/// builds with only one side on; <c>inprocess DIR [rounds]</c> (with <c>DETAIL=1</c>, <c>SETS=...</c>) runs the analyzers without a build (<see cref="InProcess"/>); <c>replay PROJECT_DIR RSP [rounds]</c> does so on a real compile's csc command line (<see cref="Replay"/>). perf-validation/analyzer-cost.sh runs both.
/// </summary>
public static class Program
{
    public static int Main(string[] args)
    {
        switch (args)
        {
            case ["replay", var projectDirectory, var rsp, ..]:
                return InProcess.MeasureAsync(Replay.Read(projectDirectory, rsp), args.Length > 3 ? int.Parse(args[3]) : 8).GetAwaiter().GetResult();

            case ["inprocess", var projectDirectory, ..]:
                return InProcess.RunAsync(projectDirectory, args.Length > 2 ? int.Parse(args[2]) : 8).GetAwaiter().GetResult();

            case ["generate", var directory, ..]:
                var files = args.Length > 2 ? int.Parse(args[2]) : 2000;
                var seed = args.Length > 3 ? int.Parse(args[3]) : 1;
                var version = args.Length > 4 ? args[4] : "0.1.0";
                var sites = Environment.GetEnvironmentVariable("METADATA") == "1"
                    ? MetadataProject.Write(directory, files, seed, version)
                    : ProjectGenerator.Write(directory, files, seed, version, clean: Environment.GetEnvironmentVariable("CLEAN") == "1", few: Environment.GetEnvironmentVariable("FEW") == "1");
                Console.WriteLine($"Wrote {files} files to {directory}: {sites}");
                return 0;

            case ["report", var withAnalyzers, var without, .. var logs] when logs.Length > 0:
                Console.Write(BuildLogReport.Create(logs.Select(File.ReadAllText).ToList(), Walls(withAnalyzers), Walls(without), clean: NoCa1869Site, out var complete));
                if (!complete)
                {
                    Console.Error.WriteLine("The build log lacks the analyzer table or JsonPerf's row, or JP0001 missed a CA1869 site.");
                }

                return complete ? 0 : 1;

            case ["report-alone", var caOnly, var jsonPerfOnly]:
                Console.Write(BuildLogReport.Alone(Logs(caOnly), Logs(jsonPerfOnly), out var found));
                if (!found)
                {
                    Console.Error.WriteLine("The builds with one side off lack CA1869's or JsonPerf's row, or ran the side that was off.");
                }

                return found ? 0 : 1;

            default:
                Console.Error.WriteLine("usage: generate DIR [files] [seed] [version] | report WALLS_WITH WALLS_WITHOUT LOG... | report-alone CA_ONLY_LOGS JSONPERF_ONLY_LOGS (comma-separated) | inprocess DIR [rounds] | replay PROJECT_DIR RSP [rounds]");
                return 2;
        }
    }

    /// <summary>CLEAN=1 and METADATA=1 write no site CA1869 reports, so the report expects none.</summary>
    private static bool NoCa1869Site => Environment.GetEnvironmentVariable("CLEAN") == "1" || Environment.GetEnvironmentVariable("METADATA") == "1";

    private static string[] Logs(string paths) => paths.Split(',', StringSplitOptions.RemoveEmptyEntries).Select(File.ReadAllText).ToArray();

    /// <summary>Comma-separated seconds ("14.2,13.9"); empty for none.</summary>
    private static double[] Walls(string walls)
        => walls.Split(',', StringSplitOptions.RemoveEmptyEntries).Select(w => double.Parse(w, CultureInfo.InvariantCulture)).ToArray();
}
