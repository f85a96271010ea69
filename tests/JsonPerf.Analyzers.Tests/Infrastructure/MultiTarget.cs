using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure.Guarantees;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace JsonPerf.Analyzers.Tests.Infrastructure;

/// <summary>
/// A project multi-targeted at net10.0 and net8.0 as the IDE and <c>dotnet format</c> load it: one project per target,
/// each with its preprocessor symbols and references, holding its own document for every shared file (linked documents).
/// </summary>
public static class MultiTarget
{
    public static readonly string[] Net10Symbols = Symbols(10);
    public static readonly string[] Net8Symbols = Symbols(8);

    /// <summary>Both targets' projects; with <paramref name="generator"/>, System.Text.Json's source generator runs in both, as in a build.</summary>
    public static (Solution Solution, ProjectId Net10, ProjectId Net8) Create(OutputKind outputKind, bool aspNet, bool generator, params (string Path, string Text)[] files)
        => Create(outputKind, aspNet, generator, targetFrameworksVisible: false, files);

    /// <summary>
    /// With <paramref name="targetFrameworksVisible"/>, each target sees <c>build_property.JsonPerfMultiTargeted</c> as the
    /// package's targets make it visible in a build; without, only the fix pipeline knows of the other target.
    /// </summary>
    public static (Solution Solution, ProjectId Net10, ProjectId Net8) Create(OutputKind outputKind, bool aspNet, bool generator, bool targetFrameworksVisible, params (string Path, string Text)[] files)
        => Create(outputKind, aspNet, generator, targetFrameworksVisible ? "build_property.JsonPerfMultiTargeted = true\n" : null, files);

    /// <summary>With <paramref name="buildProperties"/>, a global config of <c>build_property.*</c> lines in each target.</summary>
    public static (Solution Solution, ProjectId Net10, ProjectId Net8) Create(OutputKind outputKind, bool aspNet, bool generator, string? buildProperties, params (string Path, string Text)[] files)
    {
        var workspace = new AdhocWorkspace(Microsoft.CodeAnalysis.Host.Mef.MefHostServices.DefaultHost, WorkspaceKind.MSBuild);
        var solution = workspace.CurrentSolution;
        var ids = new List<ProjectId>();
        foreach (var (name, symbols, references) in new[]
                 {
                     ("Lib(net10.0)", Net10Symbols, aspNet ? TestReferences.AspNet10 : TestReferences.Net10),
                     // ASP.NET Core's net8.0 reference pack is not downloaded: the net8.0 target reads the net10.0 one.
                     // With the generator, the net8.0 target compiles against .NET 10 (the generator at hand is .NET 10's, and
                     // its output needs .NET 10's System.Text.Json); its preprocessor symbols are still net8.0's.
                     ("Lib(net8.0)", Net8Symbols, generator ? (aspNet ? TestReferences.AspNet10 : TestReferences.Net10) : aspNet ? TestReferences.Net8.AddRange(TestReferences.AspNet10.Except(TestReferences.Net10)) : TestReferences.Net8),
                 })
        {
            var projectId = ProjectId.CreateNewId();
            ids.Add(projectId);
            solution = solution.AddProject(ProjectInfo.Create(
                projectId, VersionStamp.Default, name, "Lib", LanguageNames.CSharp, filePath: "/src/Lib.csproj",
                compilationOptions: new CSharpCompilationOptions(outputKind, nullableContextOptions: NullableContextOptions.Disable),
                parseOptions: new CSharpParseOptions(LanguageVersion.Latest, preprocessorSymbols: symbols),
                metadataReferences: references));
            foreach (var (path, text) in files)
            {
                solution = solution.AddDocument(DocumentId.CreateNewId(projectId), System.IO.Path.GetFileName(path), text, filePath: path);
            }

            if (buildProperties is not null)
            {
                solution = solution.AddAnalyzerConfigDocument(DocumentId.CreateNewId(projectId), ".globalconfig", Microsoft.CodeAnalysis.Text.SourceText.From("is_global = true\n" + buildProperties), filePath: "/src/obj/" + name + ".globalconfig");
            }

            if (generator)
            {
                solution = SourceGeneration.WithGenerator(solution.GetProject(projectId)!).Solution;
            }
        }

        return (solution, ids[0], ids[1]);
    }

    /// <summary>
    /// Fix All in solution scope over both targets' diagnostics, through the code action's operations: the host's
    /// post-processing merges the targets' edits of a shared file (and writes conflict markers where they differ).
    /// </summary>
    public static async Task<Solution> FixAllAsync(Solution solution, DiagnosticAnalyzer analyzer, CodeFixProvider fixer)
    {
        var diagnostics = ImmutableArray.CreateBuilder<Diagnostic>();
        foreach (var project in solution.Projects)
        {
            diagnostics.AddRange((await FixRunner.GetDiagnosticsAsync(project, analyzer)).Where(d => fixer.FixableDiagnosticIds.Contains(d.Id)));
        }

        var all = diagnostics.ToImmutable();
        var first = all.OrderBy(d => d.Location.SourceSpan.Start).FirstOrDefault();
        if (first is null)
        {
            return solution;
        }

        var document = solution.GetDocument(first.Location.SourceTree)!;
        var context = new FixAllContext(document, fixer, FixAllScope.Solution, first.Id, fixer.FixableDiagnosticIds, new ByTree(all), CancellationToken.None);
        var fixAll = await fixer.GetFixAllProvider()!.GetFixAsync(context);
        if (fixAll is null)
        {
            return solution;
        }

        var operations = await fixAll.GetOperationsAsync(CancellationToken.None);
        var changed = operations.OfType<ApplyChangesOperation>().Single().ChangedSolution;
        await FixGuarantees.CheckAsync(solution, changed);
        // The diagnostic can say why a fix is withheld for the targets' sake only where the build tells the analyzer that
        // the project is multi-targeted (the package's targets do; a test may leave it to the fix pipeline alone).
        if (solution.Projects.All(p => p.AnalyzerOptions.AnalyzerConfigOptionsProvider.GlobalOptions.TryGetValue("build_property.JsonPerfMultiTargeted", out var multiTargeted) && multiTargeted == "true"))
        {
            await FixGuarantees.CheckLeftSitesAsync(changed, analyzer, fixer);
        }

        return changed;
    }

    /// <summary>No conflict marker in any file, every target's documents of a file alike, and every target compiles without errors.</summary>
    public static async Task AssertEveryTargetBuildsAsync(Solution solution)
    {
        var texts = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var document in solution.Projects.SelectMany(p => p.Documents))
        {
            var text = (await document.GetTextAsync()).ToString();
            Assert.DoesNotContain("<<<<<<<", text, StringComparison.Ordinal);
            Assert.DoesNotContain(">>>>>>>", text, StringComparison.Ordinal);
            if (texts.TryGetValue(document.FilePath ?? document.Name, out var other))
            {
                Assert.Equal(other, text);
            }

            texts[document.FilePath ?? document.Name] = text;
        }

        foreach (var project in solution.Projects)
        {
            var compilation = (await project.GetCompilationAsync())!;
            var errors = compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
            Assert.True(errors.Count == 0, project.Name + " does not compile:\n" + string.Join("\n", errors) + "\n\n" + string.Join("\n", texts.Values));
        }
    }

    /// <summary>The text of the shared file at <paramref name="path"/>.</summary>
    public static async Task<string> TextAsync(Solution solution, ProjectId project, string path)
        => (await solution.GetProject(project)!.Documents.Single(d => d.FilePath == path).GetTextAsync()).ToString();

    private static string[] Symbols(int major)
    {
        var symbols = new List<string> { "NET", "NETCOREAPP", "NET" + major + "_0" };
        for (var version = 5; version <= major; version++)
        {
            symbols.Add("NET" + version + "_0_OR_GREATER");
        }

        symbols.AddRange(new[] { "NETCOREAPP1_0_OR_GREATER", "NETCOREAPP2_0_OR_GREATER", "NETCOREAPP3_0_OR_GREATER", "NETCOREAPP3_1_OR_GREATER" });
        return symbols.ToArray();
    }

    /// <summary>Each document's diagnostics are those of its own tree: the targets' documents of a file share its path.</summary>
    private sealed class ByTree(ImmutableArray<Diagnostic> diagnostics) : FixAllContext.DiagnosticProvider
    {
        public override async Task<IEnumerable<Diagnostic>> GetDocumentDiagnosticsAsync(Document document, CancellationToken cancellationToken)
        {
            var tree = await document.GetSyntaxTreeAsync(cancellationToken);
            return diagnostics.Where(d => d.Location.SourceTree == tree);
        }

        public override Task<IEnumerable<Diagnostic>> GetProjectDiagnosticsAsync(Project project, CancellationToken cancellationToken)
            => Task.FromResult(Enumerable.Empty<Diagnostic>());

        public override async Task<IEnumerable<Diagnostic>> GetAllDiagnosticsAsync(Project project, CancellationToken cancellationToken)
        {
            var trees = new HashSet<SyntaxTree>();
            foreach (var document in project.Documents)
            {
                trees.Add((await document.GetSyntaxTreeAsync(cancellationToken))!);
            }

            return diagnostics.Where(d => d.Location.SourceTree is { } tree && trees.Contains(tree));
        }
    }
}
