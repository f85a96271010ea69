using BenchmarkDotNet.Running;

namespace JsonPerf.PerfValidation;

public static class Program
{
    public static void Main(string[] args) => BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
}
