using Microsoft.CodeAnalysis.Text;

namespace JsonPerf.CodeFixes;

/// <summary>
/// A line a fix writes stays within the file's limit: <c>max_line_length</c> from .editorconfig, else 120 (within the
/// longest line of any file whose longest is 120 or more, and the same whichever fix ran first). A longer new line is
/// wrapped as a careful person wraps a call: the outermost argument list on it one argument per line, an object or
/// collection initializer one member per line, then again while the line is still long.
/// </summary>
internal static class LineWrapping
{
    private const int DefaultLimit = 120;

    public static async Task<Document> WrapAsync(Document before, Document after, CancellationToken cancellationToken)
    {
        var old = await before.GetTextAsync(cancellationToken).ConfigureAwait(false);
        var oldLines = new HashSet<string>(old.Lines.Select(l => l.ToString().Trim()), StringComparer.Ordinal);
        var limit = await ConfiguredLimitAsync(before, cancellationToken).ConfigureAwait(false) ?? DefaultLimit;
        for (var round = 0; round < 32; round++)
        {
            var text = await after.GetTextAsync(cancellationToken).ConfigureAwait(false);
            var root = await after.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
            var changes = root is null ? null : FirstWrap(root, text, limit, oldLines);
            if (changes is null)
            {
                break;
            }

            after = after.WithText(text.WithChanges(changes));
        }

        return after;
    }

    private static async Task<int?> ConfiguredLimitAsync(Document document, CancellationToken cancellationToken)
        => await document.GetSyntaxTreeAsync(cancellationToken).ConfigureAwait(false) is { } tree
           && document.Project.AnalyzerOptions.AnalyzerConfigOptionsProvider.GetOptions(tree).TryGetValue("max_line_length", out var value)
           && int.TryParse(value, out var configured) && configured > 0
            ? configured
            : null;

    /// <summary>The edits that wrap the outermost list on the first new line over the limit, or null when there is none.</summary>
    private static List<TextChange>? FirstWrap(SyntaxNode root, SourceText text, int limit, HashSet<string> oldLines)
    {
        var newline = text.Lines.Count > 1 && text.ToString(TextSpan.FromBounds(text.Lines[0].End, text.Lines[0].EndIncludingLineBreak)) == "\r\n" ? "\r\n" : "\n";
        foreach (var line in text.Lines)
        {
            if (line.Span.Length <= limit || oldLines.Contains(line.ToString().Trim()))
            {
                continue;
            }

            var lineText = line.ToString();
            var indent = lineText.Substring(0, lineText.Length - lineText.TrimStart().Length);
            var unit = indent.Contains("\t") ? "\t" : "    ";
            // The outermost list first: the largest one that lies on the line.
            foreach (var node in root.DescendantNodes(line.Span).Where(n => line.Span.Contains(n.Span) && n is ArgumentListSyntax or InitializerExpressionSyntax).OrderByDescending(n => n.Span.Length))
            {
                var changes = node switch
                {
                    ArgumentListSyntax { Arguments.Count: >= 2 } list => Wrap(list.OpenParenToken, list.Arguments.GetSeparators(), list.Arguments.Select(a => (SyntaxNode)a), null, indent, unit, newline),
                    InitializerExpressionSyntax { Expressions.Count: >= 1 } initializer => Wrap(initializer.OpenBraceToken, initializer.Expressions.GetSeparators(), initializer.Expressions.Select(e => (SyntaxNode)e), initializer.CloseBraceToken, indent, unit, newline),
                    _ => null,
                };
                if (changes is not null)
                {
                    return changes;
                }
            }
        }

        return null;
    }

    /// <summary>
    /// An argument list: a line break after the open parenthesis and after each comma. An initializer: its braces on
    /// lines of their own at the line's indentation, each member on its own line one level in.
    /// </summary>
    private static List<TextChange>? Wrap(SyntaxToken open, IEnumerable<SyntaxToken> separators, IEnumerable<SyntaxNode> items, SyntaxToken? close, string indent, string unit, string newline)
    {
        var inner = newline + indent + unit;
        var changes = new List<TextChange>();
        if (close is not null && open.GetPreviousToken() is { } before && before.Span.End <= open.SpanStart)
        {
            changes.Add(new TextChange(TextSpan.FromBounds(before.Span.End, open.SpanStart), newline + indent));
        }

        var first = items.First();
        changes.Add(new TextChange(TextSpan.FromBounds(open.Span.End, first.SpanStart), inner));
        foreach (var separator in separators)
        {
            var next = separator.GetNextToken();
            if (close is not null && next == close.Value)
            {
                break;
            }

            changes.Add(new TextChange(TextSpan.FromBounds(separator.Span.End, next.SpanStart), inner));
        }

        if (close is { } closing)
        {
            changes.Add(new TextChange(TextSpan.FromBounds(closing.GetPreviousToken().Span.End, closing.SpanStart), newline + indent));
        }

        // Only whitespace is replaced: a comment between the items keeps the line as it is.
        return changes.All(c => c.Span.IsEmpty || string.IsNullOrWhiteSpace(open.SyntaxTree!.GetText().ToString(c.Span))) ? changes : null;
    }
}
