using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;
using Analyzer = JsonPerf.Analyzers.ReflectionSerializationAnalyzer;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0002 on JSON's own DOM types without options: the type's own API instead of the serializer, no context.
/// <c>Deserialize&lt;JsonElement&gt;(json)</c> becomes <c>JsonElement.Parse(json)</c> (.NET 10; string and spans);
/// <c>Deserialize&lt;T&gt;(ref reader)</c> becomes <c>JsonDocument.ParseValue(ref reader)</c> or <c>JsonElement.ParseValue(ref reader)</c>;
/// the statement <c>JsonSerializer.Serialize(writer, element);</c> becomes <c>element.WriteTo(writer); writer.Flush();</c>
/// (Serialize flushes the writer, WriteTo does not). The analyzer decides where (docs/rules/JP0002.md).
/// </summary>
internal static class DomApiFix
{
    public static async Task<Func<CancellationToken, Task<Solution?>>?> PrepareAsync(Document document, SyntaxNode site, string rewrite, CancellationToken cancellationToken)
    {
        if (site.FirstAncestorOrSelf<InvocationExpressionSyntax>() is not { ArgumentList.Arguments: { Count: > 0 } arguments } invocation
            || CallTrivia.HasLineCommentOrDirective(invocation)
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || model.GetOperation(invocation, cancellationToken) is not IInvocationOperation { TargetMethod: { IsGenericMethod: true } method } operation
            || JsonSymbols.For(model.Compilation) is null)
        {
            return null;
        }

        var type = method.TypeArguments[0];
        var generator = SyntaxGenerator.GetGenerator(document);
        var typeName = ((ExpressionSyntax)generator.TypeExpression(type)).WithAdditionalAnnotations(Simplifier.Annotation);
        var first = arguments[0];
        switch (rewrite)
        {
            case Analyzer.DomParse or Analyzer.DomParseValue:
            {
                var name = rewrite == Analyzer.DomParseValue ? "ParseValue" : "Parse";
                // The call's own argument list, its trivia kept, without the options argument.
                var call = invocation
                    .WithExpression(MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, typeName, IdentifierName(name)).WithTriviaFrom(invocation.Expression))
                    .WithArgumentList(invocation.ArgumentList.WithArguments(SingletonSeparatedList(first)));

                // The same input overload. A multi-targeted project's older targets have no JsonElement.Parse: there the
                // fix pipeline (EveryTarget) finds that target's own diagnostic offers no Parse, and withholds the fix.
                if (!BindsTo(model, invocation, call, type, method.Parameters[0]))
                {
                    return null;
                }

                return ct => Task.FromResult<Solution?>(Replace(document, model.SyntaxTree.GetRoot(ct), invocation, call));
            }

            // A target-typed value (default, new()) has no type of its own as a receiver.
            case Analyzer.DomWriteTo when arguments.Count >= 2
                                          && arguments[1].Expression is not (LiteralExpressionSyntax { RawKind: (int)SyntaxKind.DefaultLiteralExpression } or ImplicitObjectCreationExpressionSyntax):
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

    private static Solution Replace(Document document, SyntaxNode root, InvocationExpressionSyntax invocation, ExpressionSyntax call)
        => document.WithSyntaxRoot(root.ReplaceNode(invocation, call)).Project.Solution;

    /// <summary>The new call binds, where the old one stands, to a static method of the type returning it, taking the same input.</summary>
    private static bool BindsTo(SemanticModel model, InvocationExpressionSyntax invocation, ExpressionSyntax call, ITypeSymbol type, IParameterSymbol input)
        => model.GetSpeculativeSymbolInfo(invocation.SpanStart, call, SpeculativeBindingOption.BindAsExpression).Symbol is IMethodSymbol { IsStatic: true } bound
           && SymbolEqualityComparer.Default.Equals(bound.ContainingType, type)
           && SymbolEqualityComparer.Default.Equals(bound.ReturnType.WithNullableAnnotation(NullableAnnotation.None), type.WithNullableAnnotation(NullableAnnotation.None))
           && bound.Parameters.Length > 0
           && bound.Parameters[0].RefKind == input.RefKind
           && bound.Parameters[0].Type.IsSameTypeAs(input.Type);

    /// <summary>
    /// The statement becomes the two statements, with its indentation and trailing trivia; an expression body
    /// (<c>void Write(...) => JsonSerializer.Serialize(writer, element);</c>) becomes a block of them.
    /// </summary>
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
