namespace JsonPerf.Analyzers;

internal static class CallTrivia
{
    /// <summary>
    /// True when a line comment or a preprocessor directive sits inside <paramref name="site"/>: a fix that rewrites the
    /// call onto one line could not keep it.
    /// </summary>
    public static bool HasLineCommentOrDirective(SyntaxNode site)
    {
        foreach (var trivia in site.DescendantTrivia())
        {
            if (site.Span.Contains(trivia.Span) && (trivia.IsKind(SyntaxKind.SingleLineCommentTrivia) || trivia.IsDirective))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// The block comments of <paramref name="outer"/> that are not inside <paramref name="inner"/>, before or after it,
    /// each followed by a space; whitespace and line breaks between them are dropped with the removed tokens.
    /// </summary>
    public static SyntaxTriviaList Comments(SyntaxNode outer, SyntaxNode inner, bool before)
    {
        var kept = SyntaxTriviaList.Empty;
        foreach (var item in outer.DescendantTrivia())
        {
            if (item.IsKind(SyntaxKind.MultiLineCommentTrivia)
                && outer.Span.Contains(item.Span)
                && !inner.Span.Contains(item.Span)
                && (item.SpanStart < inner.SpanStart) == before)
            {
                kept = kept.Add(item).Add(SyntaxFactory.Space);
            }
        }

        return kept;
    }

    public static ExpressionSyntax WalkDownParenthesesAndCasts(ExpressionSyntax expression)
    {
        while (true)
        {
            switch (expression)
            {
                case ParenthesizedExpressionSyntax parenthesized:
                    expression = parenthesized.Expression;
                    break;
                case CastExpressionSyntax cast:
                    expression = cast.Expression;
                    break;
                default:
                    return expression;
            }
        }
    }
}
