using Microsoft.CodeAnalysis.Text;

namespace JsonPerf.CodeFixes;

/// <summary>
/// One edit for every target framework. A multi-targeted project is one project per target in the IDE's and
/// <c>dotnet format</c>'s workspace, each holding its own document for a shared file; a fix runs in one of them, and when
/// the targets would edit the file differently (code under <c>#if</c>, a name that binds otherwise) the host writes
/// merge-conflict markers or a change that only compiles for one target. So a fix on such a file is made in every
/// target's document and offered only when every target writes the same text to every file it touches.
/// </summary>
internal static class EveryTarget
{
    /// <summary>The fixer's own decision for one site: what <see cref="JsonFixer"/> runs in each target.</summary>
    public delegate Task<Solution?> FixIn(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken);

    /// <summary>
    /// The solution fixed in <paramref name="document"/>'s target, with every target's document of each file it edited
    /// holding the same text; null when some target cannot make the fix or would make another edit.
    /// </summary>
    public static async Task<Solution?> SameEditAsync(Document document, SyntaxNode site, Diagnostic diagnostic, Solution fixedHere, FixIn fixIn, CancellationToken cancellationToken)
    {
        var original = document.Project.Solution;
        var here = await EditsAsync(original, await DocumentLayout.CleanUpAsync(original, fixedHere, cancellationToken).ConfigureAwait(false), cancellationToken).ConfigureAwait(false);
        if (here is null)
        {
            return null;
        }

        foreach (var id in document.GetLinkedDocumentIds())
        {
            if (original.GetDocument(id) is not { } sibling
                || await sibling.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root
                || !root.FullSpan.Contains(site.Span)
                || root.FindNode(site.Span, getInnermostNodeForTie: true) is not { } siblingSite
                || siblingSite.Span != site.Span || siblingSite.RawKind != site.RawKind
                || !siblingSite.IsEquivalentTo(site, topLevel: false)
                || await fixIn(sibling, siblingSite, InTree(diagnostic, root.SyntaxTree, site), cancellationToken).ConfigureAwait(false) is not { } fixedThere
                || await EditsAsync(original, await DocumentLayout.CleanUpAsync(original, fixedThere, cancellationToken).ConfigureAwait(false), cancellationToken).ConfigureAwait(false) is not { } there
                || !Same(here.Value.Texts, there.Texts))
            {
                return null;
            }
        }

        return await SyncAsync(here.Value.Solution, here.Value.Texts, document.Id, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Fix All's pass that fixes many sites at once (JP0002), for sites in files other targets compile too: run for
    /// these sites and for the same sites in a sibling target's documents, and kept only when both write the same text.
    /// Otherwise nothing is fixed here, and each site is then fixed (or not) one at a time through <see cref="SameEditAsync"/>.
    /// </summary>
    public static async Task<(Solution Solution, IReadOnlyCollection<SyntaxAnnotation> Fixed)> AtOnceAsync(
        Solution solution, IReadOnlyList<FixAllSite> sites, Func<Solution, IReadOnlyList<FixAllSite>, CancellationToken, Task<(Solution Solution, IReadOnlyCollection<SyntaxAnnotation> Fixed)>> fixAtOnce, CancellationToken cancellationToken)
    {
        var none = ((Solution, IReadOnlyCollection<SyntaxAnnotation>))(solution, Array.Empty<SyntaxAnnotation>());
        var marked = solution;
        var siblingSites = new List<FixAllSite>();
        foreach (var group in sites.GroupBy(s => s.Document))
        {
            if (marked.GetDocument(group.Key) is not { } document
                || document.GetLinkedDocumentIds() is not { IsEmpty: false } linked
                || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root
                || marked.GetDocument(linked[0]) is not { } sibling
                || await sibling.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } siblingRoot)
            {
                return none;
            }

            var marks = new Dictionary<SyntaxNode, SyntaxAnnotation>();
            foreach (var site in group)
            {
                if (root.GetAnnotatedNodes(site.Mark).FirstOrDefault() is not { } node
                    || !siblingRoot.FullSpan.Contains(node.Span)
                    || siblingRoot.FindNode(node.Span, getInnermostNodeForTie: true) is not { } siblingNode
                    || siblingNode.Span != node.Span || !siblingNode.IsEquivalentTo(node, topLevel: false) || marks.ContainsKey(siblingNode))
                {
                    return none;
                }

                var mark = new SyntaxAnnotation();
                marks.Add(siblingNode, mark);
                siblingSites.Add(new FixAllSite(sibling.Id, mark, InTree(site.Diagnostic, siblingRoot.SyntaxTree, node)));
            }

            marked = sibling.WithSyntaxRoot(siblingRoot.ReplaceNodes(marks.Keys, (original, rewritten) => rewritten.WithAdditionalAnnotations(marks[original]))).Project.Solution;
        }

        var (here, done) = await fixAtOnce(marked, sites, cancellationToken).ConfigureAwait(false);
        var (there, _) = await fixAtOnce(marked, siblingSites, cancellationToken).ConfigureAwait(false);
        if (done.Count == 0
            || await EditsAsync(marked, await DocumentLayout.CleanUpAsync(marked, here, cancellationToken).ConfigureAwait(false), cancellationToken).ConfigureAwait(false) is not { } hereEdits
            || await EditsAsync(marked, await DocumentLayout.CleanUpAsync(marked, there, cancellationToken).ConfigureAwait(false), cancellationToken).ConfigureAwait(false) is not { } thereEdits
            || !Same(hereEdits.Texts, thereEdits.Texts))
        {
            return none;
        }

        return (await SyncAsync(hereEdits.Solution, hereEdits.Texts, keep: null, cancellationToken).ConfigureAwait(false), done);
    }

    /// <summary>
    /// Every target's document of an edited file takes the one text, so the host has nothing to merge and the next site
    /// of a Fix All sees the same file in every target (<paramref name="keep"/>: the document the fix ran in keeps its tree).
    /// </summary>
    private static async Task<Solution> SyncAsync(Solution result, Dictionary<string, string> texts, DocumentId? keep, CancellationToken cancellationToken)
    {
        foreach (var pair in texts)
        {
            foreach (var id in result.GetDocumentIdsWithFilePath(pair.Key))
            {
                if (id != keep && result.GetDocument(id) is { } linked
                    && await linked.GetTextAsync(cancellationToken).ConfigureAwait(false) is var current && current.ToString() != pair.Value)
                {
                    result = result.WithDocumentText(id, SourceText.From(pair.Value, current.Encoding, current.ChecksumAlgorithm));
                }
            }
        }

        return result;
    }

    /// <summary>The diagnostic at the site's place in a sibling target's tree of the same file (in Fix All, as earlier fixes moved it).</summary>
    private static Diagnostic InTree(Diagnostic diagnostic, SyntaxTree tree, SyntaxNode site)
        => Diagnostic.Create(
            diagnostic.Descriptor,
            Location.Create(tree, site.Span),
            diagnostic.Severity,
            diagnostic.AdditionalLocations.Select(l => l.SourceTree?.FilePath == tree.FilePath ? Location.Create(tree, l.SourceSpan) : l),
            diagnostic.Properties);

    /// <summary>The text of every file the fix changed or added, by path (an added file by its name); null when two targets' documents of one file differ.</summary>
    private static async Task<(Solution Solution, Dictionary<string, string> Texts)?> EditsAsync(Solution original, Solution changed, CancellationToken cancellationToken)
    {
        var texts = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var project in changed.GetChanges(original).GetProjectChanges())
        {
            foreach (var id in project.GetChangedDocuments(onlyGetDocumentsWithTextChanges: true).Concat(project.GetAddedDocuments()))
            {
                if (changed.GetDocument(id) is not { } document)
                {
                    continue;
                }

                var key = document.FilePath is { Length: > 0 } path ? path : "added:" + string.Join("/", document.Folders) + "/" + document.Name;
                var text = (await document.GetTextAsync(cancellationToken).ConfigureAwait(false)).ToString();
                if (texts.TryGetValue(key, out var seen) && seen != text)
                {
                    return null;
                }

                texts[key] = text;
            }
        }

        return (changed, texts);
    }

    private static bool Same(Dictionary<string, string> a, Dictionary<string, string> b)
        => a.Count == b.Count && a.All(pair => b.TryGetValue(pair.Key, out var text) && text == pair.Value);
}
