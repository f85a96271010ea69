using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;

namespace JsonPerf.CodeFixes;

/// <summary>
/// What every fix does the same way: find the diagnostic's node, offer one code action per fixable diagnostic,
/// and Fix All through <see cref="SequentialFixAllProvider"/> (document, project, solution), which
/// <c>dotnet format analyzers</c> needs.
/// </summary>
public abstract class JsonFixer : CodeFixProvider
{
    protected abstract string Title { get; }

    /// <summary>A cheap check on what the analyzer computed (its diagnostic properties).</summary>
    protected virtual bool IsFixable(Diagnostic diagnostic) => true;

    /// <summary>A check that needs the solution, such as finding references; runs before a fix is offered.</summary>
    protected virtual Task<bool> CanFixAsync(Document document, SyntaxNode site, CancellationToken cancellationToken) => Task.FromResult(true);

    /// <summary>The fixed document, or null when this site cannot be fixed after all (the diagnostic stays).</summary>
    protected virtual Task<Document?> FixAsync(Document document, SyntaxNode site, CancellationToken cancellationToken) => Task.FromResult<Document?>(null);

    /// <summary>For fixes that also change or add other documents; by default the solution with <see cref="FixAsync"/>'s document.</summary>
    protected virtual async Task<Solution?> FixSolutionAsync(Document document, SyntaxNode site, CancellationToken cancellationToken)
        => (await FixAsync(document, site, cancellationToken).ConfigureAwait(false))?.Project.Solution;

    public sealed override FixAllProvider GetFixAllProvider() => new SequentialFixAllProvider(IsFixable, FixCheckedAsync);

    public sealed override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        var root = await context.Document.GetSyntaxRootAsync(context.CancellationToken).ConfigureAwait(false);
        foreach (var diagnostic in context.Diagnostics)
        {
            if (root is null || !IsFixable(diagnostic))
            {
                continue;
            }

            var site = root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true);
            if (await CanFixAsync(context.Document, site, context.CancellationToken).ConfigureAwait(false))
            {
                var document = context.Document;
                context.RegisterCodeFix(
                    CodeAction.Create(Title, async ct => await FixSolutionAsync(document, site, ct).ConfigureAwait(false) ?? document.Project.Solution, equivalenceKey: diagnostic.Id),
                    diagnostic);
            }
        }
    }

    /// <summary>In Fix All the solution-wide check runs on the document as the earlier fixes left it.</summary>
    private async Task<Solution?> FixCheckedAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
        => await CanFixAsync(document, site, cancellationToken).ConfigureAwait(false)
            ? await FixSolutionAsync(document, site, cancellationToken).ConfigureAwait(false)
            : null;
}
