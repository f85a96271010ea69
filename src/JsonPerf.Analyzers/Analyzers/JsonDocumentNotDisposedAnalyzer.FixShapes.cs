namespace JsonPerf.Analyzers;

/// <summary>JP0007: which fix shape a site admits (where a <c>using</c> can go and whether the elements stay in its scope).</summary>
public sealed partial class JsonDocumentNotDisposedAnalyzer
{
    /// <summary>
    /// True when the call is the first thing its statement evaluates (the receiver at the start of a member-access
    /// chain of a return, an expression statement or a single local's initializer, in a block, C# 8+): the document
    /// can then be declared just before the statement without moving any other evaluation.
    /// </summary>
    private static bool StartsStatement(SyntaxNode call)
    {
        if (call.SyntaxTree.Options is not CSharpParseOptions { LanguageVersion: >= LanguageVersion.CSharp8 })
        {
            return false;
        }

        var current = call;
        while (current.Parent is MemberAccessExpressionSyntax access && access.Expression == current
               || current.Parent is InvocationExpressionSyntax invocation && invocation.Expression == current
               || current.Parent is ElementAccessExpressionSyntax element && element.Expression == current)
        {
            current = current.Parent;
        }

        var statement = current.Parent switch
        {
            ReturnStatementSyntax r => r,
            ExpressionStatementSyntax e => e,
            EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Variables.Count: 1, Parent: LocalDeclarationStatementSyntax local } } }
                when local.UsingKeyword.IsKind(SyntaxKind.None) && !local.IsConst => local,
            _ => (StatementSyntax?)null,
        };

        if (statement?.Parent is not BlockSyntax block)
        {
            return false;
        }

        foreach (var node in block.DescendantNodes())
        {
            if (node is LabeledStatementSyntax)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// <c>using var</c> disposes the document at the end of the enclosing block. Offered when the language has
    /// using declarations, the declaration is a single local of type JsonDocument in a block (or top-level
    /// statements), the block has no labels (a goto must not jump over it), and every element read from the
    /// document is consumed inside that block: read into strings or numbers, cloned, or kept in locals declared
    /// after the document in the same block; never returned, stored, captured or passed to code we cannot see.
    /// </summary>
    private static bool CanAddUsing(IVariableDeclaratorOperation declarator, JsonSymbols symbols, List<IOperation> uses)
    {
        if (declarator.Syntax.SyntaxTree.Options is not CSharpParseOptions { LanguageVersion: >= LanguageVersion.CSharp8 }
            || declarator.Syntax is not VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Variables.Count: 1 } declaration }
            || declaration.Parent is not LocalDeclarationStatementSyntax { IsConst: false } statement
            || !SymbolEqualityComparer.Default.Equals(declarator.Symbol.Type, symbols.JsonDocument))
        {
            return false;
        }

        SyntaxNode scope;
        switch (statement.Parent)
        {
            case BlockSyntax block:
                scope = block;
                break;
            case GlobalStatementSyntax { Parent: CompilationUnitSyntax unit }:
                scope = unit;
                break;
            default:
                return false;
        }

        foreach (var node in scope.DescendantNodes())
        {
            if (node is LabeledStatementSyntax)
            {
                return false;
            }
        }

        var function = declarator.EnclosingFunction();
        var check = new ElementScopeCheck(symbols, declarator.Root(), function, statement.Span.End, scope.Span.End);
        return check.StaysInScope(uses);
    }
}
