using System.IO;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;

/// <summary>
/// What every worth benchmark runs: one BenchmarkDotNet run, two builds of the repository, "before" (the commit as is,
/// the baseline) and "after" (the commit with JsonPerf's fixes), each a job that builds this project against its
/// checkout (<c>/p:WorthCheckout</c>, <c>/p:WorthSide</c>). Arguments (run.sh passes them):
/// <c>&lt;before-checkout&gt; &lt;after-checkout&gt; [BenchmarkDotNet args]</c>.
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
        static Job Job(string side, string checkout) => BenchmarkDotNet.Jobs.Job.Default
            .WithLaunchCount(1).WithWarmupCount(3).WithIterationCount(10)
            .WithArguments(new Argument[] { new MsBuildArgument($"/p:WorthSide={side}"), new MsBuildArgument($"/p:WorthCheckout={Path.GetFullPath(checkout)}") })
            .WithId(side);
        var config = DefaultConfig.Instance
            .AddJob(Job("before", args[0]).AsBaseline())
            .AddJob(Job("after", args[1]))
            .HideColumns("Arguments");
        BenchmarkRunner.Run<TBenchmarks>(config, args[2..]);
    }
}
