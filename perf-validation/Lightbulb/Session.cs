using System.Collections.Immutable;
using System.Diagnostics;
using JsonPerf.Analyzers;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.MSBuild;

namespace JsonPerf.Lightbulb;

/// <summary>
/// A project opened as an editor opens it (<see cref="MSBuildWorkspace"/>: its references, source generators and
/// .editorconfig), with JsonPerf's analyzers and fixes from this repository's build, and the editor's calls: the
/// diagnostics of a document, the lightbulb's list of fixes at a diagnostic, and an action's preview and apply.
/// </summary>
internal sealed class Session
{
    private readonly ImmutableArray<DiagnosticAnalyzer> _analyzers;
    private readonly ImmutableDictionary<string, CodeFixProvider> _fixers;

    private Session(Solution solution, ImmutableArray<DiagnosticAnalyzer> analyzers, ImmutableDictionary<string, CodeFixProvider> fixers)
    {
        Solution = Initial = solution;
        _analyzers = analyzers;
        _fixers = fixers;
    }

    /// <summary>The solution as the editor has it now (every edit so far made).</summary>
    public Solution Solution { get; private set; }

    /// <summary>The solution as opened, which <see cref="AllDiagnosticsAsync"/> reports on.</summary>
    public Solution Initial { get; }

    /// <summary>Opens the projects (each with its own restore done beforehand) in one workspace.</summary>
    public static async Task<Session> OpenAsync(IReadOnlyList<string> projectPaths)
    {
        var workspace = MSBuildWorkspace.Create();
        foreach (var path in projectPaths)
        {
            await workspace.OpenProjectAsync(path);
        }

        foreach (var failure in workspace.Diagnostics.Where(d => d.Kind == WorkspaceDiagnosticKind.Failure))
        {
            Console.Error.WriteLine($"workspace: {failure.Message}");
        }

        // The package's own analyzers come from this repository's build, not from the project's references.
        var solution = workspace.CurrentSolution;
        foreach (var project in solution.Projects)
        {
            foreach (var reference in project.AnalyzerReferences.Where(r => r.Display?.Contains("JsonPerf", StringComparison.OrdinalIgnoreCase) == true))
            {
                solution = solution.RemoveAnalyzerReference(project.Id, reference);
            }
        }

        var analyzers = typeof(JsonAnalyzer).Assembly.GetTypes()
            .Where(t => !t.IsAbstract && typeof(DiagnosticAnalyzer).IsAssignableFrom(t) && !typeof(DiagnosticSuppressor).IsAssignableFrom(t))
            .Select(t => (DiagnosticAnalyzer)Activator.CreateInstance(t)!)
            .ToImmutableArray();
        var fixers = typeof(JsonFixer).Assembly.GetTypes()
            .Where(t => !t.IsAbstract && typeof(CodeFixProvider).IsAssignableFrom(t))
            .Select(t => (CodeFixProvider)Activator.CreateInstance(t)!)
            .SelectMany(f => f.FixableDiagnosticIds.Select(id => (id, f)))
            .ToImmutableDictionary(p => p.id, p => p.f);
        return new Session(solution, analyzers, fixers);
    }

    /// <summary>JsonPerf's diagnostics in the whole solution (every rule made a warning by the project's .editorconfig).</summary>
    public async Task<List<Diagnostic>> AllDiagnosticsAsync()
    {
        var all = new List<Diagnostic>();
        foreach (var project in Initial.Projects)
        {
            var ours = await DiagnosticsAsync(project);
            Console.Error.WriteLine($"{project.Name}: {project.DocumentIds.Count} documents, {ours.Count} JsonPerf diagnostics");
            all.AddRange(ours);
        }

        return all.OrderBy(d => d.Location.SourceTree!.FilePath, StringComparer.Ordinal).ThenBy(d => d.Location.SourceSpan.Start).ToList();
    }

    /// <summary>JsonPerf's diagnostics in one project.</summary>
    public async Task<List<Diagnostic>> DiagnosticsAsync(Project project)
    {
        var compilation = (await project.GetCompilationAsync())!;
        var diagnostics = await compilation.WithAnalyzers(_analyzers, project.AnalyzerOptions).GetAnalyzerDiagnosticsAsync();
        return diagnostics.Where(d => d.Id.StartsWith("JP", StringComparison.Ordinal) && d.Location.IsInSource).ToList();
    }

    public CodeFixProvider FixerFor(string rule) => _fixers[rule];

    /// <summary>What the editor has computed before it shows a lightbulb: the document's diagnostics on its current compilation.</summary>
    public async Task<ImmutableArray<Diagnostic>> DocumentDiagnosticsAsync(Document document)
    {
        // The compiler's own errors and warnings of the open document come first (its semantic model, bound); then the
        // analyzers' (on a compilation of their own, as CompilationWithAnalyzers runs them).
        var model = (await document.GetSemanticModelAsync())!;
        model.GetDiagnostics();
        var options = document.Project.AnalyzerOptions;
        return (await model.Compilation.WithAnalyzers(_analyzers, options).GetAnalyzerSemanticDiagnosticsAsync(model, filterSpan: null, CancellationToken.None))
            .Where(d => d.Id.StartsWith("JP", StringComparison.Ordinal)).ToImmutableArray();
    }

    /// <summary>The rule's <paramref name="ordinal"/>-th diagnostic in the document, on its current compilation.</summary>
    public async Task<Diagnostic?> FindAsync(Document document, string rule, int ordinal)
        => (await DocumentDiagnosticsAsync(document)).Where(d => d.Id == rule).OrderBy(d => d.Location.SourceSpan.Start).ElementAtOrDefault(ordinal);

    public Document DocumentOf(Diagnostic diagnostic) => Initial.GetDocument(diagnostic.Location.SourceTree)!;

    /// <summary>The lightbulb's list at a diagnostic: the fix's <c>RegisterCodeFixesAsync</c>, timed.</summary>
    public async Task<(List<CodeAction> Actions, double Milliseconds)> ListAsync(Document document, Diagnostic diagnostic)
    {
        var actions = new List<CodeAction>();
        var fixer = _fixers[diagnostic.Id];
        var clock = Stopwatch.StartNew();
        await fixer.RegisterCodeFixesAsync(new CodeFixContext(document, diagnostic, (a, _) => actions.Add(a), CancellationToken.None));
        return (actions, clock.Elapsed.TotalMilliseconds);
    }

    /// <summary>What choosing an action costs: its preview, then the operations that apply it, timed together.</summary>
    public static async Task<(Solution? Changed, double Milliseconds)> ApplyAsync(CodeAction action)
    {
        var clock = Stopwatch.StartNew();
        await action.GetPreviewOperationsAsync(CancellationToken.None);
        var operations = await action.GetOperationsAsync(CancellationToken.None);
        var elapsed = clock.Elapsed.TotalMilliseconds;
        return (operations.OfType<ApplyChangesOperation>().FirstOrDefault()?.ChangedSolution, elapsed);
    }

    /// <summary>
    /// A keystroke inside a method body of the document (a space after the first method body's brace): a new text, a new
    /// compilation, the declarations unchanged. Returns the edited document and how far text after the edit moved.
    /// </summary>
    public async Task<(Document Edited, int Position)> EditAsync(Document document)
    {
        var root = (await document.GetSyntaxRootAsync())!;
        var body = root.DescendantNodes().OfType<Microsoft.CodeAnalysis.CSharp.Syntax.BlockSyntax>()
            .FirstOrDefault(b => b.Parent is Microsoft.CodeAnalysis.CSharp.Syntax.BaseMethodDeclarationSyntax or Microsoft.CodeAnalysis.CSharp.Syntax.AccessorDeclarationSyntax);
        var position = body?.OpenBraceToken.Span.End ?? root.FullSpan.End;
        var text = await document.GetTextAsync();
        var edited = document.WithText(text.WithChanges(new Microsoft.CodeAnalysis.Text.TextChange(new Microsoft.CodeAnalysis.Text.TextSpan(position, 0), " ")));
        Solution = edited.Project.Solution;
        return (edited, position);
    }
}
