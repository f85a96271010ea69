namespace JsonPerf.CodeFixes;

/// <summary>
/// What every fix does the same way: find the diagnostic's node, decide once whether and how to fix it, offer one
/// code action per fixable diagnostic, and Fix All through <see cref="SequentialFixAllProvider"/> (document,
/// project, solution), which <c>dotnet format analyzers</c> needs.
/// </summary>
public abstract class JsonFixer : CodeFixProvider
{
    /// <summary>A fix decided on for one site, applied when the user picks it (or right away in Fix All).</summary>
    protected delegate Task<Solution?> PreparedFix(CancellationToken cancellationToken);

    protected abstract string Title { get; }

    /// <summary>The code action's title at one site; <see cref="Title"/> unless the fix differs by site.</summary>
    protected virtual string TitleFor(Diagnostic diagnostic) => Title;

    /// <summary>A cheap check on what the analyzer computed (its diagnostic properties).</summary>
    /// <summary>The analyzer named a fix kind (<see cref="DiagnosticProperties.FixKind"/>): it found the site fixable.</summary>
    protected virtual bool IsFixable(Diagnostic diagnostic) => diagnostic.Properties.ContainsKey(DiagnosticProperties.FixKind);

    /// <summary>Whether the diagnostic says a fix exists (<see cref="IsFixable"/>): the tests hold Fix All to leave none such.</summary>
    internal bool SaysFixable(Diagnostic diagnostic) => FixableDiagnosticIds.Contains(diagnostic.Id) && IsFixable(diagnostic);

    /// <summary>
    /// The one hook of a fix: decides whether <paramref name="site"/> can be fixed and returns the fix, or null. Runs
    /// once per fix: before the lightbulb offers it, and in Fix All on the document as the earlier fixes left it. What
    /// every fix owes (the same edit for every target, the file's layout) is enforced after it, here and in Fix All.
    /// </summary>
    protected abstract Task<PreparedFix?> PrepareAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken);

    /// <summary>A fix that edits only the site's document (null: the site cannot be fixed after all).</summary>
    protected static PreparedFix EditDocument(Func<CancellationToken, Task<Document?>> fix)
        => async ct => (await fix(ct).ConfigureAwait(false))?.Project.Solution;

    /// <summary>
    /// Fix All's first pass, for a fix that can plan many sites on one compilation and apply them in one edit per
    /// document (JP0002: a project's sites re-ran the source generator per site). Returns the solution and the sites it
    /// fixed; the others are then fixed one at a time. Null: every site one at a time.
    /// </summary>
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

    /// <summary>
    /// <see cref="PrepareAsync"/>, and in a project with several target frameworks, the fix made in each target: offered
    /// only when all write the same text to the files they share (<see cref="EveryTarget"/>).
    /// </summary>
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

    /// <summary>
    /// An action's fixed solution, computed once: an editor asks for the preview and then, when the user picks the action,
    /// for its operations, and each used to compute the whole fix again (twice the wait after the click).
    /// </summary>
    private sealed class FixedOnce
    {
        private readonly Func<CancellationToken, Task<Solution>> _compute;
        private Solution? _result;

        public FixedOnce(Func<CancellationToken, Task<Solution>> compute) => _compute = compute;

        public async Task<Solution> GetAsync(CancellationToken cancellationToken)
            => _result ??= await _compute(cancellationToken).ConfigureAwait(false);
    }
}
