using System;
using System.Collections.Immutable;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text;
using JsonPerf.Analyzers.Tests.Infrastructure.Guarantees;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace JsonPerf.Analyzers.Tests.Infrastructure;

/// <summary>What a program run ended with: its exit code, the raw bytes it wrote to stdout, and its stderr.</summary>
public sealed record ProgramRun(int ExitCode, byte[] Output, string Error)
{
    public string Text => Encoding.UTF8.GetString(Output);
}

/// <summary>Compiles a console program and runs it in its own process; returns the raw bytes it wrote to stdout.</summary>
public static class ProgramRunner
{
    public static byte[] CompileAndRun(string source, ImmutableArray<MetadataReference>? references = null)
        => Run(Compile(source, references));

    /// <summary>
    /// Emits a console program compilation (for example one the source generator has run on) and runs it; with
    /// <paramref name="aspNetCore"/>, on the shared ASP.NET Core framework (Kestrel, minimal APIs); with
    /// <paramref name="reflectionOff"/>, with the run-time switches the SDK writes for a trimmed or native AOT app
    /// (reflection-based serialization off).
    /// </summary>
    public static byte[] Run(Compilation compilation, bool aspNetCore = false, bool reflectionOff = false)
        => Succeeded(Execute(compilation, aspNetCore, reflectionOff)[0]);

    /// <summary>A program before and after a fix, compiled and run as <see cref="CompileAndRun"/> does; see the overload.</summary>
    public static (byte[] Before, byte[] After) RunBeforeAndAfter(string before, string after, ImmutableArray<MetadataReference>? references = null)
        => RunBeforeAndAfter(Compile(before, references), Compile(after, references));

    /// <summary>
    /// Runs a program before and after a fix (each must exit 0) and returns what each printed, for the test to compare.
    /// Every run test goes through here so that the harness also runs both with reflection-based serialization off:
    /// where the original runs so, the fixed one must too and print the same (<see cref="FixGuarantees.CheckReflectionOff"/>;
    /// <paramref name="sameOutput"/> false only where the fix is meant to change what the program prints).
    /// </summary>
    public static (byte[] Before, byte[] After) RunBeforeAndAfter(Compilation before, Compilation after, bool aspNetCore = false, bool reflectionOff = false, bool sameOutput = true)
    {
        var modes = reflectionOff ? new[] { true } : new[] { false, true };
        var runsBefore = Execute(before, aspNetCore, modes);
        // With reflection off, the fixed program runs only where the original did (most originals need reflection).
        var runsAfter = Execute(after, aspNetCore, runsBefore[^1].ExitCode == 0 ? modes : new[] { false });
        var result = (Succeeded(runsBefore[0]), Succeeded(runsAfter[0]));
        FixGuarantees.CheckReflectionOff(runsBefore[^1], runsAfter[^1], sameOutput); // returns at once where the original failed
        return result;
    }

    /// <summary>Emits the program once and runs it once per entry of <paramref name="reflectionOff"/>.</summary>
    public static ProgramRun[] Execute(Compilation compilation, bool aspNetCore, params bool[] reflectionOff)
    {
        var name = "Run" + Guid.NewGuid().ToString("N");
        compilation = compilation.WithAssemblyName(name);
        var source = string.Join("\n", compilation.SyntaxTrees.Select(t => t.ToString()));
        var directory = Directory.CreateTempSubdirectory("jsonperf-run-").FullName;
        try
        {
            var assembly = Path.Combine(directory, name + ".dll");
            var emitted = compilation.Emit(assembly);
            var errors = emitted.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
            Assert.True(emitted.Success, "The program does not compile:\n" + string.Join("\n", errors) + "\n\n" + source);
            // Libraries from NuGet packages (not the shared framework) go beside the program, as a build copies them.
            foreach (var library in compilation.References.OfType<PortableExecutableReference>().Select(r => r.FilePath)
                         .Where(p => p is not null && p.Contains(Path.DirectorySeparatorChar + "lib" + Path.DirectorySeparatorChar, StringComparison.Ordinal)))
            {
                File.Copy(library!, Path.Combine(directory, Path.GetFileName(library!)), overwrite: true);
            }

            var framework = aspNetCore
                ? $$"""{ "name": "Microsoft.AspNetCore.App", "version": "{{Environment.Version.Major}}.0.0" }"""
                : $$"""{ "name": "Microsoft.NETCore.App", "version": "{{Environment.Version}}" }""";
            return reflectionOff.Select((off, i) =>
            {
                var properties = off
                    ? """, "configProperties": { "System.Text.Json.JsonSerializer.IsReflectionEnabledByDefault": false }"""
                    : "";
                var config = Path.Combine(directory, $"{name}.{i}.runtimeconfig.json");
                File.WriteAllText(config, $$"""
                    { "runtimeOptions": { "tfm": "net{{Environment.Version.Major}}.0", "framework": {{framework}}{{properties}} } }
                    """);
                return Start(assembly, config);
            }).ToArray();
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    private static Compilation Compile(string source, ImmutableArray<MetadataReference>? references)
        => CSharpCompilation.Create(
            "Run",
            new[] { CSharpSyntaxTree.ParseText(source, new CSharpParseOptions(LanguageVersion.Latest)) },
            references ?? TestReferences.Net10,
            new CSharpCompilationOptions(OutputKind.ConsoleApplication, nullableContextOptions: NullableContextOptions.Disable));

    private static byte[] Succeeded(ProgramRun run)
    {
        Assert.True(run.ExitCode == 0, $"The program exited with {run.ExitCode}: {run.Error}");
        return run.Output;
    }

    private static ProgramRun Start(string assembly, string config)
    {
        var start = new ProcessStartInfo(DotnetHost(), $"exec --runtimeconfig \"{config}\" \"{assembly}\"")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        using var process = Process.Start(start)!;
        using var stdout = new MemoryStream();
        var copy = process.StandardOutput.BaseStream.CopyToAsync(stdout);
        var stderr = process.StandardError.ReadToEndAsync();
        Assert.True(process.WaitForExit(60_000), "The program did not finish within 60 s.");
        copy.Wait();
        return new ProgramRun(process.ExitCode, stdout.ToArray(), stderr.Result);
    }

    private static string DotnetHost()
        => Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host && File.Exists(host)
            ? host
            : Path.Combine(Path.GetDirectoryName(Path.GetDirectoryName(Path.GetDirectoryName(Path.GetDirectoryName(typeof(object).Assembly.Location))))!, "dotnet");
}
