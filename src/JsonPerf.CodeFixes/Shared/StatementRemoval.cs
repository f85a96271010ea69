namespace JsonPerf.CodeFixes;

/// <summary>
/// Removes statements the way a person would: their comments move to the next statement, and no blank line is
/// left right after the block's <c>{</c> or doubled where the statements were.
/// </summary>
internal static class StatementRemoval
{
    public static void Remove(DocumentEditor editor, IReadOnlyList<StatementSyntax> statements)
    {
        if (statements.Count == 0)
        {
            return;
        }

        var ordered = statements.OrderBy(s => s.SpanStart).ToList();
        var startsBlock = PreviousSibling(Node(ordered[0])) is null;
        var moved = RemoveKeepingComments(editor, ordered, out var blankBefore);
        if (OptionsSyntax.FollowingStatements(ordered[ordered.Count - 1], max: 1)?.FirstOrDefault() is not StatementSyntax next)
        {
            return;
        }

        editor.ReplaceNode(Node(next), (current, _) => current.WithLeadingTrivia(LeadingTriviaWith(moved, current.GetLeadingTrivia(), blankBefore, startsBlock)));
    }

    /// <summary>Removes the statements and returns their comment lines; <paramref name="blankBefore"/>: a blank line preceded the first.</summary>
    private static List<SyntaxTrivia> RemoveKeepingComments(DocumentEditor editor, List<StatementSyntax> ordered, out bool blankBefore)
    {
        var moved = new List<SyntaxTrivia>();
        blankBefore = false;
        foreach (var statement in ordered)
        {
            foreach (var line in Lines(Node(statement).GetLeadingTrivia()))
            {
                if (IsBlank(line))
                {
                    blankBefore |= statement == ordered[0];
                }
                else if (line.Any(t => t.IsKind(SyntaxKind.EndOfLineTrivia)))
                {
                    moved.AddRange(line);
                }
            }

            editor.RemoveNode(Node(statement), SyntaxRemoveOptions.KeepUnbalancedDirectives);
        }

        return moved;
    }

    /// <summary>The next statement's leading trivia with the moved comments above its own, without doubled or leading blank lines.</summary>
    private static List<SyntaxTrivia> LeadingTriviaWith(List<SyntaxTrivia> moved, SyntaxTriviaList leading, bool blankBefore, bool startsBlock)
    {
        var own = Lines(leading);
        var result = new List<SyntaxTrivia>();
        var lastWasBlank = startsBlock;
        void Add(List<SyntaxTrivia> line)
        {
            var blank = IsBlank(line);
            if (line.Count == 0 || blank && lastWasBlank)
            {
                return;
            }

            result.AddRange(line);
            lastWasBlank = blank;
        }

        if (blankBefore && !startsBlock)
        {
            var eol = own.SelectMany(l => l).FirstOrDefault(t => t.IsKind(SyntaxKind.EndOfLineTrivia));
            Add(new List<SyntaxTrivia> { eol == default ? SyntaxFactory.EndOfLine("\n") : eol });
        }

        foreach (var line in Lines(SyntaxFactory.TriviaList(moved)))
        {
            Add(line);
        }

        // Comments moved from the removed statements now sit right above this one: no blank line in between.
        var dropBlank = moved.Count > 0;
        foreach (var line in own)
        {
            // The last chunk is the statement's own indentation, not a line.
            if (line == own[own.Count - 1] && !line.Any(t => t.IsKind(SyntaxKind.EndOfLineTrivia)))
            {
                result.AddRange(line);
            }
            else if (!(dropBlank && IsBlank(line)))
            {
                dropBlank = false;
                Add(line);
            }
        }

        return result;
    }

    private static SyntaxNode Node(StatementSyntax statement) => statement.Parent is GlobalStatementSyntax global ? global : statement;

    private static SyntaxNode? PreviousSibling(SyntaxNode node)
    {
        SyntaxNode? previous = null;
        foreach (var sibling in node.Parent?.ChildNodes() ?? Enumerable.Empty<SyntaxNode>())
        {
            if (sibling == node)
            {
                return previous is StatementSyntax or GlobalStatementSyntax or MemberDeclarationSyntax ? previous : null;
            }

            previous = sibling;
        }

        return null;
    }

    /// <summary>Trivia split after each end of line; the last chunk (the indentation of the token) may have none.</summary>
    private static List<List<SyntaxTrivia>> Lines(SyntaxTriviaList trivia)
    {
        var lines = new List<List<SyntaxTrivia>> { new() };
        foreach (var t in trivia)
        {
            lines[lines.Count - 1].Add(t);
            if (t.IsKind(SyntaxKind.EndOfLineTrivia))
            {
                lines.Add(new List<SyntaxTrivia>());
            }
        }

        return lines;
    }

    private static bool IsBlank(List<SyntaxTrivia> line)
        => line.Any(t => t.IsKind(SyntaxKind.EndOfLineTrivia)) && line.All(t => t.IsKind(SyntaxKind.EndOfLineTrivia) || t.IsKind(SyntaxKind.WhitespaceTrivia));
}
