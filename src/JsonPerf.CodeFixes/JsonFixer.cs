namespace JsonPerf.CodeFixes;

/// <summary>Base of every fixer: decide once per site, one code action per fixable diagnostic, Fix All in every scope.</summary>
public abstract class JsonFixer : CodeFixProvider
{
    /// <summary>A fix decided on for one site, applied when the user picks it (or right away in Fix All).</summary>
    protected delegate Task<Solution?> PreparedFix(CancellationToken cancellationToken);

    protected abstract string Title { get; }

    /// <summary>The code action's title at one site; <see cref="Title"/> unless the fix differs by site.</summary>
    protected virtual string TitleFor(Diagnostic diagnostic) => Title;

    /// <summary>The analyzer named a fix kind (<see cref="DiagnosticProperties.FixKind"/>): it found the site fixable.</summary>
    protected virtual bool IsFixable(Diagnostic diagnostic) => diagnostic.Properties.ContainsKey(DiagnosticProperties.FixKind);

    /// <summary>Whether the diagnostic says a fix exists (<see cref="IsFixable"/>): the tests hold Fix All to leave none such.</summary>
    internal bool SaysFixable(Diagnostic diagnostic) => FixableDiagnosticIds.Contains(diagnostic.Id) && IsFixable(diagnostic);

    /// <summary>The one hook: the fix for <paramref name="site"/> or null, on the document as earlier fixes left it; targets and layout come after.</summary>
    protected abstract Task<PreparedFix?> PrepareAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken);

    /// <summary>A fix that edits only the site's document (null: the site cannot be fixed after all).</summary>
    protected static PreparedFix EditDocument(Func<CancellationToken, Task<Document?>> fix)
        => async ct => (await fix(ct).ConfigureAwait(false))?.Project.Solution;

    /// <summary>Fix All's first pass for a fix that plans many sites on one compilation: the solution and the sites it fixed (null: one at a time).</summary>
    internal virtual Func<Solution, IReadOnlyList<FixAllSite>, CancellationToken, Task<(Solution Solution, IReadOnlyCollection<SyntaxAnnotation> Fixed)>>? FixAllAtOnceAsync => null;

    public sealed override FixAllProvider GetFixAllProvider() => new SequentialFixAllProvider(IsFixable, FixNowAsync, FixAllAtOnceAsync);

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
            if (await PrepareForEveryTargetAsync(context.Document, site, diagnostic, context.CancellationToken).ConfigureAwait(false) is { } fix)
            {
                var solution = context.Document.Project.Solution;
                var once = new FixedOnce(async ct => await fix(ct).ConfigureAwait(false) is { } changed ? await DocumentLayout.CleanUpAsync(solution, changed, ct).ConfigureAwait(false) : solution);
                context.RegisterCodeFix(CodeAction.Create(TitleFor(diagnostic), once.GetAsync, equivalenceKey: diagnostic.Id), diagnostic);
            }
        }
    }

    /// <summary>Fix All: decide and apply at once, on the document as the earlier fixes left it.</summary>
    private async Task<Solution?> FixNowAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
        => await PrepareForEveryTargetAsync(document, site, diagnostic, cancellationToken).ConfigureAwait(false) is { } fix
            ? await fix(cancellationToken).ConfigureAwait(false)
            : null;

    /// <summary><see cref="PrepareAsync"/>, made in every target of a multi-targeted project and offered only when all write the same.</summary>
    private async Task<PreparedFix?> PrepareForEveryTargetAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        var fix = await PrepareAsync(document, site, diagnostic, cancellationToken).ConfigureAwait(false);
        if (fix is null || !EveryTarget.Applies(document))
        {
            return fix;
        }

        return await fix(cancellationToken).ConfigureAwait(false) is { } fixedHere
               && await EveryTarget.SameEditAsync(document, site, diagnostic, fixedHere, FixInAsync, cancellationToken).ConfigureAwait(false) is { } same
            ? _ => Task.FromResult<Solution?>(same)
            : null;
    }

    private async Task<Solution?> FixInAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
        => IsFixable(diagnostic) && await PrepareAsync(document, site, diagnostic, cancellationToken).ConfigureAwait(false) is { } fix
            ? await fix(cancellationToken).ConfigureAwait(false)
            : null;

    /// <summary>An action's solution, computed once: an editor asks for the preview, then for the operations.</summary>
    private sealed class FixedOnce
    {
        private readonly Func<CancellationToken, Task<Solution>> _compute;
        private Solution? _result;

        public FixedOnce(Func<CancellationToken, Task<Solution>> compute) => _compute = compute;

        public async Task<Solution> GetAsync(CancellationToken cancellationToken)
            => _result ??= await _compute(cancellationToken).ConfigureAwait(false);
    }
}
