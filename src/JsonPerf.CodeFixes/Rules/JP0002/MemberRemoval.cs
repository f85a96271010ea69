namespace JsonPerf.CodeFixes;

/// <summary>
/// Removes a member the way a person would: when it was the first member of its type, the blank line that
/// separated it from the next one does not stay behind right after the type's <c>{</c>.
/// </summary>
internal static class MemberRemoval
{
    public static SyntaxNode? Remove(SyntaxNode root, SyntaxNode member)
    {
        var next = member is MemberDeclarationSyntax && member.Parent is TypeDeclarationSyntax type && type.Members.IndexOf((MemberDeclarationSyntax)member) == 0 && type.Members.Count > 1
            ? type.Members[1]
            : null;
        if (next is null)
        {
            return root.RemoveNode(member, SyntaxRemoveOptions.KeepNoTrivia);
        }

        var tracked = root.TrackNodes(member, next);
        if (tracked.RemoveNode(tracked.GetCurrentNode(member)!, SyntaxRemoveOptions.KeepNoTrivia) is not { } removed
            || removed.GetCurrentNode(next) is not { } current)
        {
            return null;
        }

        return removed.ReplaceNode(current, current.WithLeadingTrivia(WithoutLeadingBlankLines(current.GetLeadingTrivia())));
    }

    /// <summary>The trivia without the blank lines it starts with (each line made of whitespace and its end of line only).</summary>
    internal static SyntaxTriviaList WithoutLeadingBlankLines(SyntaxTriviaList trivia)
    {
        var start = 0;
        for (var i = 0; i < trivia.Count; i++)
        {
            if (trivia[i].IsKind(SyntaxKind.EndOfLineTrivia))
            {
                start = i + 1;
            }
            else if (!trivia[i].IsKind(SyntaxKind.WhitespaceTrivia))
            {
                break;
            }
        }

        return start == 0 ? trivia : SyntaxFactory.TriviaList(trivia.Skip(start));
    }
}
