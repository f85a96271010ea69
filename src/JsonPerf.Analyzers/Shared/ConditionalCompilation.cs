using Microsoft.CodeAnalysis.Text;

namespace JsonPerf.Analyzers;

/// <summary>
/// Code that <c>#if</c> compiles for some preprocessor symbols only (a multi-targeted library's reflection branch kept
/// for its old targets). An analyzer and a fix see one set of symbols per document, so a fix there is right for the
/// targets they see and may break or duplicate what the others compile (JP0002's context: issue 27).
/// </summary>
internal static class ConditionalCompilation
{
    /// <summary>
    /// Whether <paramref name="node"/> lies between an <c>#if</c> and its <c>#endif</c> (in any branch, active or not),
    /// or the member holding it has a conditional directive (an <c>#if</c> beside the code, or a branch of the member
    /// itself). Free in files without directives; elsewhere only the nodes that hold directives are walked.
    /// </summary>
    public static bool IsConditional(SyntaxNode node)
    {
        var root = node.SyntaxTree.GetRoot();
        if (!root.ContainsDirectives)
        {
            return false;
        }

        var member = node.FirstAncestorOrSelf<MemberDeclarationSyntax>(m => m is not BaseTypeDeclarationSyntax and not BaseNamespaceDeclarationSyntax and not DelegateDeclarationSyntax);
        // The member's own text: its leading trivia may hold the #endif of the code before it.
        if (member is not null && member.ContainsDirectives && HasConditionalDirective(member, member.Span))
        {
            return true;
        }

        return IsInConditionalRegion(node);
    }

    /// <summary>Whether <paramref name="node"/> lies between an <c>#if</c> and its <c>#endif</c> (in any branch).</summary>
    public static bool IsInConditionalRegion(SyntaxNode node)
    {
        var root = node.SyntaxTree.GetRoot();
        if (!root.ContainsDirectives)
        {
            return false;
        }

        // Open #if regions before the node: the count of #if minus #endif (directives are parsed in inactive branches too).
        var depth = 0;
        foreach (var trivia in root.DescendantTrivia(TextSpan.FromBounds(0, node.SpanStart), static n => n.ContainsDirectives))
        {
            if (trivia.IsKind(SyntaxKind.IfDirectiveTrivia))
            {
                depth++;
            }
            else if (trivia.IsKind(SyntaxKind.EndIfDirectiveTrivia))
            {
                depth--;
            }
        }

        return depth > 0;
    }

    /// <summary>
    /// Whether the text of an <c>#if</c> ... <c>#endif</c> region of the tree (any branch, active or not: inactive text is
    /// not parsed, so it is read as text) contains <paramref name="word"/>.
    /// </summary>
    public static bool RegionMentions(SyntaxNode root, SourceText text, string word)
    {
        if (!root.ContainsDirectives)
        {
            return false;
        }

        var depth = 0;
        var start = 0;
        foreach (var trivia in root.DescendantTrivia(static n => n.ContainsDirectives))
        {
            if (trivia.IsKind(SyntaxKind.IfDirectiveTrivia) && depth++ == 0)
            {
                start = trivia.SpanStart;
            }
            else if (trivia.IsKind(SyntaxKind.EndIfDirectiveTrivia) && depth > 0 && --depth == 0
                     && text.ToString(TextSpan.FromBounds(start, trivia.Span.End)).IndexOf(word, StringComparison.Ordinal) >= 0)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Whether the node's text in <paramref name="span"/> has an <c>#if</c>, <c>#elif</c>, <c>#else</c> or <c>#endif</c>.</summary>
    internal static bool HasConditionalDirective(SyntaxNode node, TextSpan span)
    {
        foreach (var trivia in node.DescendantTrivia(span, static n => n.ContainsDirectives))
        {
            if (trivia.IsKind(SyntaxKind.IfDirectiveTrivia) || trivia.IsKind(SyntaxKind.ElifDirectiveTrivia)
                || trivia.IsKind(SyntaxKind.ElseDirectiveTrivia) || trivia.IsKind(SyntaxKind.EndIfDirectiveTrivia))
            {
                return true;
            }
        }

        return false;
    }
}
