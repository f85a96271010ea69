using System;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Reflection.Metadata;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;

/// <summary>
/// What every worth benchmark runs: one BenchmarkDotNet run, two builds of the repository, "before" (the commit as is)
/// and "after" (the commit with JsonPerf's fixes), each a job that builds this project against its checkout
/// (<c>/p:WorthCheckout</c>, <c>/p:WorthSide</c>). Arguments (run.sh passes them):
/// <c>&lt;before-checkout&gt; &lt;after-checkout&gt; [BenchmarkDotNet args]</c>. No job is the baseline: BenchmarkDotNet's
/// Ratio would be after / before, and worth_table.py writes before / after from the full JSON export.
/// </summary>
internal static class WorthRun
{
#if WORTH_AFTER
    /// <summary>The side this build is (the sanity files are named after it).</summary>
    public const string Side = "after";
#else
    /// <summary>The side this build is (the sanity files are named after it).</summary>
    public const string Side = "before";
#endif

    public static void Run<TBenchmarks>(string[] args)
    {
        // 3 processes x 15 measured iterations per side: the 99.9% confidence interval of each mean is narrow enough on
        // two cores to tell a 10% difference when the machine is quiet (worth_table.py says when it cannot).
        static Job Job(string side, string checkout) => BenchmarkDotNet.Jobs.Job.Default
            .WithLaunchCount(3).WithWarmupCount(5).WithIterationCount(15)
            .WithArguments(new Argument[] { new MsBuildArgument($"/p:WorthSide={side}"), new MsBuildArgument($"/p:WorthCheckout={Path.GetFullPath(checkout)}") })
            .WithId(side);
        var config = DefaultConfig.Instance
            .AddJob(Job("before", args[0]))
            .AddJob(Job("after", args[1]))
            .AddExporter(JsonExporter.Full)
            .HideColumns("Arguments");
        BenchmarkRunner.Run<TBenchmarks>(config, args[2..]);
    }

    /// <summary>
    /// The job runs a build of its own checkout: the source files that the loaded <paramref name="library"/>'s PDB names
    /// lie in WorthCheckout (this project's build property, in its assembly metadata). BenchmarkDotNet builds each job's
    /// copy of the library in a folder of its own (deleted after the run), so the PDB is what tells where it came from.
    /// </summary>
    public static void CheckBuild(Assembly library)
    {
        var checkout = typeof(WorthRun).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "WorthCheckout").Value!.TrimEnd('/') + "/";
        var pdb = Path.ChangeExtension(library.Location, ".pdb");
        if (!File.Exists(pdb))
            throw new InvalidOperationException($"sanity check failed: no {pdb}: cannot tell which checkout the {Side} job's {library.GetName().Name} was built from");
        using var provider = MetadataReaderProvider.FromPortablePdbStream(File.OpenRead(pdb));
        var reader = provider.GetMetadataReader();
        var documents = reader.Documents.Select(d => reader.GetString(reader.GetDocument(d).Name)).Where(d => d.EndsWith(".cs")).ToList();
        var ours = documents.Count(d => d.StartsWith(checkout, StringComparison.Ordinal));
        if (ours == 0 || ours < documents.Count(d => !d.Contains("/obj/")))
            throw new InvalidOperationException($"sanity check failed: the {Side} job's {library.GetName().Name} was compiled from {documents.FirstOrDefault()} and others, not from {checkout}");
        Console.WriteLine($"// sanity ok: the {Side} job runs {library.GetName().Name} compiled from {ours} source files in {checkout}");
    }

    /// <summary>Writes what this side sent and read (run.sh compares the two sides' files) and prints it.</summary>
    public static void Sanity(string name, params string[] lines)
    {
        var text = string.Join("\n", lines) + "\n";
        Console.WriteLine("// sanity ok: " + text.Replace('\n', ' '));
        if (Environment.GetEnvironmentVariable("WORTH_SANITY") is { Length: > 0 } dir)
            File.WriteAllText(Path.Combine(dir, name + "." + Side), text);
    }
}
