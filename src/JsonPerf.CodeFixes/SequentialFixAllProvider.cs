namespace JsonPerf.CodeFixes;

/// <summary>A site of a Fix All: its document, the annotation that finds it again after edits, and its diagnostic.</summary>
internal sealed class FixAllSite
{
    public FixAllSite(DocumentId document, SyntaxAnnotation mark, Diagnostic diagnostic)
    {
        Document = document;
        Mark = mark;
        Diagnostic = diagnostic;
    }

    public DocumentId Document { get; }
    public SyntaxAnnotation Mark { get; }
    public Diagnostic Diagnostic { get; }
}

/// <summary>
/// Fix All for fixes that interact: each sees the ones before it, so a second site reuses the first one's field and no
/// name is taken twice. Sites are marked first, since earlier fixes move them; then come the fixes planned at once.
/// </summary>
internal sealed class SequentialFixAllProvider : FixAllProvider
{
    private readonly Func<Diagnostic, bool> _canFix;
    private readonly Func<Document, SyntaxNode, Diagnostic, CancellationToken, Task<Solution?>> _fix;
    private readonly Func<Solution, IReadOnlyList<FixAllSite>, CancellationToken, Task<(Solution Solution, IReadOnlyCollection<SyntaxAnnotation> Fixed)>>? _fixAtOnce;

    public SequentialFixAllProvider(
        Func<Diagnostic, bool> canFix,
        Func<Document, SyntaxNode, Diagnostic, CancellationToken, Task<Solution?>> fix,
        Func<Solution, IReadOnlyList<FixAllSite>, CancellationToken, Task<(Solution Solution, IReadOnlyCollection<SyntaxAnnotation> Fixed)>>? fixAtOnce = null)
    {
        _canFix = canFix;
        _fix = fix;
        _fixAtOnce = fixAtOnce;
    }

    public override IEnumerable<FixAllScope> GetSupportedFixAllScopes()
        => new[] { FixAllScope.Document, FixAllScope.Project, FixAllScope.Solution };

    public override async Task<CodeAction?> GetFixAsync(FixAllContext fixAllContext)
    {
        var documents = fixAllContext.Scope switch
        {
            FixAllScope.Document when fixAllContext.Document is not null => new[] { fixAllContext.Document },
            FixAllScope.Project => fixAllContext.Project.Documents.ToArray(),
            FixAllScope.Solution => fixAllContext.Solution.Projects.SelectMany(p => p.Documents).ToArray(),
            _ => Array.Empty<Document>(),
        };

        var work = new List<(DocumentId Id, ImmutableArray<Diagnostic> Diagnostics)>();
        foreach (var document in documents)
        {
            var diagnostics = (await fixAllContext.GetDocumentDiagnosticsAsync(document).ConfigureAwait(false)).Where(_canFix).ToImmutableArray();
            if (!diagnostics.IsEmpty)
            {
                work.Add((document.Id, diagnostics));
            }
        }

        if (work.Count == 0)
        {
            return null;
        }

        return CodeAction.Create(
            fixAllContext.CodeActionEquivalenceKey ?? "FixAll",
            async ct => await DocumentLayout.CleanUpAsync(fixAllContext.Solution, await FixAllAsync(fixAllContext.Solution, work, ct).ConfigureAwait(false), ct).ConfigureAwait(false),
            fixAllContext.CodeActionEquivalenceKey);
    }

    private async Task<Solution> FixAllAsync(Solution solution, List<(DocumentId Id, ImmutableArray<Diagnostic> Diagnostics)> work, CancellationToken cancellationToken)
    {
        var sites = new List<FixAllSite>();
        foreach (var (id, diagnostics) in work)
        {
            if (solution.GetDocument(id) is { } document && await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is { } root)
            {
                solution = Mark(document, root, diagnostics, sites);
            }
        }

        if (_fixAtOnce is not null)
        {
            // Several targets: a shared file's sites in its first project are fixed at once where every target writes the
            // same (EveryTarget), the rest one at a time.
            var order = solution.ProjectIds.Select((id, index) => (id, index)).ToDictionary(p => p.id, p => p.index);
            var withSites = new HashSet<DocumentId>(sites.Select(s => s.Document));
            var plain = new List<FixAllSite>();
            var primary = new List<FixAllSite>();
            foreach (var site in sites)
            {
                if (solution.GetDocument(site.Document) is not { } document || !EveryTarget.Applies(document))
                {
                    plain.Add(site);
                }
                else if (document.GetLinkedDocumentIds() is { IsEmpty: false } linked
                         && linked.All(other => !withSites.Contains(other) || order[site.Document.ProjectId] < order[other.ProjectId]))
                {
                    primary.Add(site);
                }
            }

            foreach (var batch in new[] { plain, primary })
            {
                if (batch.Count == 0)
                {
                    continue;
                }

                var (fixedAtOnce, done) = batch == primary
                    ? await EveryTarget.AtOnceAsync(solution, batch, _fixAtOnce, cancellationToken).ConfigureAwait(false)
                    : await _fixAtOnce(solution, batch, cancellationToken).ConfigureAwait(false);
                solution = fixedAtOnce;
                if (done.Count > 0)
                {
                    var doneSet = new HashSet<SyntaxAnnotation>(done);
                    sites.RemoveAll(s => doneSet.Contains(s.Mark));
                }
            }
        }

        foreach (var site in sites)
        {
            cancellationToken.ThrowIfCancellationRequested();

            // A fix may also change other documents (or add one), so each one starts from the whole solution.
            var document = solution.GetDocument(site.Document);
            var currentRoot = document is null ? null : await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
            var node = currentRoot?.GetAnnotatedNodes(site.Mark).FirstOrDefault();
            if (document is not null && node is not null && await _fix(document, node, site.Diagnostic, cancellationToken).ConfigureAwait(false) is { } fixedSolution)
            {
                solution = fixedSolution;
            }
        }

        return solution;
    }

    /// <summary>Annotates each diagnostic's node (once per node), in the order of the sites in the document.</summary>
    private static Solution Mark(Document document, SyntaxNode root, ImmutableArray<Diagnostic> diagnostics, List<FixAllSite> sites)
    {
        var nodes = new Dictionary<SyntaxNode, SyntaxAnnotation>();
        foreach (var diagnostic in diagnostics.OrderBy(d => d.Location.SourceSpan.Start))
        {
            var node = root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true);
            if (node.Span == diagnostic.Location.SourceSpan && !nodes.ContainsKey(node))
            {
                var mark = new SyntaxAnnotation();
                nodes.Add(node, mark);
                sites.Add(new FixAllSite(document.Id, mark, diagnostic));
            }
        }

        return nodes.Count == 0
            ? document.Project.Solution
            : document.WithSyntaxRoot(root.ReplaceNodes(nodes.Keys, (original, rewritten) => rewritten.WithAdditionalAnnotations(nodes[original]))).Project.Solution;
    }
}
