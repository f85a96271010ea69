using Microsoft.CodeAnalysis.Text;

namespace JsonPerf.CodeFixes;

/// <summary>
/// A line a fix writes stays within <c>max_line_length</c>, else 120: wrapped as a person would, the outermost argument
/// list one argument per line, an initializer one member per line, then again while the line is still long.
/// </summary>
internal static class LineWrapping
{
    private const int DefaultLimit = 120;

    public static async Task<Document> WrapAsync(Document before, Document after, CancellationToken cancellationToken)
    {
        var old = await before.GetTextAsync(cancellationToken).ConfigureAwait(false);
        var limit = await ConfiguredLimitAsync(before, cancellationToken).ConfigureAwait(false) ?? DefaultLimit;
        if (limit == int.MaxValue)
        {
            return after;
        }

        var kept = await AuthorsLinesAsync(old, after, limit, cancellationToken).ConfigureAwait(false);
        kept.UnionWith(await NoLongerThanReplacedAsync(before, old, after, limit, cancellationToken).ConfigureAwait(false));
        for (var round = 0; round < 32; round++)
        {
            var text = await after.GetTextAsync(cancellationToken).ConfigureAwait(false);
            var root = await after.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
            if (root is null || FirstWrap(root, text, limit, kept) is not { } wrapped)
            {
                break;
            }

            after = after.WithSyntaxRoot(wrapped);
        }

        return after;
    }

    /// <summary>Long lines left as they are: untouched, or an author's line the fix only inserted into or changed in part without lengthening.</summary>
    private static async Task<HashSet<string>> AuthorsLinesAsync(SourceText old, Document after, int limit, CancellationToken cancellationToken)
    {
        var kept = new HashSet<string>(StringComparer.Ordinal);
        var text = await after.GetTextAsync(cancellationToken).ConfigureAwait(false);
        var longOld = old.Lines.Select(l => l.ToString()).Where(l => l.Length > limit).ToList();
        if (longOld.Count == 0)
        {
            return kept;
        }

        var oldLines = new HashSet<string>(longOld.Select(l => l.Trim()), StringComparer.Ordinal);
        foreach (var line in text.Lines)
        {
            var lineText = line.ToString();
            if (line.Span.Length > limit
                && (oldLines.Contains(lineText.Trim()) || longOld.Any(o => IsInsertionInto(o, lineText) || IsPartlyRewritten(o, lineText))))
            {
                kept.Add(lineText);
            }
        }

        return kept;
    }

    /// <summary>Long lines no longer than the author's lines they edit in place: the author's layout stays, whichever fix runs first.</summary>
    private static async Task<List<string>> NoLongerThanReplacedAsync(Document before, SourceText old, Document after, int limit, CancellationToken cancellationToken)
    {
        // Each line of the text after, by the author's line it is an in-place edit of (no line break written or removed).
        var text = await after.GetTextAsync(cancellationToken).ConfigureAwait(false);
        var sources = new Dictionary<int, int>();
        var delta = 0;
        foreach (var change in await after.GetTextChangesAsync(before, cancellationToken).ConfigureAwait(false))
        {
            var replaced = old.Lines.GetLinePositionSpan(change.Span);
            var newText = change.NewText ?? string.Empty;
            var line = text.Lines.GetLineFromPosition(change.Span.Start + delta).LineNumber;
            var inPlace = replaced.Start.Line == replaced.End.Line && newText.IndexOf('\n') < 0 && newText.IndexOf('\r') < 0;
            sources[line] = inPlace && (!sources.TryGetValue(line, out var source) || source == replaced.Start.Line) ? replaced.Start.Line : -1;
            delta += newText.Length - change.Span.Length;
        }

        // Not a line an earlier fix of the same Fix All wrote (its document keeps the fix's tree until the end): its
        // nodes still carry the fix's annotations.
        var oldRoot = await before.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        bool Authors(int line) => oldRoot is not null && !oldRoot.DescendantNodesAndTokens(old.Lines[line].Span).Any(n => n.HasAnnotation(Formatter.Annotation) || n.HasAnnotation(Simplifier.Annotation));

        var kept = new List<string>();
        foreach (var pair in sources)
        {
            if (pair.Value >= 0 && text.Lines[pair.Key].Span.Length is var length && length > limit && length <= old.Lines[pair.Value].Span.Length && Authors(pair.Value))
            {
                kept.Add(text.Lines[pair.Key].ToString());
            }
        }

        return kept;
    }

    /// <summary>No longer than the author's line, and at least half of it the author's text at its start and end.</summary>
    private static bool IsPartlyRewritten(string before, string after)
    {
        if (after.Length > before.Length)
        {
            return false;
        }

        var prefix = 0;
        while (prefix < after.Length && before[prefix] == after[prefix])
        {
            prefix++;
        }

        var suffix = 0;
        while (suffix < after.Length - prefix && before[before.Length - 1 - suffix] == after[after.Length - 1 - suffix])
        {
            suffix++;
        }

        return 2 * (prefix + suffix) >= after.Length;
    }

    private static async Task<int?> ConfiguredLimitAsync(Document document, CancellationToken cancellationToken)
        => await document.GetSyntaxTreeAsync(cancellationToken).ConfigureAwait(false) is { } tree
           && document.Project.AnalyzerOptions.AnalyzerConfigOptionsProvider.GetOptions(tree).TryGetValue("max_line_length", out var value)
           && (string.Equals(value.Trim(), "off", StringComparison.OrdinalIgnoreCase) ? int.MaxValue : int.TryParse(value, out var configured) && configured > 0 ? configured : 0) is > 0 and var limit
            ? limit
            : null;

    /// <summary>The root with the outermost list on the first new line over the limit wrapped, or null when there is none.</summary>
    private static SyntaxNode? FirstWrap(SyntaxNode root, SourceText text, int limit, HashSet<string> kept)
    {
        var newline = text.Lines.Count > 1 && text.ToString(TextSpan.FromBounds(text.Lines[0].End, text.Lines[0].EndIncludingLineBreak)) == "\r\n" ? "\r\n" : "\n";
        foreach (var line in text.Lines)
        {
            if (line.Span.Length <= limit || kept.Contains(line.ToString()))
            {
                continue;
            }

            var lineText = line.ToString();
            var indent = lineText.Substring(0, lineText.Length - lineText.TrimStart().Length);
            var unit = indent.Contains("\t") ? "\t" : "    ";
            // The outermost list first; never inside an interpolation hole (a line break there needs C# 11).
            foreach (var node in root.DescendantNodes(line.Span)
                         .Where(n => line.Span.Contains(n.Span) && n is ArgumentListSyntax or InitializerExpressionSyntax or AnonymousObjectCreationExpressionSyntax && !n.Ancestors().Any(a => a is InterpolationSyntax))
                         .OrderByDescending(n => n.Span.Length))
            {
                var breaks = node switch
                {
                    ArgumentListSyntax { Arguments.Count: >= 2 } list => Breaks(list.OpenParenToken, list.Arguments.GetSeparators(), list.Arguments.Select(a => (SyntaxNode)a), null),
                    InitializerExpressionSyntax { Expressions.Count: >= 1 } initializer => Breaks(initializer.OpenBraceToken, initializer.Expressions.GetSeparators(), initializer.Expressions.Select(e => (SyntaxNode)e), initializer.CloseBraceToken),
                    AnonymousObjectCreationExpressionSyntax { Initializers.Count: >= 1 } anonymous => Breaks(anonymous.OpenBraceToken, anonymous.Initializers.GetSeparators(), anonymous.Initializers.Select(e => (SyntaxNode)e), anonymous.CloseBraceToken),
                    _ => null,
                };
                if (breaks is not null && Apply(root, breaks, indent, unit, newline) is { } wrapped)
                {
                    return wrapped;
                }
            }
        }

        return null;
    }

    /// <summary>Line breaks as (token before, token after, indented): after <c>(</c> and each comma; an initializer also around its braces.</summary>
    private static List<(SyntaxToken Before, SyntaxToken After, bool Inner)>? Breaks(SyntaxToken open, IEnumerable<SyntaxToken> separators, IEnumerable<SyntaxNode> items, SyntaxToken? close)
    {
        var breaks = new List<(SyntaxToken, SyntaxToken, bool)>();
        if (close is not null)
        {
            breaks.Add((open.GetPreviousToken(), open, false));
        }

        breaks.Add((open, items.First().GetFirstToken(), true));
        foreach (var separator in separators)
        {
            var next = separator.GetNextToken();
            if (close is not null && next == close.Value)
            {
                break;
            }

            breaks.Add((separator, next, true));
        }

        if (close is { } closing)
        {
            breaks.Add((closing.GetPreviousToken(), closing, false));
        }

        return breaks;
    }

    /// <summary>The breaks as trivia, keeping the fix's annotations; null where a comment or directive sits at a break.</summary>
    private static SyntaxNode? Apply(SyntaxNode root, List<(SyntaxToken Before, SyntaxToken After, bool Inner)> breaks, string indent, string unit, string newline)
    {
        var leading = new Dictionary<SyntaxToken, SyntaxTriviaList>();
        var trailing = new Dictionary<SyntaxToken, SyntaxTriviaList>();
        foreach (var (before, after, inner) in breaks)
        {
            if (before.RawKind == 0 || !OnlyWhitespace(before.TrailingTrivia) || !OnlyWhitespace(after.LeadingTrivia))
            {
                return null;
            }

            trailing[before] = SyntaxFactory.TriviaList(SyntaxFactory.EndOfLine(newline));
            leading[after] = SyntaxFactory.TriviaList(SyntaxFactory.Whitespace(inner ? indent + unit : indent));
        }

        return root.ReplaceTokens(
            leading.Keys.Concat(trailing.Keys).Distinct(),
            (original, token) => token
                .WithLeadingTrivia(leading.TryGetValue(original, out var l) ? l : token.LeadingTrivia)
                .WithTrailingTrivia(trailing.TryGetValue(original, out var t) ? t : token.TrailingTrivia));
    }

    /// <summary>The author's long line with a few characters inserted (<c>using </c>, <c>.Clone()</c>): left as written.</summary>
    private static bool IsInsertionInto(string before, string after)
    {
        if (after.Length < before.Length || after.Length - before.Length > 24)
        {
            return false;
        }

        var matched = 0;
        for (var i = 0; i < after.Length && matched < before.Length; i++)
        {
            if (after[i] == before[matched])
            {
                matched++;
            }
        }

        return matched == before.Length;
    }

    private static bool OnlyWhitespace(SyntaxTriviaList trivia)
        => trivia.All(t => t.IsKind(SyntaxKind.WhitespaceTrivia) || t.IsKind(SyntaxKind.EndOfLineTrivia));
}
