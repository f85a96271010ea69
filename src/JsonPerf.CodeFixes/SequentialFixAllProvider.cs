namespace JsonPerf.CodeFixes;

/// <summary>
/// Fix All for fixes that interact: each fix sees the result of the ones before it, so a second site reuses the
/// field the first one added, and two sites never pick the same new name. Documents are fixed one after the
/// other on the evolving solution (a partial type's parts see each other's new fields); inside a document the
/// sites are tracked with annotations while earlier fixes move them.
/// </summary>
internal sealed class SequentialFixAllProvider : FixAllProvider
{
    private readonly Func<Diagnostic, bool> _canFix;
    private readonly Func<Document, SyntaxNode, Diagnostic, CancellationToken, Task<Solution?>> _fix;

    public SequentialFixAllProvider(Func<Diagnostic, bool> canFix, Func<Document, SyntaxNode, Diagnostic, CancellationToken, Task<Solution?>> fix)
    {
        _canFix = canFix;
        _fix = fix;
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
        foreach (var (id, diagnostics) in work)
        {
            var document = solution.GetDocument(id);
            if (document is null || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root)
            {
                continue;
            }

            // Mark every site first: the fixes that run before a site move it.
            var marks = new List<(SyntaxAnnotation Mark, Diagnostic Diagnostic)>();
            var nodes = new Dictionary<SyntaxNode, SyntaxAnnotation>();
            foreach (var diagnostic in diagnostics.OrderBy(d => d.Location.SourceSpan.Start))
            {
                var node = root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true);
                if (node.Span == diagnostic.Location.SourceSpan && !nodes.ContainsKey(node))
                {
                    var mark = new SyntaxAnnotation();
                    nodes.Add(node, mark);
                    marks.Add((mark, diagnostic));
                }
            }

            solution = document.WithSyntaxRoot(root.ReplaceNodes(nodes.Keys, (original, rewritten) => rewritten.WithAdditionalAnnotations(nodes[original]))).Project.Solution;
            foreach (var (mark, diagnostic) in marks)
            {
                cancellationToken.ThrowIfCancellationRequested();

                // A fix may also change other documents (or add one), so each one starts from the whole solution.
                document = solution.GetDocument(id);
                var currentRoot = document is null ? null : await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
                var site = currentRoot?.GetAnnotatedNodes(mark).FirstOrDefault();
                if (document is not null && site is not null && await _fix(document, site, diagnostic, cancellationToken).ConfigureAwait(false) is { } fixedSolution)
                {
                    solution = fixedSolution;
                }
            }
        }

        return solution;
    }
}
