using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;

namespace JsonPerf.CodeFixes;

/// <summary>
/// One edit for every target framework. A multi-targeted project is one workspace project per target, each with its own
/// document of a shared file; targets that edit it differently leave merge markers or code one target compiles. So a fix
/// is made in every target's document, from that target's diagnostic, and offered only when all write the same text.
/// </summary>
internal static class EveryTarget
{
    /// <summary>The fixer's own decision for one site: what <see cref="JsonFixer"/> runs in each target.</summary>
    public delegate Task<Solution?> FixIn(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken);

    /// <summary>Whether fixes in this document must be checked: it is shared, or its project is one target of several.</summary>
    public static bool Applies(Document document)
        => !document.GetLinkedDocumentIds().IsEmpty
           || (document.Project.FilePath is { Length: > 0 } path && document.Project.Solution.Projects.Any(p => p.Id != document.Project.Id && p.FilePath == path));

    /// <summary>The solution fixed here with every target's copy of each edited file the same; null when another target edits otherwise.</summary>
    public static async Task<Solution?> SameEditAsync(Document document, SyntaxNode site, Diagnostic diagnostic, Solution fixedHere, FixIn fixIn, CancellationToken cancellationToken)
    {
        var original = document.Project.Solution;
        if (await EditsAsync(original, await DocumentLayout.CleanUpAsync(original, fixedHere, cancellationToken).ConfigureAwait(false), cancellationToken).ConfigureAwait(false) is not { } here)
        {
            return null;
        }

        var linked = document.GetLinkedDocumentIds();
        if (linked.IsEmpty)
        {
            // A file of this target alone: fine while every edit stays in files of this target alone.
            return here.Added.Count == 0 && here.Texts.Keys.All(path => original.GetDocumentIdsWithFilePath(path).Length <= 1) ? fixedHere : null;
        }

        foreach (var id in linked)
        {
            if (original.GetDocument(id) is not { } sibling
                || await SiblingSiteAsync(sibling, site, diagnostic, cancellationToken).ConfigureAwait(false) is not var (siblingSite, siblingDiagnostic)
                || await fixIn(sibling, siblingSite, siblingDiagnostic, cancellationToken).ConfigureAwait(false) is not { } fixedThere
                || await EditsAsync(original, await DocumentLayout.CleanUpAsync(original, fixedThere, cancellationToken).ConfigureAwait(false), cancellationToken).ConfigureAwait(false) is not { } there
                || !Same(here, there))
            {
                return null;
            }
        }

        // The fixed document keeps its tree (the marks of the next sites of a Fix All), the others take the cleaned text.
        return await SyncAsync(fixedHere, here, new HashSet<DocumentId> { document.Id }, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The site in a sibling target's document, with that target's own diagnostic: the fix's decision may differ by target.</summary>
    private static async Task<(SyntaxNode Site, Diagnostic Diagnostic)?> SiblingSiteAsync(Document sibling, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        if (await sibling.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root
            || SameNode(root, site) is not { } siblingSite
            || AnalyzerFor(diagnostic.Id) is not { } analyzer
            || await sibling.Project.GetCompilationAsync(cancellationToken).ConfigureAwait(false) is not { } compilation
            || await sibling.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model)
        {
            return null;
        }

        var options = new CompilationWithAnalyzersOptions(
            new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty, sibling.Project.AnalyzerOptions.AnalyzerConfigOptionsProvider),
            onAnalyzerException: null, concurrentAnalysis: false, logAnalyzerExecutionTime: false);
        var diagnostics = await compilation.WithAnalyzers(ImmutableArray.Create(analyzer), options)
            .GetAnalyzerSemanticDiagnosticsAsync(model, siblingSite.Span, cancellationToken).ConfigureAwait(false);
        return diagnostics.FirstOrDefault(d => d.Id == diagnostic.Id && d.Location.SourceSpan == siblingSite.Span) is { } siblingDiagnostic
            ? (siblingSite, siblingDiagnostic)
            : null;
    }

    /// <summary>The node of <paramref name="root"/> that is <paramref name="site"/>: at its span, or the same one among equivalent nodes after earlier fixes.</summary>
    private static SyntaxNode? SameNode(SyntaxNode root, SyntaxNode site)
    {
        if (root.FullSpan.Contains(site.Span)
            && root.FindNode(site.Span, getInnermostNodeForTie: true) is { } atSpan
            && atSpan.Span == site.Span && atSpan.IsEquivalentTo(site, topLevel: false))
        {
            return atSpan;
        }

        var here = site.SyntaxTree.GetRoot().DescendantNodes().Where(n => n.RawKind == site.RawKind && n.IsEquivalentTo(site, topLevel: false)).ToList();
        var there = root.DescendantNodes().Where(n => n.RawKind == site.RawKind && n.IsEquivalentTo(site, topLevel: false)).ToList();
        var index = here.IndexOf(site);
        return index >= 0 && here.Count == there.Count ? there[index] : null;
    }

    private static DiagnosticAnalyzer? AnalyzerFor(string id) => RuleRegistry.For(id)?.CreateAnalyzer();

    /// <summary>Fix All's at-once pass on shared files: run here and on the same sites of each sibling target, kept only when all write the same.</summary>
    public static async Task<(Solution Solution, IReadOnlyCollection<SyntaxAnnotation> Fixed)> AtOnceAsync(
        Solution solution, IReadOnlyList<FixAllSite> sites, Func<Solution, IReadOnlyList<FixAllSite>, CancellationToken, Task<(Solution Solution, IReadOnlyCollection<SyntaxAnnotation> Fixed)>> fixAtOnce, CancellationToken cancellationToken)
    {
        var none = ((Solution, IReadOnlyCollection<SyntaxAnnotation>))(solution, Array.Empty<SyntaxAnnotation>());
        var marked = solution;
        var siblingSites = new Dictionary<ProjectId, List<FixAllSite>>();
        foreach (var group in sites.GroupBy(s => s.Document))
        {
            if (marked.GetDocument(group.Key) is not { } document
                || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root)
            {
                return none;
            }

            foreach (var id in document.GetLinkedDocumentIds())
            {
                if (marked.GetDocument(id) is not { } sibling
                    || await sibling.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } siblingRoot
                    || Mark(group, root, siblingRoot, id) is not { } marks)
                {
                    return none;
                }

                marked = sibling.WithSyntaxRoot(siblingRoot.ReplaceNodes(marks.Keys, (original, rewritten) => rewritten.WithAdditionalAnnotations(marks[original].Mark))).Project.Solution;
                if (!siblingSites.TryGetValue(id.ProjectId, out var list))
                {
                    siblingSites.Add(id.ProjectId, list = new List<FixAllSite>());
                }

                list.AddRange(marks.Values);
            }
        }

        var (here, done) = await fixAtOnce(marked, sites, cancellationToken).ConfigureAwait(false);
        if (done.Count == 0
            || await EditsAsync(marked, await DocumentLayout.CleanUpAsync(marked, here, cancellationToken).ConfigureAwait(false), cancellationToken).ConfigureAwait(false) is not { } hereEdits)
        {
            return none;
        }

        foreach (var targetSites in siblingSites.Values)
        {
            var (there, _) = await fixAtOnce(marked, targetSites, cancellationToken).ConfigureAwait(false);
            if (await EditsAsync(marked, await DocumentLayout.CleanUpAsync(marked, there, cancellationToken).ConfigureAwait(false), cancellationToken).ConfigureAwait(false) is not { } thereEdits
                || !Same(hereEdits, thereEdits))
            {
                return none;
            }
        }

        return (await SyncAsync(here, hereEdits, new HashSet<DocumentId>(sites.Select(s => s.Document)), cancellationToken).ConfigureAwait(false), done);
    }

    /// <summary>Marks for the same sites in a sibling's tree (the diagnostic moved there), or null when one has no counterpart.</summary>
    private static Dictionary<SyntaxNode, FixAllSite>? Mark(IEnumerable<FixAllSite> sites, SyntaxNode root, SyntaxNode siblingRoot, DocumentId sibling)
    {
        var marks = new Dictionary<SyntaxNode, FixAllSite>();
        foreach (var site in sites)
        {
            if (root.GetAnnotatedNodes(site.Mark).FirstOrDefault() is not { } node
                || !siblingRoot.FullSpan.Contains(node.Span)
                || siblingRoot.FindNode(node.Span, getInnermostNodeForTie: true) is not { } siblingNode
                || siblingNode.Span != node.Span || !siblingNode.IsEquivalentTo(node, topLevel: false) || marks.ContainsKey(siblingNode))
            {
                return null;
            }

            marks.Add(siblingNode, new FixAllSite(sibling, new SyntaxAnnotation(), InTree(site.Diagnostic, siblingRoot.SyntaxTree, node)));
        }

        return marks;
    }

    /// <summary>Every target's copy of an edited file takes the one text, an added file goes to every target; those in <paramref name="keep"/> keep their trees.</summary>
    private static async Task<Solution> SyncAsync(Solution result, Edits edits, HashSet<DocumentId> keep, CancellationToken cancellationToken)
    {
        foreach (var pair in edits.Texts)
        {
            foreach (var id in result.GetDocumentIdsWithFilePath(pair.Key))
            {
                if (!keep.Contains(id) && result.GetDocument(id) is { } linked
                    && await linked.GetTextAsync(cancellationToken).ConfigureAwait(false) is var current && current.ToString() != pair.Value)
                {
                    result = result.WithDocumentText(id, SourceText.From(pair.Value, current.Encoding, current.ChecksumAlgorithm));
                }
            }
        }

        foreach (var added in edits.Added)
        {
            if (result.GetDocument(added.Id) is not { } document)
            {
                continue;
            }

            foreach (var target in TargetsOf(result, document.Project))
            {
                if (!target.Documents.Any(d => d.Name == document.Name && d.Folders.SequenceEqual(document.Folders)))
                {
                    result = result.AddDocument(DocumentId.CreateNewId(target.Id), document.Name, SourceText.From(added.Text), document.Folders, document.FilePath);
                }
            }
        }

        return result;
    }

    /// <summary>The project's other targets: the projects of the same project file.</summary>
    private static IEnumerable<Project> TargetsOf(Solution solution, Project project)
        => project.FilePath is { Length: > 0 } path
            ? solution.Projects.Where(p => p.Id != project.Id && p.FilePath == path).ToList()
            : Enumerable.Empty<Project>();

    /// <summary>The diagnostic at the site's place in a sibling target's tree of the same file (in Fix All, as earlier fixes moved it).</summary>
    private static Diagnostic InTree(Diagnostic diagnostic, SyntaxTree tree, SyntaxNode site)
        => Diagnostic.Create(
            diagnostic.Descriptor,
            Location.Create(tree, site.Span),
            diagnostic.Severity,
            diagnostic.AdditionalLocations.Select(l => l.SourceTree?.FilePath == tree.FilePath ? Location.Create(tree, l.SourceSpan) : l),
            diagnostic.Properties);

    /// <summary>What a fix wrote: the text of every file it changed, by path, and the files it added (by folder and name).</summary>
    private sealed class Edits
    {
        public Dictionary<string, string> Texts { get; } = new(StringComparer.Ordinal);

        public List<(DocumentId Id, string Key, string Text)> Added { get; } = new();
    }

    /// <summary>The fix's edits, or null when two targets' documents of one file differ.</summary>
    private static async Task<Edits?> EditsAsync(Solution original, Solution changed, CancellationToken cancellationToken)
    {
        var edits = new Edits();
        foreach (var project in changed.GetChanges(original).GetProjectChanges())
        {
            foreach (var id in project.GetChangedDocuments(onlyGetDocumentsWithTextChanges: true))
            {
                if (changed.GetDocument(id) is { FilePath: { Length: > 0 } path } document)
                {
                    var text = (await document.GetTextAsync(cancellationToken).ConfigureAwait(false)).ToString();
                    if (edits.Texts.TryGetValue(path, out var seen) && seen != text)
                    {
                        return null;
                    }

                    edits.Texts[path] = text;
                }
            }

            foreach (var id in project.GetAddedDocuments())
            {
                if (changed.GetDocument(id) is { } document)
                {
                    var key = string.Join("/", document.Folders) + "/" + document.Name;
                    var text = (await document.GetTextAsync(cancellationToken).ConfigureAwait(false)).ToString();
                    if (edits.Added.Any(a => a.Key == key && a.Text != text))
                    {
                        return null;
                    }

                    edits.Added.Add((id, key, text));
                }
            }
        }

        return edits;
    }

    private static bool Same(Edits a, Edits b)
        => a.Texts.Count == b.Texts.Count && a.Texts.All(pair => b.Texts.TryGetValue(pair.Key, out var text) && text == pair.Value)
           && new HashSet<(string, string)>(a.Added.Select(x => (x.Key, x.Text))).SetEquals(b.Added.Select(x => (x.Key, x.Text)));
}
