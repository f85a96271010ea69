namespace JsonPerf.Analyzers;

/// <summary>
/// JP0007: which fix a site admits. The rule behind both <c>using</c> shapes: clone only what outlives the document.
/// A <c>using var</c> keeps the document alive to the end of its block, so an element used up in that block needs
/// no copy; only a <c>JsonElement</c> that leaves it (returned, yielded, stored, passed on) gets <c>.Clone()</c>,
/// at the expression where it leaves (<see cref="ElementEscapes"/>).
/// </summary>
public sealed partial class JsonDocumentNotDisposedAnalyzer
{
    /// <summary>
    /// True when the call is the first thing its statement evaluates (the receiver at the start of a member-access
    /// chain of a return, an expression statement or a single local's initializer, in a block without labels, C# 8+):
    /// the document can then be declared just before the statement without moving any other evaluation.
    /// </summary>
    private static bool StartsStatement(SyntaxNode call, out StatementSyntax statement, out BlockSyntax block, out string whyNot)
    {
        statement = null!;
        block = null!;
        whyNot = Rules.DocumentNeedsCSharp8;
        if (call.SyntaxTree.Options is not CSharpParseOptions { LanguageVersion: >= LanguageVersion.CSharp8 })
        {
            return false;
        }

        var current = call;
        while (current.Parent is ParenthesizedExpressionSyntax
               || current.Parent is MemberAccessExpressionSyntax access && access.Expression == current
               || current.Parent is InvocationExpressionSyntax invocation && invocation.Expression == current
               || current.Parent is ElementAccessExpressionSyntax element && element.Expression == current)
        {
            current = current.Parent;
        }

        var found = current.Parent switch
        {
            ReturnStatementSyntax r => r,
            ExpressionStatementSyntax e => e,
            EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Variables.Count: 1, Parent: LocalDeclarationStatementSyntax local } } }
                when local.UsingKeyword.IsKind(SyntaxKind.None) && !local.IsConst => local,
            _ => (StatementSyntax?)null,
        };

        whyNot = found?.Parent is BlockSyntax or LabeledStatementSyntax ? Rules.DocumentBlockHasLabels : Rules.DocumentNotAtStatementStart;
        if (found?.Parent is not BlockSyntax parent || HasLabels(parent))
        {
            return false;
        }

        statement = found;
        block = parent;
        whyNot = "";
        return true;
    }

    /// <summary>
    /// <c>JsonDocument.Parse(x).RootElement...</c> or <c>(await JsonDocument.ParseAsync(s)).RootElement...</c> starting a
    /// statement (<paramref name="document"/> is the call or the await): <c>using var document = ...;</c> goes before it,
    /// disposing the document at the end of the block. The clone sites are where the statement's elements outlive the
    /// block (none: no copy at all); when the walk cannot tell, the root element itself, whose clone is safe whatever
    /// the statement does with it.
    /// </summary>
    private static bool CanDeclareBefore(IOperation document, JsonSymbols symbols, out IReadOnlyList<IOperation> cloneSites, out string whyNot)
    {
        cloneSites = Array.Empty<IOperation>();
        if (!StartsStatement(document.Syntax, out var statement, out var block, out whyNot) || document.Parent is not IPropertyReferenceOperation rootElement)
        {
            return false;
        }

        var escapes = new ElementEscapes(symbols, document.Root(), document.EnclosingFunction(), statement.SpanStart, block.Span.End);
        cloneSites = escapes.TryFollow(new IOperation[] { document }) ? escapes.CloneSites : new IOperation[] { rootElement };
        return true;
    }

    /// <summary>
    /// <c>using var</c> disposes the document at the end of the enclosing block. Offered when the language has
    /// using declarations, the declaration is a single local of type JsonDocument in a block (or top-level
    /// statements), the block has no labels (a goto must not jump over it), and every element read from the
    /// document is either used up inside that block or leaves it from a JsonElement expression that can take a
    /// <c>.Clone()</c> (the clone sites); not offered when an element is captured, passed by ref, or leaves as
    /// something that cannot be cloned (a JsonProperty, an enumerator held in a local).
    /// </summary>
    private static bool CanAddUsing(IVariableDeclaratorOperation declarator, JsonSymbols symbols, List<IOperation> uses, out IReadOnlyList<IOperation> cloneSites, out string whyNot)
    {
        cloneSites = Array.Empty<IOperation>();
        whyNot = declarator.Syntax.SyntaxTree.Options is not CSharpParseOptions { LanguageVersion: >= LanguageVersion.CSharp8 } ? Rules.DocumentNeedsCSharp8
            : declarator.Syntax is not VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Variables.Count: 1 } } ? Rules.DocumentSharesDeclaration
            : !SymbolEqualityComparer.Default.Equals(declarator.Symbol.Type, symbols.JsonDocument) ? Rules.DocumentLocalOfOtherType
            : declarator.Syntax.Parent?.Parent?.Parent is LabeledStatementSyntax ? Rules.DocumentBlockHasLabels
            : declarator.Syntax.Parent?.Parent is not LocalDeclarationStatementSyntax { Parent: BlockSyntax or GlobalStatementSyntax { Parent: CompilationUnitSyntax } } ? Rules.DocumentNotInBlock
            : "";
        if (whyNot.Length > 0)
        {
            return false;
        }

        var statement = declarator.Syntax.Parent!.Parent!;
        var scope = statement.Parent is GlobalStatementSyntax global ? global.Parent! : statement.Parent!;
        if (HasLabels(scope))
        {
            whyNot = Rules.DocumentBlockHasLabels;
            return false;
        }

        var escapes = new ElementEscapes(symbols, declarator.Root(), declarator.EnclosingFunction(), statement.Span.End, scope.Span.End);
        if (!escapes.TryFollow(uses))
        {
            whyNot = escapes.WhyNot;
            return false;
        }

        cloneSites = escapes.CloneSites;
        return true;
    }

    private static readonly Func<SyntaxNode, bool> s_mayHoldLabels = static node
        => node is StatementSyntax or SwitchSectionSyntax or CatchClauseSyntax or FinallyClauseSyntax or ElseClauseSyntax;

    /// <summary>
    /// A labeled statement anywhere in <paramref name="scope"/> (a <c>goto</c> may jump over a new using declaration).
    /// Labels are statements: the walk enters statements and the clauses that hold them, never an expression (most of
    /// a block's nodes; a label inside a lambda's body is its own scope anyway).
    /// </summary>
    private static bool HasLabels(SyntaxNode scope)
    {
        foreach (var node in scope.DescendantNodes(s_mayHoldLabels))
        {
            if (node is LabeledStatementSyntax)
            {
                return true;
            }
        }

        return false;
    }
}
