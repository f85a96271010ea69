namespace JsonPerf.Analyzers;

internal static class CallTrivia
{
    /// <summary>A line comment or directive inside <paramref name="site"/>, which a fix writing the call on one line would lose.</summary>
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

    /// <summary>The block comments of <paramref name="outer"/> before or after <paramref name="inner"/>, each followed by a space.</summary>
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
