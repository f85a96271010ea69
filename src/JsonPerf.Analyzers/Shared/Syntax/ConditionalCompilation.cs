using Microsoft.CodeAnalysis.Text;

namespace JsonPerf.Analyzers;

/// <summary>Code that <c>#if</c> compiles for some targets only: a fix there, made with one target's symbols, may break the others.</summary>
internal static class ConditionalCompilation
{
    /// <summary>In an <c>#if</c> region (any branch), or in a member with a conditional directive; free in files without directives.</summary>
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
        return root.ContainsDirectives && Regions(root).Any(r => r.Contains(node.SpanStart));
    }

    /// <summary>The outermost <c>#if</c> ... <c>#endif</c> regions (directives are parsed in inactive branches too).</summary>
    public static List<TextSpan> Regions(SyntaxNode root)
    {
        var regions = new List<TextSpan>();
        if (!root.ContainsDirectives)
        {
            return regions;
        }

        var depth = 0;
        var start = 0;
        foreach (var trivia in root.DescendantTrivia(static n => n.ContainsDirectives))
        {
            if (trivia.IsKind(SyntaxKind.IfDirectiveTrivia) && depth++ == 0)
            {
                start = trivia.SpanStart;
            }
            else if (trivia.IsKind(SyntaxKind.EndIfDirectiveTrivia) && depth > 0 && --depth == 0)
            {
                regions.Add(TextSpan.FromBounds(start, trivia.Span.End));
            }
        }

        return regions;
    }

    /// <summary>Whether an <c>#if</c> region (any branch) has the identifier <paramref name="name"/> as a whole token.</summary>
    public static bool RegionMentions(SyntaxNode root, SourceText text, string name)
    {
        foreach (var region in Regions(root))
        {
            if (HasIdentifier(text.ToString(region), name))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Whether <paramref name="code"/> has the identifier, tokenized per line; directive lines are skipped (what follows <c>#if</c> is inactive).</summary>
    public static bool HasIdentifier(string code, string name)
    {
        if (code.IndexOf(name, StringComparison.Ordinal) < 0)
        {
            return false;
        }

        foreach (var line in code.Split('\n'))
        {
            if (line.IndexOf(name, StringComparison.Ordinal) < 0 || line.TrimStart().StartsWith("#", StringComparison.Ordinal))
            {
                continue;
            }

            foreach (var token in SyntaxFactory.ParseTokens(line))
            {
                if (token.IsKind(SyntaxKind.IdentifierToken) && token.ValueText == name)
                {
                    return true;
                }
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
