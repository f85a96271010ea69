using System;
using System.Collections.Immutable;
using System.Diagnostics;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace JsonPerf.Analyzers.Tests.Infrastructure;

/// <summary>Compiles a console program and runs it in its own process; returns the raw bytes it wrote to stdout.</summary>
public static class ProgramRunner
{
    public static byte[] CompileAndRun(string source, ImmutableArray<MetadataReference>? references = null)
        => Run(CSharpCompilation.Create(
            "Run",
            new[] { CSharpSyntaxTree.ParseText(source, new CSharpParseOptions(LanguageVersion.Latest)) },
            references ?? TestReferences.Net10,
            new CSharpCompilationOptions(OutputKind.ConsoleApplication, nullableContextOptions: NullableContextOptions.Disable)));

    /// <summary>
    /// Emits a console program compilation (for example one the source generator has run on) and runs it; with
    /// <paramref name="aspNetCore"/>, on the shared ASP.NET Core framework (Kestrel, minimal APIs); with
    /// <paramref name="reflectionOff"/>, with the run-time switches the SDK writes for a trimmed or native AOT app
    /// (reflection-based serialization off).
    /// </summary>
    public static byte[] Run(Compilation compilation, bool aspNetCore = false, bool reflectionOff = false)
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

            var framework = aspNetCore
                ? $$"""{ "name": "Microsoft.AspNetCore.App", "version": "{{Environment.Version.Major}}.0.0" }"""
                : $$"""{ "name": "Microsoft.NETCore.App", "version": "{{Environment.Version}}" }""";
            var properties = reflectionOff
                ? """, "configProperties": { "System.Text.Json.JsonSerializer.IsReflectionEnabledByDefault": false }"""
                : "";
            File.WriteAllText(Path.Combine(directory, name + ".runtimeconfig.json"), $$"""
                { "runtimeOptions": { "tfm": "net{{Environment.Version.Major}}.0", "framework": {{framework}}{{properties}} } }
                """);

            var start = new ProcessStartInfo(DotnetHost(), $"exec \"{assembly}\"")
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
            Assert.True(process.ExitCode == 0, $"The program exited with {process.ExitCode}: {stderr.Result}");
            return stdout.ToArray();
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    private static string DotnetHost()
        => Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host && File.Exists(host)
            ? host
            : Path.Combine(Path.GetDirectoryName(Path.GetDirectoryName(Path.GetDirectoryName(Path.GetDirectoryName(typeof(object).Assembly.Location))))!, "dotnet");
}
