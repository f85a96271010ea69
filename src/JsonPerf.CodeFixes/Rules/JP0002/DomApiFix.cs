using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;
using Fix = JsonPerf.Analyzers.ReflectionSerializationFix;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0002's <see cref="Fix.DomApi"/>: JSON's own DOM types get their own API instead of the serializer, no context, as
/// the analyzer's <see cref="Fix.Rewrite"/> says. <c>Serialize</c> flushes the writer, <c>WriteTo</c> does not: a
/// <c>Flush()</c> follows it.
/// </summary>
internal static class DomApiFix
{
    public static async Task<Func<CancellationToken, Task<Solution?>>?> PrepareAsync(Document document, SyntaxNode site, string? rewrite, CancellationToken cancellationToken)
    {
        if (site.FirstAncestorOrSelf<InvocationExpressionSyntax>() is not { ArgumentList.Arguments: { Count: > 0 } arguments } invocation
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || model.GetOperation(invocation, cancellationToken) is not IInvocationOperation { TargetMethod: { IsGenericMethod: true } method })
        {
            return null;
        }

        var type = method.TypeArguments[0];
        var generator = SyntaxGenerator.GetGenerator(document);
        var typeName = ((ExpressionSyntax)generator.TypeExpression(type)).WithAdditionalAnnotations(Simplifier.Annotation);
        var first = arguments[0];
        switch (rewrite)
        {
            case Fix.Parse or Fix.ParseValue:
            {
                var call = invocation
                    .WithExpression(MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, typeName, IdentifierName(rewrite)).WithTriviaFrom(invocation.Expression))
                    .WithArgumentList(invocation.ArgumentList.WithArguments(SingletonSeparatedList(first)));

                // The same input overload; older targets without JsonElement.Parse withhold the fix (EveryTarget).
                return BindsTo(model, invocation, call, type, method.Parameters[0])
                    ? ct => Task.FromResult<Solution?>(document.WithSyntaxRoot(model.SyntaxTree.GetRoot(ct).ReplaceNode(invocation, call)).Project.Solution)
                    : null;
            }

            case Fix.WriteTo when arguments.Count >= 2:
            {
                var value = arguments[1].Expression;
                var writer = first.Expression.WithoutTrivia();
                var receiver = value is IdentifierNameSyntax or MemberAccessExpressionSyntax or InvocationExpressionSyntax or ElementAccessExpressionSyntax or ParenthesizedExpressionSyntax
                    ? value.WithoutTrivia()
                    : ParenthesizedExpression(value.WithoutTrivia());
                var writeTo = ExpressionStatement(InvocationExpression(
                    MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, receiver, IdentifierName("WriteTo")),
                    ArgumentList(SingletonSeparatedList(Argument(writer)))));
                var flush = ExpressionStatement(InvocationExpression(MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, writer, IdentifierName("Flush"))));
                var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
                return root is null ? null : WriteTo(root, invocation, writeTo, flush) is { } fixedRoot ? _ => Task.FromResult<Solution?>(document.WithSyntaxRoot(fixedRoot).Project.Solution) : null;
            }

            default:
                return null;
        }
    }

    private static bool BindsTo(SemanticModel model, InvocationExpressionSyntax invocation, ExpressionSyntax call, ITypeSymbol type, IParameterSymbol input)
        => model.GetSpeculativeSymbolInfo(invocation.SpanStart, call, SpeculativeBindingOption.BindAsExpression).Symbol is IMethodSymbol { IsStatic: true } bound
           && SymbolEqualityComparer.Default.Equals(bound.ContainingType, type)
           && SymbolEqualityComparer.Default.Equals(bound.ReturnType.WithNullableAnnotation(NullableAnnotation.None), type.WithNullableAnnotation(NullableAnnotation.None))
           && bound.Parameters.Length > 0
           && bound.Parameters[0].RefKind == input.RefKind
           && bound.Parameters[0].Type.IsSameTypeAs(input.Type);

    /// <summary>The statement becomes the two, or an expression body a block of them.</summary>
    private static SyntaxNode? WriteTo(SyntaxNode root, InvocationExpressionSyntax invocation, ExpressionStatementSyntax writeTo, ExpressionStatementSyntax flush)
    {
        switch (invocation.Parent)
        {
            case ExpressionStatementSyntax { Parent: BlockSyntax } statement:
                return root.ReplaceNode(statement, new SyntaxNode[]
                {
                    writeTo.WithLeadingTrivia(statement.GetLeadingTrivia()).WithTrailingTrivia(statement.GetTrailingTrivia().Where(t => t.IsKind(SyntaxKind.EndOfLineTrivia))),
                    flush.WithLeadingTrivia(statement.GetLeadingTrivia().Where(t => t.IsKind(SyntaxKind.WhitespaceTrivia))).WithTrailingTrivia(statement.GetTrailingTrivia()),
                });

            case ArrowExpressionClauseSyntax { Parent: MethodDeclarationSyntax method } arrow:
                return root.ReplaceNode(method, method.WithExpressionBody(null).WithSemicolonToken(default)
                    .WithBody(Block(writeTo, flush).WithAdditionalAnnotations(Formatter.Annotation)).WithTrailingTrivia(method.GetTrailingTrivia()));

            case ArrowExpressionClauseSyntax { Parent: LocalFunctionStatementSyntax function }:
                return root.ReplaceNode(function, function.WithExpressionBody(null).WithSemicolonToken(default)
                    .WithBody(Block(writeTo, flush).WithAdditionalAnnotations(Formatter.Annotation)).WithTrailingTrivia(function.GetTrailingTrivia()));

            default:
                return null;
        }
    }
}
