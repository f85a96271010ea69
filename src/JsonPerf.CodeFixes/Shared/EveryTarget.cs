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

        // Every target's document of an edited file takes the one text, so the host has nothing to merge and the next
        // site of a Fix All sees the same file in every target.
        var result = here.Value.Solution;
        foreach (var pair in here.Value.Texts)
        {
            foreach (var id in result.GetDocumentIdsWithFilePath(pair.Key))
            {
                if (id != document.Id && result.GetDocument(id) is { } linked
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
