namespace JsonPerf.CodeFixes;

/// <summary>Removes a member as a person would: a first member's blank line does not stay behind after the type's <c>{</c>.</summary>
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
