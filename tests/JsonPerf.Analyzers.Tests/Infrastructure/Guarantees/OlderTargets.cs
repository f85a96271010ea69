using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace JsonPerf.Analyzers.Tests.Infrastructure.Guarantees;

/// <summary>
/// Property 1 on the oldest targets the package supports users on, with nullable on: a fix's before and after compiled
/// again against net8.0's references with net8.0's System.Text.Json generator, and against netstandard2.0 with the
/// System.Text.Json 8.0 package and its generator (each generator annotates the metadata it writes its own way). A fix
/// whose code before does not compile on a target (an API of a later .NET), or whose fix uses an API the target lacks,
/// is not checked there, and counted apart.
/// </summary>
internal static class OlderTargets
{
    private static readonly Target[] s_targets =
    {
        new("net8.0", () => TestReferences.Net8, () => Generator(Path.Combine(TestReferences.Net8Pack, "analyzers", "dotnet", "cs")), "NET", "NETCOREAPP", "NET8_0", "NET5_0_OR_GREATER", "NET6_0_OR_GREATER", "NET7_0_OR_GREATER", "NET8_0_OR_GREATER"),
        new("netstandard2.0", () => TestReferences.NetStandard20WithSystemTextJson, () => Generator(Path.Combine(TestReferences.OldestSystemTextJsonPackage, "analyzers", "dotnet", "roslyn4.4", "cs")), "NETSTANDARD", "NETSTANDARD2_0", "NETSTANDARD1_0_OR_GREATER", "NETSTANDARD2_0_OR_GREATER"),
    };

    public static string Summary
        => string.Join("; ", s_targets.Select(t => $"{t.Name}: {Volatile.Read(ref t.Checked)} fixes (not: {Volatile.Read(ref t.Skipped)} whose code does not compile there, {Volatile.Read(ref t.Newer)} that use an API it lacks)"));

    /// <summary>Fixes checked on every older target together.</summary>
    public static int Checked => s_targets.Sum(t => Volatile.Read(ref t.Checked));

    /// <summary>The compiler and generator warnings the fix adds on each older target; fails the test on any.</summary>
    public static void Check(Compilation before, Compilation after)
    {
        foreach (var target in s_targets)
        {
            var (beforeThere, generatorBefore) = target.Compile(before);
            if (beforeThere.GetDiagnostics().Any(d => d.Severity == DiagnosticSeverity.Error))
            {
                Interlocked.Increment(ref target.Skipped);
                continue;
            }

            var (afterThere, generatorAfter) = target.Compile(after);
            if (afterThere.GetDiagnostics().Any(d => d.Severity == DiagnosticSeverity.Error))
            {
                // The fix used an API of the project's own target (JsonElement.Parse, JsonSerializerOptions.Web): right for
                // a project that targets it alone; a multi-targeted project gets it only where every target has it.
                Interlocked.Increment(ref target.Newer);
                continue;
            }

            var added = CompilerWarnings.Added(beforeThere, generatorBefore, afterThere, generatorAfter);
            Assert.True(added.Count == 0, $"On {target.Name} (nullable on), the fix added compiler warnings or errors:\n" + string.Join("\n", added)
                + "\n\n" + string.Join("\n", afterThere.SyntaxTrees.Where(t => !IsGenerated(t)).Select(t => "// " + t.FilePath + "\n" + t)));
            Interlocked.Increment(ref target.Checked);
        }
    }

    private static bool IsGenerated(SyntaxTree tree) => tree.FilePath.Contains("System.Text.Json.SourceGeneration", StringComparison.Ordinal);

    private static ImmutableArray<ISourceGenerator> Generator(string directory)
    {
        var path = Path.Combine(directory, "System.Text.Json.SourceGeneration.dll");
        Assert.True(File.Exists(path), "The System.Text.Json source generator is missing: " + path);
        return new AnalyzerFileReference(path, new IsolatedLoader(directory)).GetGenerators(LanguageNames.CSharp);
    }

    private sealed class Target(string name, Func<ImmutableArray<MetadataReference>> references, Func<ImmutableArray<ISourceGenerator>> generators, params string[] symbols)
    {
        private readonly Lazy<ImmutableArray<MetadataReference>> references = new(references);
        private readonly Lazy<ImmutableArray<ISourceGenerator>> generators = new(generators);
        public int Checked;
        public int Skipped;
        public int Newer;

        public string Name { get; } = name;

        /// <summary>The compilation's own sources, parsed with this target's symbols, compiled against its references with its generator run.</summary>
        public (Compilation Compilation, ImmutableArray<Diagnostic> Generator) Compile(Compilation compilation)
        {
            var trees = compilation.SyntaxTrees.Where(t => !IsGenerated(t))
                .Select(t => CSharpSyntaxTree.ParseText(t.GetText(), ((CSharpParseOptions)t.Options).WithPreprocessorSymbols(symbols), t.FilePath))
                .ToList();
            var options = ((CSharpCompilationOptions)compilation.Options).WithNullableContextOptions(NullableContextOptions.Enable).WithWarningLevel(9999);
            var retargeted = CSharpCompilation.Create(compilation.AssemblyName, trees, references.Value, options);
            CSharpGeneratorDriver.Create(generators.Value, parseOptions: trees.FirstOrDefault()?.Options as CSharpParseOptions)
                .RunGeneratorsAndUpdateCompilation(retargeted, out var generated, out var diagnostics);
            return (generated, diagnostics);
        }
    }

    /// <summary>A generator of another System.Text.Json version, in a load context of its own (Roslyn comes from the tests').</summary>
    private sealed class IsolatedLoader(string directory) : IAnalyzerAssemblyLoader
    {
        private readonly AssemblyLoadContext context = new("System.Text.Json generator from " + directory);

        public void AddDependencyLocation(string fullPath)
        {
        }

        public Assembly LoadFromPath(string fullPath) => context.LoadFromAssemblyPath(fullPath);
    }
}
