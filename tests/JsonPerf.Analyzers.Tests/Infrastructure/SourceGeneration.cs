using System;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace JsonPerf.Analyzers.Tests.Infrastructure;

/// <summary>
/// The System.Text.Json source generator that ships in the SDK's targeting pack, run on a project the way a build
/// runs it: a scaffolded or extended context that does not generate fails the test.
/// </summary>
public static class SourceGeneration
{
    private static readonly Lazy<AnalyzerFileReference> s_reference = new(() =>
    {
        var directory = Path.Combine(Path.GetDirectoryName(Path.GetDirectoryName(TestReferences.NetCoreRefDirectory("Microsoft.NETCore.App.Ref")))!, "analyzers", "dotnet", "cs");
        var path = Path.Combine(directory, "System.Text.Json.SourceGeneration.dll");
        Assert.True(File.Exists(path), "The System.Text.Json source generator is not in the targeting pack: " + path);
        return new AnalyzerFileReference(path, new Loader());
    });

    private static readonly Lazy<ImmutableArray<ISourceGenerator>> s_generators = new(() => s_reference.Value.GetGenerators(LanguageNames.CSharp));

    /// <summary>
    /// The project with the generator as an analyzer reference, as in a real project: the workspace's compilation
    /// (which the analyzers and the fix see) then includes the generated code, so fixed calls bind.
    /// </summary>
    public static Project WithGenerator(Project project) => project.AddAnalyzerReference(s_reference.Value);

    /// <summary>
    /// The project's compilation with the generator's output, after asserting that it compiles with no errors and that
    /// the generator reported no warnings (SYSLIB1xxx: a type it skipped, a duplicate name, ...).
    /// </summary>
    public static async Task<Compilation> CompileAsync(Project project)
    {
        // Run the generator here, once, whether or not the workspace already ran it.
        project = project.WithAnalyzerReferences(Enumerable.Empty<AnalyzerReference>());
        var compilation = (await project.GetCompilationAsync())!;
        var driver = CSharpGeneratorDriver.Create(s_generators.Value, parseOptions: (CSharpParseOptions)project.ParseOptions!);
        driver.RunGeneratorsAndUpdateCompilation(compilation, out var generated, out var generatorDiagnostics);
        var problems = generatorDiagnostics.Where(d => d.Severity >= DiagnosticSeverity.Warning)
            .Concat(generated.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error))
            .ToList();
        Assert.True(problems.Count == 0, "The project does not compile with the source generator:\n" + string.Join("\n", problems) + "\n\n" + await SourcesAsync(project));
        return generated;
    }

    /// <summary>
    /// The compilation with the generator's output, and the generator's own diagnostics (SYSLIB1xxx): the generator is run
    /// here, on the compilation without any output a workspace's generator added. No assertion: the fix guarantees compare
    /// what compiles before and after.
    /// </summary>
    public static Compilation Generated(Compilation compilation, out ImmutableArray<Diagnostic> generatorDiagnostics)
    {
        var earlier = compilation.SyntaxTrees.Where(t => t.FilePath.Contains("System.Text.Json.SourceGeneration", StringComparison.Ordinal)).ToList();
        compilation = compilation.RemoveSyntaxTrees(earlier);
        var parseOptions = compilation.SyntaxTrees.FirstOrDefault()?.Options as CSharpParseOptions;
        CSharpGeneratorDriver.Create(s_generators.Value, parseOptions: parseOptions).RunGeneratorsAndUpdateCompilation(compilation, out var generated, out generatorDiagnostics);
        return generated;
    }

    public static async Task<string> SourcesAsync(Project project)
    {
        var text = new System.Text.StringBuilder();
        foreach (var document in project.Documents.OrderBy(d => d.Name, StringComparer.Ordinal))
        {
            text.Append("// ").AppendLine(document.Name).AppendLine((await document.GetTextAsync()).ToString());
        }

        return text.ToString();
    }

    private sealed class Loader : IAnalyzerAssemblyLoader
    {
        public void AddDependencyLocation(string fullPath)
        {
        }

        public Assembly LoadFromPath(string fullPath) => Assembly.LoadFrom(fullPath);
    }
}
