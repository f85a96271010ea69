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
/// Runs analyzers on a one-file project and applies a fixer's Fix All (solution scope) to it; every fix applied here is
/// checked against <see cref="FixGuarantees"/>.
/// </summary>
public static class FixRunner
{
    /// <summary>A one-file project; <paramref name="workspaceKind"/> as a host reports it (<c>WorkspaceKind.MSBuild</c>: dotnet format).</summary>
    public static (Solution Solution, DocumentId Document) CreateProject(string source, OutputKind outputKind, ImmutableArray<MetadataReference> references, LanguageVersion languageVersion = LanguageVersion.Latest, string workspaceKind = "Custom")
    {
        var workspace = new AdhocWorkspace(Microsoft.CodeAnalysis.Host.Mef.MefHostServices.DefaultHost, workspaceKind);
        var projectId = ProjectId.CreateNewId();
        var documentId = DocumentId.CreateNewId(projectId);
        var solution = workspace.CurrentSolution
            .AddProject(ProjectInfo.Create(
                projectId, VersionStamp.Default, "Program", "Program", LanguageNames.CSharp,
                compilationOptions: new CSharpCompilationOptions(outputKind, nullableContextOptions: NullableContextOptions.Disable),
                parseOptions: new CSharpParseOptions(languageVersion),
                metadataReferences: references))
            .AddDocument(documentId, "Program.cs", source, filePath: "/src/Program.cs");
        return (solution, documentId);
    }

    public static async Task<ImmutableArray<Diagnostic>> GetDiagnosticsAsync(Project project, params DiagnosticAnalyzer[] analyzers)
    {
        var compilation = (await project.GetCompilationAsync().ConfigureAwait(false))!;
        // The project's analyzer config (build_property.* global options included), as in a build.
        var options = new CompilationWithAnalyzersOptions(new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty, project.AnalyzerOptions.AnalyzerConfigOptionsProvider), onAnalyzerException: null, concurrentAnalysis: true, logAnalyzerExecutionTime: false, reportSuppressedDiagnostics: false);
        var result = await compilation.WithAnalyzers(analyzers.ToImmutableArray(), options).GetAllDiagnosticsAsync().ConfigureAwait(false);
        return result;
    }

    /// <summary>Applies Fix All in solution scope, as <c>dotnet format analyzers</c> does, and returns the new text.</summary>
    public static async Task<string> ApplyFixAllAsync(string source, DiagnosticAnalyzer analyzer, CodeFixProvider fixer, OutputKind outputKind, ImmutableArray<MetadataReference> references)
    {
        var (solution, documentId) = CreateProject(source, outputKind, references);
        var changed = await ApplyFixAllAsync(solution.GetDocument(documentId)!, analyzer, fixer).ConfigureAwait(false);
        return (await changed.GetDocument(documentId)!.GetTextAsync().ConfigureAwait(false)).ToString();
    }

    /// <summary>Applies Fix All in solution scope from <paramref name="document"/> and returns the changed solution (unchanged when nothing is fixable).</summary>
    public static async Task<Solution> ApplyFixAllAsync(Document document, DiagnosticAnalyzer analyzer, CodeFixProvider fixer, FixAllScope scope = FixAllScope.Solution, ImmutableArray<Diagnostic>? allDiagnostics = null)
    {
        var solution = document.Project.Solution;
        var diagnostics = (allDiagnostics ?? await GetDiagnosticsAsync(document.Project, analyzer).ConfigureAwait(false))
            .Where(d => fixer.FixableDiagnosticIds.Contains(d.Id))
            .ToImmutableArray();

        var actions = new List<CodeAction>();
        foreach (var diagnostic in diagnostics.Where(d => d.Location.SourceTree?.FilePath == document.FilePath))
        {
            await fixer.RegisterCodeFixesAsync(new CodeFixContext(document, diagnostic, (a, _) => actions.Add(a), CancellationToken.None)).ConfigureAwait(false);
        }

        if (actions.Count == 0)
        {
            // No action anywhere: every site must say why.
            await FixGuarantees.CheckLeftSitesAsync(solution, analyzer, fixer).ConfigureAwait(false);
            return solution;
        }

        var context = new FixAllContext(document, fixer, scope, actions[0].EquivalenceKey, fixer.FixableDiagnosticIds, new FixedDiagnostics(diagnostics), CancellationToken.None);
        var fixAll = await fixer.GetFixAllProvider()!.GetFixAsync(context).ConfigureAwait(false);
        if (fixAll is null)
        {
            return solution;
        }

        var operations = await fixAll.GetOperationsAsync(CancellationToken.None).ConfigureAwait(false);
        var changed = operations.OfType<ApplyChangesOperation>().Single().ChangedSolution;
        await FixGuarantees.CheckAsync(solution, changed).ConfigureAwait(false);
        await FixGuarantees.CheckLeftSitesAsync(changed, analyzer, fixer).ConfigureAwait(false);
        return changed;
    }

    /// <summary>The lightbulb: applies the first action offered for the first fixable diagnostic; null when none is offered.</summary>
    public static async Task<Solution?> ApplyFirstFixAsync(Document document, DiagnosticAnalyzer analyzer, CodeFixProvider fixer)
    {
        var diagnostics = (await GetDiagnosticsAsync(document.Project, analyzer).ConfigureAwait(false))
            .Where(d => fixer.FixableDiagnosticIds.Contains(d.Id))
            .OrderBy(d => d.Location.SourceSpan.Start);
        foreach (var diagnostic in diagnostics)
        {
            var actions = new List<CodeAction>();
            await fixer.RegisterCodeFixesAsync(new CodeFixContext(document, diagnostic, (a, _) => actions.Add(a), CancellationToken.None)).ConfigureAwait(false);
            if (actions.Count > 0)
            {
                var operations = await actions[0].GetOperationsAsync(CancellationToken.None).ConfigureAwait(false);
                var changed = operations.OfType<ApplyChangesOperation>().Single().ChangedSolution;
                await FixGuarantees.CheckAsync(document.Project.Solution, changed).ConfigureAwait(false);
                return changed;
            }
        }

        return null;
    }

    private sealed class FixedDiagnostics(ImmutableArray<Diagnostic> diagnostics) : FixAllContext.DiagnosticProvider
    {
        public override async Task<IEnumerable<Diagnostic>> GetDocumentDiagnosticsAsync(Document document, CancellationToken cancellationToken)
        {
            var tree = await document.GetSyntaxTreeAsync(cancellationToken).ConfigureAwait(false);
            return diagnostics.Where(d => d.Location.SourceTree?.FilePath == tree?.FilePath);
        }

        public override Task<IEnumerable<Diagnostic>> GetProjectDiagnosticsAsync(Project project, CancellationToken cancellationToken)
            => Task.FromResult(Enumerable.Empty<Diagnostic>());

        public override Task<IEnumerable<Diagnostic>> GetAllDiagnosticsAsync(Project project, CancellationToken cancellationToken)
            => Task.FromResult<IEnumerable<Diagnostic>>(diagnostics);
    }
}
