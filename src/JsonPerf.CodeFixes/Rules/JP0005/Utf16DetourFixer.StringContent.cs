using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

public sealed partial class Utf16DetourFixer
{
    /// <summary>
    /// <c>new StringContent(JsonSerializer.Serialize(...)[, Encoding.UTF8[, mediaType]])</c> becomes
    /// <c>new ByteArrayContent(JsonSerializer.SerializeToUtf8Bytes(...)) { Headers = { ContentType = new MediaTypeHeaderValue(mediaType) { CharSet = "utf-8" } } }</c>:
    /// the bytes StringContent encodes, its Content-Type (<c>text/plain</c> when no media type is given) and Content-Length.
    /// </summary>
    private static async Task<Document?> FixStringContentAsync(Document document, ObjectCreationExpressionSyntax creation, CancellationToken cancellationToken)
    {
        if (creation.ArgumentList is not { Arguments: { Count: >= 1 and <= 3 } arguments }
            || CallTrivia.WalkDownParenthesesAndCasts(arguments[0].Expression) is not InvocationExpressionSyntax serialize
            || ToUtf8Bytes(serialize) is not { } renamed
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || JsonSymbols.For(model.Compilation)?.MediaTypeHeaderValue is null)
        {
            return null;
        }

        // Block comments stay with the argument they sit by (the encoding's go with the media type).
        var mediaType = arguments.Count == 3
            ? arguments[2].Expression.WithoutTrivia()
            : LiteralExpression(SyntaxKind.StringLiteralExpression, Literal("text/plain"));
        var contentType = ObjectCreationExpression(Qualified("System.Net.Http.Headers.MediaTypeHeaderValue").WithAdditionalAnnotations(Simplifier.AddImportsAnnotation))
            .WithArgumentList(OneArgument(mediaType, arguments.Skip(1).SelectMany(BlockComments)))
            .WithInitializer(ObjectInitializer(IdentifierName("CharSet"), LiteralExpression(SyntaxKind.StringLiteralExpression, Literal("utf-8"))));
        var replacement = ObjectCreationExpression(Qualified("System.Net.Http.ByteArrayContent"))
            .WithArgumentList(OneArgument(renamed.WithoutTrivia(), BlockComments(arguments[0])))
            .WithInitializer(ObjectInitializer(IdentifierName("Headers"), InitializerExpression(SyntaxKind.ObjectInitializerExpression, SingletonSeparatedList<ExpressionSyntax>(
                AssignmentExpression(SyntaxKind.SimpleAssignmentExpression, IdentifierName("ContentType"), contentType)))))
            .WithTriviaFrom(creation)
            .WithAdditionalAnnotations(Formatter.Annotation);

        return document.WithSyntaxRoot(root.ReplaceNode(creation, replacement));

        // The block comments between an argument and its neighbours (after the parenthesis or comma before it, around it).
        static IEnumerable<SyntaxTrivia> BlockComments(ArgumentSyntax argument)
            => argument.GetFirstToken().GetPreviousToken().TrailingTrivia.Concat(argument.GetLeadingTrivia()).Concat(argument.GetTrailingTrivia())
                .Where(t => t.IsKind(SyntaxKind.MultiLineCommentTrivia))
                .SelectMany(t => new[] { t, Space });

        static ArgumentListSyntax OneArgument(ExpressionSyntax value, IEnumerable<SyntaxTrivia> comments)
            => ArgumentList(Token(SyntaxKind.OpenParenToken).WithTrailingTrivia(comments), SingletonSeparatedList(Argument(value)), Token(SyntaxKind.CloseParenToken));

        static TypeSyntax Qualified(string name) => ParseTypeName("global::" + name).WithAdditionalAnnotations(Simplifier.Annotation);

        static InitializerExpressionSyntax ObjectInitializer(IdentifierNameSyntax member, ExpressionSyntax value)
            => InitializerExpression(SyntaxKind.ObjectInitializerExpression, SingletonSeparatedList<ExpressionSyntax>(
                AssignmentExpression(SyntaxKind.SimpleAssignmentExpression, member, value)));
    }
}
