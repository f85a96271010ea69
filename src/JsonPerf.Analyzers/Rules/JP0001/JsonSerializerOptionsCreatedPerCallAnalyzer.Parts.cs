namespace JsonPerf.Analyzers;

/// <summary>
/// What JP0001's fix moves along with the options (<see cref="WholeHoists"/>): a creation in their initializer, or in a
/// statement that configures the local the fix folds. An encoder there is hoisted inside the options.
/// </summary>
public sealed partial class JsonSerializerOptionsCreatedPerCallAnalyzer
{
    private static bool CoversPart(IOperation part, ISymbol containingSymbol, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        for (var current = part.Parent; current is not null; current = current.Parent)
        {
            if (current is IObjectCreationOperation creation && symbols.IsJsonSerializerOptions(creation.Type))
            {
                return IsFixable(Judge(creation, containingSymbol, symbols, cancellationToken));
            }

            if (current is IExpressionStatementOperation { Operation: ISimpleAssignmentOperation { Target: IPropertyReferenceOperation { Instance: ILocalReferenceOperation local } } } statement
                && local.Local.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax(cancellationToken) is VariableDeclaratorSyntax { Initializer.Value: { } value }
                && statement.SemanticModel?.GetOperation(value, cancellationToken)?.WalkDownConversions() is IObjectCreationOperation folded
                && symbols.IsJsonSerializerOptions(folded.Type))
            {
                var diagnostic = Judge(folded, containingSymbol, symbols, cancellationToken);
                return IsFixable(diagnostic) && diagnostic!.AdditionalLocations.Any(l => l.SourceSpan.Contains(part.Syntax.Span));
            }

            if (current.Syntax is StatementSyntax or MemberDeclarationSyntax)
            {
                return false;
            }
        }

        return false;
    }

    private static bool IsFixable(Diagnostic? diagnostic) => diagnostic is { Properties.Count: > 0 };
}
