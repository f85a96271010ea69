namespace JsonPerf.CodeFixes;

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
}
