namespace JsonPerf.Analyzers;

/// <summary>Syntax shapes of options code that the analyzers and the fixes read alike.</summary>
internal static class OptionsSyntax
{
    /// <summary>The initializer of a variable declarator or a property declaration.</summary>
    internal static ExpressionSyntax? Initializer(SyntaxNode declaration) => declaration switch
    {
        VariableDeclaratorSyntax declarator => declarator.Initializer?.Value,
        PropertyDeclarationSyntax property => property.Initializer?.Value,
        _ => null,
    };

    /// <summary><c>new JsonSerializerOptions(...)</c> or target-typed <c>new(...)</c>, by syntax.</summary>
    internal static BaseObjectCreationExpressionSyntax? AsOptionsCreation(ExpressionSyntax? expression) => expression switch
    {
        ObjectCreationExpressionSyntax { Type: var type } creation when RightmostName(type) == "JsonSerializerOptions" => creation,
        ImplicitObjectCreationExpressionSyntax creation => creation,
        _ => null,
    };

    internal static string? RightmostName(SyntaxNode node) => node switch
    {
        IdentifierNameSyntax identifier => identifier.Identifier.ValueText,
        QualifiedNameSyntax qualified => qualified.Right.Identifier.ValueText,
        AliasQualifiedNameSyntax alias => alias.Name.Identifier.ValueText,
        MemberAccessExpressionSyntax access => access.Name.Identifier.ValueText,
        _ => null,
    };

    /// <summary>The statements after <paramref name="statement"/> in its block, or in the top-level statements.</summary>
    internal static IReadOnlyList<SyntaxNode>? FollowingStatements(StatementSyntax statement)
    {
        switch (statement.Parent)
        {
            case BlockSyntax block:
            {
                var index = block.Statements.IndexOf(statement);
                var result = new List<SyntaxNode>();
                for (var i = index + 1; i < block.Statements.Count; i++)
                {
                    result.Add(block.Statements[i]);
                }

                return result;
            }

            case GlobalStatementSyntax { Parent: CompilationUnitSyntax unit } global:
            {
                var result = new List<SyntaxNode>();
                var index = unit.Members.IndexOf(global);
                for (var i = index + 1; i < unit.Members.Count && unit.Members[i] is GlobalStatementSyntax next; i++)
                {
                    result.Add(next.Statement);
                }

                return result;
            }

            default:
                return null;
        }
    }
}
