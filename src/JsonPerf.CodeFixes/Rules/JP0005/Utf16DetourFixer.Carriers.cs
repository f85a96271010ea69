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

    /// <summary><c>var json = JsonSerializer.Serialize(...);</c> read only by this Deserialize: the local holds the UTF-8 bytes (<c>string</c> becomes <c>byte[]</c>).</summary>
    private static async Task<Document?> FixRoundTripLocalAsync(Document document, InvocationExpressionSyntax deserialize, CancellationToken cancellationToken)
    {
        if (await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || deserialize.ArgumentList.Arguments.FirstOrDefault()?.Expression is not IdentifierNameSyntax local
            || model.GetSymbolInfo(local, cancellationToken).Symbol is not ILocalSymbol { DeclaringSyntaxReferences.Length: 1 } symbol
            || await symbol.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false) is not VariableDeclaratorSyntax { Initializer.Value: var value, Parent: VariableDeclarationSyntax declaration }
            || CallTrivia.WalkDownParenthesesAndCasts(value) is not InvocationExpressionSyntax serialize
            || ToUtf8Bytes(serialize) is not { } renamed
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root)
        {
            return null;
        }

        var type = declaration.Type is PredefinedTypeSyntax
            ? ParseTypeName("byte[]").WithTriviaFrom(declaration.Type)
            : declaration.Type;
        var changed = declaration.ReplaceNode(serialize, renamed.WithTriviaFrom(serialize)).WithType(type);
        return document.WithSyntaxRoot(root.ReplaceNode(declaration, changed));
    }
}
