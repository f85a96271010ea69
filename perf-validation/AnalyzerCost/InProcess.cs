using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace JsonPerf.AnalyzerCost;

/// <summary>
/// <c>inprocess DIR [rounds]</c>: the analyzers on a generated project without a build, in this process, through
/// <c>CompilationWithAnalyzers</c>, after the compilation is bound (so binding is nobody's cost) and warm (the first round
/// is dropped: no JIT). Each set of analyzers runs alone on a fresh compilation, sets interleaved round by round; the
/// table gives the median of the other rounds. This is where a change to an analyzer shows without the build's noise
/// (who binds first, JIT, the other analyzers). Sets: CA1869 (NetAnalyzers from the running SDK), JsonPerf's
/// <c>JsonPerfAnalyzer</c> (JP0001/4/5/6/7), JP0002 as a warning (what trimmed/AOT projects run), and two probes that do nothing but report a warning at every
/// <c>new JsonSerializerOptions</c>, one with <c>GeneratedCodeAnalysisFlags.None</c> (the compiler checks each reported
/// location for generated code) and one with <c>ReportDiagnostics</c> (it does not). <c>DETAIL=1</c> adds two probes that
/// register an empty Invocation / ObjectCreation callback (the cost of the callback itself) and each hosted rule alone;
/// <c>SETS=a,b</c> keeps only the sets whose name contains one of the given strings. Two more probes report at exactly
/// the sites JsonPerf's sets reported, with no judgement (the compiler's own handling of those reports).
/// Besides the compiler's time per set (its telemetry, what a build's <c>ReportAnalyzer</c> prints), the table gives the
/// collection pauses that fell inside the set's callbacks and the time without them: on a bound 2,000-file compilation
/// a collection pauses for tens of milliseconds, and the compiler's timer charges it to whichever callback was running
/// when some allocation made it due. The binding time (the compilation's own diagnostics, no analyzers) is the scale.
/// </summary>
internal static class InProcess
{
    /// <summary>
    /// The trees and, where one declares a <c>[JsonSerializable]</c> context, what System.Text.Json's source generator
    /// (from the targeting pack the references come from) adds to them, so that calls on generated metadata bind.
    /// </summary>
    private static List<SyntaxTree> WithGeneratedContexts(List<SyntaxTree> trees, List<MetadataReference> references, CSharpCompilationOptions options, CSharpParseOptions parse, string refPack)
    {
        if (!trees.Any(t => t.ToString().Contains("[JsonSerializable(", StringComparison.Ordinal)))
        {
            return trees;
        }

        var generator = Assembly.LoadFrom(Path.Combine(refPack, "analyzers", "dotnet", "cs", "System.Text.Json.SourceGeneration.dll"));
        var generators = generator.GetTypes().Where(t => !t.IsAbstract && typeof(IIncrementalGenerator).IsAssignableFrom(t))
            .Select(t => ((IIncrementalGenerator)Activator.CreateInstance(t)!).AsSourceGenerator()).ToArray();
        CSharpGeneratorDriver.Create(generators, parseOptions: parse)
            .RunGeneratorsAndUpdateCompilation(CSharpCompilation.Create("Synthetic", trees, references, options), out var output, out var errors);
        if (errors.FirstOrDefault(d => d.Severity == DiagnosticSeverity.Error) is { } error)
        {
            throw new InvalidOperationException("the JSON source generator failed: " + error);
        }

        return output.SyntaxTrees.ToList();
    }

    private const string HostedSet = "JsonPerfAnalyzer (JP0001/4/5/6/7)";
    private const string Jp0002Set = "ReflectionSerializationAnalyzer (JP0002, a warning as in trimmed/AOT projects)";

    /// <summary>What one measured compilation is made of: its trees (generated ones included), references, options and, for a replayed compile, its analyzer config.</summary>
    internal sealed record Inputs(string Name, List<SyntaxTree> Trees, List<MetadataReference> References, CSharpCompilationOptions Options, AnalyzerConfigOptionsProvider? Config, ImmutableArray<AdditionalText> AdditionalFiles);

    private static readonly string DotnetRoot = Path.GetDirectoryName(Path.GetDirectoryName(Path.GetDirectoryName(RuntimeEnvironment.GetRuntimeDirectory().TrimEnd('/'))))!;

    public static Task<int> RunAsync(string projectDirectory, int rounds)
    {
        var refs = Directory.GetDirectories(Path.Combine(DotnetRoot, "packs", "Microsoft.NETCore.App.Ref")).OrderBy(d => Version.Parse(Path.GetFileName(d).Split('-')[0])).Last();
        var references = Directory.GetFiles(Path.Combine(refs, "ref", "net10.0"), "*.dll").Select(f => (MetadataReference)MetadataReference.CreateFromFile(f)).ToList();

        var parse = new CSharpParseOptions(LanguageVersion.Latest);
        var trees = Directory.GetFiles(projectDirectory, "*.cs", SearchOption.AllDirectories).Where(f => !f.Contains("/obj/") && !f.Contains("/bin/")).OrderBy(f => f, StringComparer.Ordinal)
            .Select(f => CSharpSyntaxTree.ParseText(File.ReadAllText(f), parse, f)).ToList();
        // The generated project's ImplicitUsings.
        trees.Add(CSharpSyntaxTree.ParseText("global using System; global using System.IO; global using System.Collections.Generic; global using System.Linq; global using System.Net.Http; global using System.Threading; global using System.Threading.Tasks;", parse, "GlobalUsings.g.cs"));
        var options = new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Disable,
            specificDiagnosticOptions: new Dictionary<string, ReportDiagnostic> { ["CA1869"] = ReportDiagnostic.Warn, ["JP0002"] = ReportDiagnostic.Warn });
        // METADATA=1's project has a JsonSerializerContext: its generated half, as the build's generator writes it.
        trees = WithGeneratedContexts(trees, references, options, parse, refs);
        return MeasureAsync(new Inputs("Synthetic", trees, references, options, null, ImmutableArray<AdditionalText>.Empty), rounds);
    }

    /// <summary>
    /// Each set of analyzers alone on a fresh, bound compilation of <paramref name="inputs"/>, sets interleaved round by
    /// round, the first round dropped; prints the table.
    /// </summary>
    public static async Task<int> MeasureAsync(Inputs inputs, int rounds)
    {
        var (assemblyName, trees, references, options, config, additionalFiles) = inputs;
        var sdk = Directory.GetDirectories(Path.Combine(DotnetRoot, "sdk")).Where(d => char.IsDigit(Path.GetFileName(d)[0])).OrderBy(d => Version.Parse(Path.GetFileName(d).Split('-')[0])).Last();
        var netAnalyzers = Assembly.LoadFrom(Path.Combine(sdk, "Sdks", "Microsoft.NET.Sdk", "analyzers", "Microsoft.CodeAnalysis.NetAnalyzers.dll"));

        // Where JsonPerf's sets reported (filled by the first round, which is not measured), for the probes that report there.
        var sites = new Dictionary<string, ImmutableArray<Diagnostic>>();
        var sets = new (string Name, Func<DiagnosticAnalyzer> Create)[]
        {
            ("CA1869 (NetAnalyzers)", () => Ca1869(netAnalyzers)),
            (HostedSet, () => new JsonPerf.Analyzers.JsonPerfAnalyzer()),
            (Jp0002Set, () => new JsonPerf.Analyzers.ReflectionSerializationAnalyzer()),
            ("probe: report every options creation, None", () => new ReportEveryOptionsCreation(GeneratedCodeAnalysisFlags.None)),
            ("probe: report every options creation, ReportDiagnostics", () => new ReportEveryOptionsCreation(GeneratedCodeAnalysisFlags.ReportDiagnostics)),
            // The compiler's own handling of the same reports, with no judgement: the floor any analyzer reporting there pays.
            ("probe: report JsonPerfAnalyzer's sites, nothing else", () => new ReportSites(sites.GetValueOrDefault(HostedSet, ImmutableArray<Diagnostic>.Empty))),
            ("probe: report JP0002's sites, nothing else", () => new ReportSites(sites.GetValueOrDefault(Jp0002Set, ImmutableArray<Diagnostic>.Empty))),
        };
        if (Environment.GetEnvironmentVariable("DETAIL") == "1")
        {
            sets = sets.Concat(new (string Name, Func<DiagnosticAnalyzer> Create)[]
            {
                ("probe: empty Invocation callback", () => new JsonPerf.FloorProbe.EmptyOperationCallbacks(OperationKind.Invocation)),
                ("probe: empty ObjectCreation callback", () => new JsonPerf.FloorProbe.EmptyOperationCallbacks(OperationKind.ObjectCreation)),
            }).Concat(new[] { typeof(JsonPerf.Analyzers.JsonSerializerOptionsCreatedPerCallAnalyzer), typeof(JsonPerf.Analyzers.JavaScriptEncoderCreatedPerCallAnalyzer), typeof(JsonPerf.Analyzers.Utf16DetourAnalyzer), typeof(JsonPerf.Analyzers.ConvertWithoutTextAnalyzer), typeof(JsonPerf.Analyzers.JsonDocumentNotDisposedAnalyzer) }
                .Select(t => (t.Name + " alone", (Func<DiagnosticAnalyzer>)(() => (DiagnosticAnalyzer)Activator.CreateInstance(t)!)))).ToArray();
        }
        if (Environment.GetEnvironmentVariable("SETS") is { Length: > 0 } only)
        {
            sets = sets.Where(s => only.Split(',').Any(o => s.Name.Contains(o, StringComparison.OrdinalIgnoreCase))).ToArray();
        }

        var times = sets.ToDictionary(s => s.Name, _ => new List<double>());
        var bytes = sets.ToDictionary(s => s.Name, _ => new List<long>());
        var pauses = sets.ToDictionary(s => s.Name, _ => new List<double>());
        var withoutPauses = sets.ToDictionary(s => s.Name, _ => new List<double>());
        var counts = new Dictionary<string, int>();
        var bindings = new List<double>();  // the compiler's own work without analyzers (parse excluded, emit not done)
        for (var round = 0; round < rounds; round++)
        {
            foreach (var (name, create) in sets)
            {
                var compilation = CSharpCompilation.Create(assemblyName, trees, references, options);
                var binding = Stopwatch.StartNew();
                // Bound before the analyzers run; a compilation with errors (a reference or a generator missing) is not the
                // one a build analyzes, so it is no measurement.
                if (compilation.GetDiagnostics().FirstOrDefault(d => d.Severity == DiagnosticSeverity.Error) is { } error)
                {
                    Console.Error.WriteLine($"the compilation does not compile: {error}");
                    return 1;
                }

                if (round > 0)
                {
                    bindings.Add(binding.Elapsed.TotalSeconds);
                }

                // The binding's garbage collected now, so that its collection does not land in the measured callbacks
                // (without this the same set ranged 5-10x from round to round on a quiet machine).
                GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
                GC.WaitForPendingFinalizers();
                var analyzer = new Metered(create());
                var withAnalyzers = compilation.WithAnalyzers(ImmutableArray.Create<DiagnosticAnalyzer>(analyzer),
                    new CompilationWithAnalyzersOptions(config is null ? new AnalyzerOptions(additionalFiles) : new AnalyzerOptions(additionalFiles, config), null, concurrentAnalysis: false, logAnalyzerExecutionTime: true, reportSuppressedDiagnostics: false));
                var diagnostics = await withAnalyzers.GetAnalyzerDiagnosticsAsync();
                if (diagnostics.FirstOrDefault(d => d.Id == "AD0001") is { } failure)
                {
                    // The driver turns an analyzer's exception into AD0001: a time measured so is not the analyzer's.
                    Console.Error.WriteLine($"{name}: {failure.GetMessage()}");
                    return 1;
                }

                counts[name] = diagnostics.Count(d => d.Severity >= DiagnosticSeverity.Warning);
                if (round == 0 && name is HostedSet or Jp0002Set)
                {
                    sites[name] = diagnostics.Where(d => d.Severity >= DiagnosticSeverity.Warning).ToImmutableArray();
                }

                var telemetry = await withAnalyzers.GetAnalyzerTelemetryInfoAsync(analyzer, default);
                if (round > 0)
                {
                    times[name].Add(telemetry.ExecutionTime.TotalSeconds);
                    bytes[name].Add(analyzer.AllocatedBytes);
                    pauses[name].Add(analyzer.GcPauseInCallbacks.TotalSeconds);
                    withoutPauses[name].Add(telemetry.ExecutionTime.TotalSeconds - analyzer.GcPauseInCallbacks.TotalSeconds);
                }
            }
        }

        Console.WriteLine($"In process: {trees.Count} files (generated ones included), {RuntimeInformation.FrameworkDescription}, Roslyn {typeof(Compilation).Assembly.GetName().Version}, NetAnalyzers from {sdk}");
        Console.WriteLine($"| Each alone, bound and warm (rounds 2..{rounds}) | Time: median (range) | Fastest | Collection pauses inside its callbacks: median (range) | Time without them: median (range) | Allocated by its callbacks | Warnings |");
        Console.WriteLine("|---|---:|---:|---:|---:|---:|---:|");
        bindings.Sort();
        var bound = bindings[bindings.Count / 2];
        Console.WriteLine($"| (the compiler binding the project, no analyzers: the scale) | {bound:0.000} s ({bindings[0]:0.000}–{bindings[^1]:0.000}) | {bindings[0]:0.000} s | | | | |");
        foreach (var (name, _) in sets)
        {
            var sorted = times[name].OrderBy(t => t).ToList();
            var allocated = bytes[name].OrderBy(b => b).ToList();
            var paused = pauses[name].OrderBy(t => t).ToList();
            var own = withoutPauses[name].OrderBy(t => t).ToList();
            Console.WriteLine($"| {name} | {sorted[sorted.Count / 2]:0.000} s ({sorted[0]:0.000}–{sorted[^1]:0.000}), {100 * sorted[sorted.Count / 2] / bound:0.00}% of binding | {sorted[0]:0.000} s "
                + $"| {paused[paused.Count / 2]:0.000} s ({paused[0]:0.000}–{paused[^1]:0.000}) | {own[own.Count / 2]:0.000} s ({own[0]:0.000}–{own[^1]:0.000}), {100 * own[own.Count / 2] / bound:0.00}% of binding "
                + $"| {allocated[allocated.Count / 2] / 1e6:0.00} MB | {counts[name]} |");
        }

        foreach (var (name, found) in sites)
        {
            Console.WriteLine($"Sites by rule, {name}: {(found.IsEmpty ? "none" : string.Join(", ", found.GroupBy(d => d.Id).OrderBy(g => g.Key, StringComparer.Ordinal).Select(g => $"{g.Key} {g.Count()}")))}");
        }

        return 0;
    }

    private static DiagnosticAnalyzer Ca1869(Assembly netAnalyzers)
    {
        Type[] types;
        try
        {
            types = netAnalyzers.GetTypes();
        }
        catch (ReflectionTypeLoadException e)
        {
            types = e.Types.Where(t => t is not null).ToArray()!;
        }

        foreach (var type in types.Where(t => typeof(DiagnosticAnalyzer).IsAssignableFrom(t) && !t.IsAbstract && t.GetConstructor(Type.EmptyTypes) is not null))
        {
            var analyzer = (DiagnosticAnalyzer)Activator.CreateInstance(type)!;
            if (analyzer.SupportedDiagnostics.Any(d => d.Id == "CA1869"))
            {
                return analyzer;
            }
        }

        throw new InvalidOperationException("CA1869 not found in " + netAnalyzers.Location);
    }

#pragma warning disable RS1001, RS2008 // Probes this tool creates itself, never exported or shipped.
    /// <summary>
    /// Reports a warning at each of <paramref name="sites"/> from one semantic model callback per file, with no judgement:
    /// what the compiler's handling of those reports costs (checks, severity, queue), which it charges to the analyzer.
    /// </summary>
    private sealed class ReportSites(ImmutableArray<Diagnostic> sites) : DiagnosticAnalyzer
    {
        private static readonly DiagnosticDescriptor Probe = new("PROBE3", "Probe", "Probe {0}", "Probe", DiagnosticSeverity.Warning, isEnabledByDefault: true);

        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => ImmutableArray.Create(Probe);

        public override void Initialize(AnalysisContext context)
        {
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.ReportDiagnostics);
            context.EnableConcurrentExecution();
            var byFile = sites.Where(d => d.Location.SourceTree is not null).GroupBy(d => d.Location.SourceTree!.FilePath).ToDictionary(g => g.Key, g => g.Select(d => d.Location.SourceSpan).ToArray());
            context.RegisterSemanticModelAction(c =>
            {
                if (byFile.TryGetValue(c.SemanticModel.SyntaxTree.FilePath, out var spans))
                {
                    foreach (var span in spans)
                    {
                        c.ReportDiagnostic(Diagnostic.Create(Probe, Location.Create(c.SemanticModel.SyntaxTree, span), "site"));
                    }
                }
            });
        }
    }

    private sealed class ReportEveryOptionsCreation(GeneratedCodeAnalysisFlags flags) : DiagnosticAnalyzer
    {
        private static readonly DiagnosticDescriptor Probe = new("PROBE1", "Probe", "Probe", "Probe", DiagnosticSeverity.Warning, isEnabledByDefault: true);
#pragma warning restore RS1001, RS2008

        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => ImmutableArray.Create(Probe);

        public override void Initialize(AnalysisContext context)
        {
            context.ConfigureGeneratedCodeAnalysis(flags);
            context.EnableConcurrentExecution();
            context.RegisterCompilationStartAction(start =>
            {
                var options = start.Compilation.GetTypeByMetadataName("System.Text.Json.JsonSerializerOptions");
                start.RegisterOperationAction(
                    c =>
                    {
                        if (SymbolEqualityComparer.Default.Equals(((IObjectCreationOperation)c.Operation).Type, options))
                        {
                            c.ReportDiagnostic(Diagnostic.Create(Probe, c.Operation.Syntax.GetLocation()));
                        }
                    },
                    OperationKind.ObjectCreation);
            });
        }
    }
}
