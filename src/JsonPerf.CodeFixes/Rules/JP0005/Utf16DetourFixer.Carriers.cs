using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

public sealed partial class Utf16DetourFixer
{
    /// <summary>
    /// <c>Deserialize(JsonSerializer.Serialize(...), ...)</c> takes <c>SerializeToUtf8Bytes(...)</c> (its span overload reads
    /// it); <c>BinaryData.FromString(JsonSerializer.Serialize(...))</c> and <c>new BinaryData(JsonSerializer.Serialize(...))</c>
    /// become <c>new BinaryData(JsonSerializer.SerializeToUtf8Bytes(...))</c>: the same bytes.
    /// </summary>
    private static async Task<Document?> FixCarrierAsync(Document document, SyntaxNode site, string kind, CancellationToken cancellationToken)
    {
        var arguments = site switch
        {
            InvocationExpressionSyntax invocation => invocation.ArgumentList.Arguments,
            ObjectCreationExpressionSyntax { ArgumentList: { } list } => list.Arguments,
            _ => default,
        };
        if (arguments.Count == 0
            || CallTrivia.WalkDownParenthesesAndCasts(arguments[0].Expression) is not InvocationExpressionSyntax serialize
            || ToUtf8Bytes(serialize) is not { } renamed
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root)
        {
            return null;
        }

        var tracked = root.TrackNodes(site, serialize);
        var bytes = tracked.ReplaceNode(tracked.GetCurrentNode(serialize)!, renamed.WithTriviaFrom(serialize));
        if (kind == Utf16DetourFix.RoundTrip || site is ObjectCreationExpressionSyntax)
        {
            return document.WithSyntaxRoot(bytes);
        }

        // BinaryData.FromString(...) -> new BinaryData(...), with the type as the call names it.
        if (bytes.GetCurrentNode(site) is not InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Expression: var type } } fromString)
        {
            return null;
        }

        var creation = ObjectCreationExpression(ParseTypeName(type.ToString()).WithLeadingTrivia(Space), fromString.ArgumentList, null)
            .WithTriviaFrom(fromString);
        return document.WithSyntaxRoot(bytes.ReplaceNode(fromString, creation));
    }
}
