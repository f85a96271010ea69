using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace JsonPerf.Analyzers.Tests.Infrastructure;

/// <summary>
/// The real CA1869 analyzer, from the Microsoft.CodeAnalysis.NetAnalyzers package the test project downloads at
/// restore, else from the analyzers the running .NET SDK ships. Neither found is a failure, never a skip: the
/// suppressor and parity tests mean nothing against an imitation.
/// </summary>
public static class NetAnalyzers
{
    public const string Ca1869 = "CA1869";

    private static readonly Lazy<(DiagnosticAnalyzer Analyzer, string Origin)> s_ca1869 = new(LoadCa1869);

    /// <summary>The analyzer that reports CA1869, found by its supported diagnostic id.</summary>
    public static DiagnosticAnalyzer Ca1869Analyzer => s_ca1869.Value.Analyzer;

    /// <summary>Where the analyzer was loaded from.</summary>
    public static string Ca1869Origin => s_ca1869.Value.Origin;

    /// <summary>
    /// Every diagnostic of <paramref name="analyzers"/> on the project, suppressed ones included (see
    /// <see cref="Diagnostic.IsSuppressed"/>), with CA1869 turned on as a warning unless the project configures it.
    /// </summary>
    public static async Task<ImmutableArray<Diagnostic>> GetDiagnosticsWithSuppressedAsync(Project project, params DiagnosticAnalyzer[] analyzers)
    {
        var compilation = (await project.GetCompilationAsync().ConfigureAwait(false))!;
        if (!compilation.Options.SpecificDiagnosticOptions.ContainsKey(Ca1869))
        {
            compilation = compilation.WithOptions(compilation.Options.WithSpecificDiagnosticOptions(
                compilation.Options.SpecificDiagnosticOptions.SetItem(Ca1869, ReportDiagnostic.Warn)));
        }

        var options = new CompilationWithAnalyzersOptions(
            new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty, project.AnalyzerOptions.AnalyzerConfigOptionsProvider),
            onAnalyzerException: null, concurrentAnalysis: true, logAnalyzerExecutionTime: false, reportSuppressedDiagnostics: true);
        var diagnostics = await compilation.WithAnalyzers(analyzers.ToImmutableArray(), options).GetAnalyzerDiagnosticsAsync().ConfigureAwait(false);
        var failures = diagnostics.Where(d => d.Id == "AD0001").Select(d => d.GetMessage()).ToList();
        if (failures.Count > 0)
        {
            throw new InvalidOperationException("An analyzer threw: " + string.Join("\n", failures));
        }

        return diagnostics;
    }

    private static (DiagnosticAnalyzer, string) LoadCa1869()
    {
        var tried = new List<string>();
        foreach (var directory in CandidateDirectories())
        {
            tried.Add(directory);
            var core = Path.Combine(directory, "Microsoft.CodeAnalysis.NetAnalyzers.dll");
            var csharp = Path.Combine(directory, "Microsoft.CodeAnalysis.CSharp.NetAnalyzers.dll");
            if (!File.Exists(core) || !File.Exists(csharp))
            {
                continue;
            }

            foreach (var path in new[] { core, csharp })
            {
                var assembly = Assembly.LoadFrom(path);
                foreach (var type in assembly.GetTypes().Where(t => !t.IsAbstract && typeof(DiagnosticAnalyzer).IsAssignableFrom(t)
                                                                    && t.GetCustomAttributes<DiagnosticAnalyzerAttribute>().Any(a => a.Languages.Contains(LanguageNames.CSharp))
                                                                    && t.GetConstructor(Type.EmptyTypes) is not null))
                {
                    var analyzer = (DiagnosticAnalyzer)Activator.CreateInstance(type)!;
                    if (analyzer.SupportedDiagnostics.Any(d => d.Id == Ca1869))
                    {
                        return (analyzer, path);
                    }
                }
            }
        }

        throw new InvalidOperationException("No analyzer reporting CA1869 found; looked in:\n" + string.Join("\n", tried));
    }

    /// <summary>The package in the NuGet cache first, then every SDK beside the running runtime, newest first.</summary>
    private static IEnumerable<string> CandidateDirectories()
    {
        var metadata = typeof(NetAnalyzers).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().ToDictionary(a => a.Key, a => a.Value);
        if (metadata.TryGetValue("NuGetPackageRoot", out var packages) && metadata.TryGetValue("NetAnalyzersVersion", out var version) && packages is not null && version is not null)
        {
            yield return Path.Combine(packages, "microsoft.codeanalysis.netanalyzers", version, "analyzers", "dotnet", "cs");
        }

        // <dotnet root>/shared/Microsoft.NETCore.App/<version>/System.Private.CoreLib.dll -> <dotnet root>/sdk/<version>/...
        var runtimeDirectory = Path.GetDirectoryName(typeof(object).Assembly.Location);
        var dotnetRoot = runtimeDirectory is null ? null : Directory.GetParent(runtimeDirectory)?.Parent?.Parent?.FullName;
        var sdkRoot = dotnetRoot is null ? null : Path.Combine(dotnetRoot, "sdk");
        if (sdkRoot is not null && Directory.Exists(sdkRoot))
        {
            foreach (var sdk in Directory.GetDirectories(sdkRoot).OrderByDescending(d => Version.TryParse(Path.GetFileName(d).Split('-')[0], out var v) ? v : new Version(0, 0)))
            {
                yield return Path.Combine(sdk, "Sdks", "Microsoft.NET.Sdk", "analyzers");
            }
        }
    }
}
