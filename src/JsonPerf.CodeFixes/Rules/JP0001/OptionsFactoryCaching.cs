using Fixer = JsonPerf.CodeFixes.JsonSerializerOptionsCreatedPerCallFixer;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0001's fix at a call of the project's own options factory: the factory's creation moves into a static readonly
/// field of its type, and the factory returns the field (<c>=> JsonOptions</c>, <c>o ?? JsonOptions</c>). Offered only
/// where no code outside the solution can call the factory and every call in it passes the result straight to the
/// serializer or copies it: a caller that changed the shared instance would throw.
/// </summary>
internal static class OptionsFactoryCaching
{
    /// <summary>Edits the factory's document, which may not be the call's. Null when an earlier fix of Fix All already cached it.</summary>
    public static async Task<Solution?> FixAsync(Document document, SyntaxNode site, CancellationToken cancellationToken)
    {
        if (await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || model.GetOperation(site, cancellationToken) is not IInvocationOperation invocation
            || invocation.TargetMethod.OriginalDefinition is not { DeclaringSyntaxReferences.Length: 1 } method
            || Visibility.IsVisibleOutsideLibrary(method, model.Compilation)
            || document.Project.Solution.GetDocument(method.DeclaringSyntaxReferences[0].SyntaxTree) is not { } factoryDocument
            || await method.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false) is not MethodDeclarationSyntax factory
            || await factoryDocument.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } factoryModel
            || ReturnedCreation(factory, factoryModel) is not { } creation)
        {
            return null;
        }

        SyntaxNode wrapped = creation;
        while (wrapped.Parent is ParenthesizedExpressionSyntax or CastExpressionSyntax)
        {
            wrapped = wrapped.Parent;
        }

        if (wrapped != creation && wrapped.DescendantNodesAndSelf().OfType<CastExpressionSyntax>().Any())
        {
            // `(JsonSerializerOptions)new ...`: the cast to the options' own type goes first, so the factory returns the field as is.
            var marker = new SyntaxAnnotation();
            var root = await factoryDocument.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
            factoryDocument = factoryDocument.WithSyntaxRoot(root!.ReplaceNode(wrapped, creation.WithAdditionalAnnotations(marker).WithTriviaFrom(wrapped)));
            creation = (BaseObjectCreationExpressionSyntax)(await factoryDocument.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))!.GetAnnotatedNodes(marker).Single();
        }

        return (await Fixer.HoistAsync(factoryDocument, creation, foldLocal: false, cancellationToken).ConfigureAwait(false))?.Project.Solution;
    }

    /// <summary>The creation of <c>=> creation</c>, <c>{ return creation; }</c>, or the same with <c>p ?? creation</c>.</summary>
    private static BaseObjectCreationExpressionSyntax? ReturnedCreation(MethodDeclarationSyntax declaration, SemanticModel model)
    {
        var returned = Unwrap(declaration.ExpressionBody?.Expression
                              ?? (declaration.Body is { Statements: { Count: 1 } statements } && statements[0] is ReturnStatementSyntax { Expression: { } value } ? value : null), model);
        return (returned is BinaryExpressionSyntax coalesce && coalesce.IsKind(SyntaxKind.CoalesceExpression) ? Unwrap(coalesce.Right, model) : returned) as BaseObjectCreationExpressionSyntax;
    }

    /// <summary>Without parentheses and casts to the options' own type (the analyzer reads through both).</summary>
    private static ExpressionSyntax? Unwrap(ExpressionSyntax? expression, SemanticModel model)
    {
        while (true)
        {
            if (expression is ParenthesizedExpressionSyntax parenthesized)
            {
                expression = parenthesized.Expression;
            }
            else if (expression is CastExpressionSyntax cast && model.GetOperation(cast) is IConversionOperation { Conversion.IsIdentity: true })
            {
                expression = cast.Expression;
            }
            else
            {
                return expression;
            }
        }
    }
}
