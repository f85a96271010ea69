namespace JsonPerf.Analyzers;

/// <summary>Syntax shapes of options code that the analyzers and the fixes read alike.</summary>
internal static class OptionsSyntax
{
    /// <summary>Settings <c>[JsonSourceGenerationOptions]</c> can express (JP0002's fix mirrors options that set only these).</summary>
    internal static readonly HashSet<string> GenerationSettings = new(StringComparer.Ordinal)
    {
        "WriteIndented", "PropertyNameCaseInsensitive", "AllowTrailingCommas", "IgnoreReadOnlyProperties",
        "DefaultIgnoreCondition", "NumberHandling", "ReadCommentHandling", "MaxDepth", "PropertyNamingPolicy", "DictionaryKeyPolicy",
    };

    /// <summary>Settings that carry over to generated metadata when a context is bound as the options' resolver.</summary>
    internal static readonly HashSet<string> BindableSettings = new(GenerationSettings, StringComparer.Ordinal) { "Encoder", "Converters" };

    /// <summary>A static readonly options field or property JP0002's fix can bind a context to: it sets only <see cref="BindableSettings"/>.</summary>
    internal static bool IsBindableDeclaration(ISymbol member, SyntaxNode declaration)
    {
        if (member is not (IFieldSymbol { IsStatic: true, IsReadOnly: true } or IPropertySymbol { IsStatic: true, SetMethod: null })
            || AsOptionsCreation(Initializer(declaration)) is not { } creation
            || creation.ArgumentList is { Arguments: { Count: > 0 } arguments }
               && (arguments.Count != 1 || arguments[0].Expression is not MemberAccessExpressionSyntax { Expression: var defaults } || RightmostName(defaults) != "JsonSerializerDefaults"))
        {
            return false;
        }

        foreach (var expression in creation.Initializer?.Expressions ?? default)
        {
            if (expression is not AssignmentExpressionSyntax { Left: IdentifierNameSyntax { Identifier.ValueText: var setting } }
                || setting != "TypeInfoResolver" && !BindableSettings.Contains(setting))
            {
                return false;
            }
        }

        return true;
    }

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

    /// <summary>The outermost expression passing <paramref name="use"/>'s value on: parentheses, <c>??</c>, a branch of <c>?:</c>.</summary>
    internal static SyntaxNode PassedOn(SyntaxNode use)
    {
        while (use.Parent is ParenthesizedExpressionSyntax
               || use.Parent is BinaryExpressionSyntax coalesce && coalesce.IsKind(SyntaxKind.CoalesceExpression)
               || use.Parent is ConditionalExpressionSyntax conditional && conditional.Condition != use)
        {
            use = use.Parent;
        }

        return use;
    }

    internal static string? RightmostName(SyntaxNode node) => node switch
    {
        IdentifierNameSyntax identifier => identifier.Identifier.ValueText,
        QualifiedNameSyntax qualified => qualified.Right.Identifier.ValueText,
        AliasQualifiedNameSyntax alias => alias.Name.Identifier.ValueText,
        MemberAccessExpressionSyntax access => access.Name.Identifier.ValueText,
        _ => null,
    };

    /// <summary>Up to <paramref name="max"/> statements after <paramref name="statement"/> in its block or the top-level statements.</summary>
    internal static IReadOnlyList<SyntaxNode>? FollowingStatements(StatementSyntax statement, int max = int.MaxValue)
    {
        switch (statement.Parent)
        {
            case BlockSyntax block:
            {
                var statements = block.Statements;
                var index = statements.IndexOf(statement);
                var result = new List<SyntaxNode>();
                for (var i = index + 1; i < statements.Count && result.Count < max; i++)
                {
                    result.Add(statements[i]);
                }

                return result;
            }

            case GlobalStatementSyntax { Parent: CompilationUnitSyntax unit } global:
            {
                var members = unit.Members;
                var result = new List<SyntaxNode>();
                var index = members.IndexOf(global);
                for (var i = index + 1; i < members.Count && result.Count < max && members[i] is GlobalStatementSyntax next; i++)
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
