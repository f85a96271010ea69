using Microsoft.CodeAnalysis.Text;

namespace JsonPerf.CodeFixes;

/// <summary>
/// The usual clean-up of what a fix annotated, then the file's own layout: its line endings (the formatter would write the
/// machine's) and final newline; an added document follows the project's first one.
/// </summary>
internal static class DocumentLayout
{
    public static async Task<Solution> CleanUpAsync(Solution original, Solution changed, CancellationToken cancellationToken)
    {
        // Every document is cleaned on the same solution and the results joined at the end: one compilation for all
        // (each step changes only how its document writes names), not the source generators re-run per document.
        var cleaned = new List<(DocumentId Id, SyntaxNode? Root, Microsoft.CodeAnalysis.Text.SourceText? Text)>();
        foreach (var project in changed.GetChanges(original).GetProjectChanges())
        {
            foreach (var id in project.GetChangedDocuments(onlyGetDocumentsWithTextChanges: true).Concat(project.GetAddedDocuments()))
            {
                if (changed.GetDocument(id) is not { } document)
                {
                    continue;
                }

                // Imports and simplification need a new compilation: only where the fix annotated something for them.
                var annotated = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
                if (annotated?.GetAnnotatedNodesAndTokens(Simplifier.AddImportsAnnotation).Any() == true)
                {
                    document = await ImportAdder.AddImportsAsync(document, Simplifier.AddImportsAnnotation, cancellationToken: cancellationToken).ConfigureAwait(false);
                }

                if (annotated?.GetAnnotatedNodesAndTokens(Simplifier.Annotation).Any() == true || annotated?.GetAnnotatedNodesAndTokens(Simplifier.AddImportsAnnotation).Any() == true)
                {
                    document = await Simplifier.ReduceAsync(document, Simplifier.Annotation, cancellationToken: cancellationToken).ConfigureAwait(false);
                }

                document = await Formatter.FormatAsync(document, Formatter.Annotation, cancellationToken: cancellationToken).ConfigureAwait(false);
                if (original.GetDocument(id) is { } unchanged)
                {
                    document = await LineWrapping.WrapAsync(unchanged, document, cancellationToken).ConfigureAwait(false);
                }

                if ((original.GetDocument(id) ?? original.GetProject(id.ProjectId)?.Documents.FirstOrDefault()) is { } before)
                {
                    var text = await document.GetTextAsync(cancellationToken).ConfigureAwait(false);
                    if (Keep(await before.GetTextAsync(cancellationToken).ConfigureAwait(false), text) is { } kept)
                    {
                        cleaned.Add((id, null, kept));
                        continue;
                    }
                }

                cleaned.Add((id, await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false), null));
            }
        }

        var result = changed;
        foreach (var (id, root, text) in cleaned)
        {
            result = text is not null ? result.WithDocumentText(id, text) : result.WithDocumentSyntaxRoot(id, root!);
        }

        return result;
    }

    /// <summary>The new text with the old one's line endings and final newline, or null when nothing changes.</summary>
    internal static SourceText? Keep(SourceText before, SourceText after)
    {
        var old = before.ToString();
        var text = after.ToString();
        var (crlf, lf) = Count(old);
        var eol = crlf > 0 && lf == 0 ? "\r\n" : lf > 0 && crlf == 0 ? "\n" : null;

        var changed = text;
        if (eol == "\r\n")
        {
            changed = changed.Replace("\r\n", "\n").Replace("\n", "\r\n");
        }
        else if (eol == "\n")
        {
            changed = changed.Replace("\r\n", "\n");
        }

        var newline = eol ?? (old.EndsWith("\r\n", StringComparison.Ordinal) ? "\r\n" : "\n");
        if (old.EndsWith("\n", StringComparison.Ordinal) && !changed.EndsWith("\n", StringComparison.Ordinal))
        {
            changed += newline;
        }

        return changed == text ? null : SourceText.From(changed, after.Encoding ?? before.Encoding, after.ChecksumAlgorithm);
    }

    private static (int Crlf, int Lf) Count(string text)
    {
        var crlf = 0;
        var lf = 0;
        for (var i = 0; i < text.Length; i++)
        {
            if (text[i] == '\n')
            {
                if (i > 0 && text[i - 1] == '\r')
                {
                    crlf++;
                }
                else
                {
                    lf++;
                }
            }
        }

        return (crlf, lf);
    }
}
