using System.Composition;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0006 fix: "Convert without a string". <c>JsonSerializer.Deserialize&lt;T&gt;(element.GetRawText(), options)</c>
/// becomes <c>JsonSerializer.Deserialize&lt;T&gt;(element, options)</c> (the JsonElement overload, written as a static
/// call so no using is needed), and <c>JsonDocument.Parse(JsonSerializer.Serialize(x, options))</c> becomes
/// <c>JsonSerializer.SerializeToDocument(x, options)</c> (likewise SerializeToElement, SerializeToNode). Everything
/// else in the call, its trivia included, stays as written. No fix adds a call that needs reflection metadata where the
/// original made none: the Serialize call's own overload is kept, and an element copied into a node takes the
/// metadata of the project's context (the analyzer finds it).
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(ConvertWithoutTextFixer)), Shared]
public sealed partial class ConvertWithoutTextFixer : JsonFixer
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Rules.ConvertWithoutTextId);

    protected override string Title => "Convert without a string";

    /// <summary>A line comment or a directive inside the call could not be kept on one line: no fix there.</summary>
    protected override Task<PreparedFix?> PrepareAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        if (CallTrivia.HasLineCommentOrDirective(site) || !diagnostic.Properties.TryGetValue(DiagnosticProperties.FixKind, out var kind) || kind is null)
        {
            return Task.FromResult<PreparedFix?>(null);
        }

        // The element to node copy takes the metadata of the context the analyzer found (never SerializeToNode(element)).
        diagnostic.Properties.TryGetValue(DiagnosticProperties.Context, out var context);
        diagnostic.Properties.TryGetValue(DiagnosticProperties.TypeInfoProperty, out var property);
        var metadata = context is { Length: > 0 } && property is { Length: > 0 } ? (context, property) : default((string, string)?);
        return Task.FromResult<PreparedFix?>(async ct => (await FixAsync(document, site, kind, metadata, ct).ConfigureAwait(false))?.Project.Solution);
    }

    private static async Task<Document?> FixAsync(Document document, SyntaxNode site, string kind, (string Context, string Property)? metadata, CancellationToken cancellationToken)
    {
        if (kind == ConvertWithoutTextFix.SerializeToWriter)
        {
            return await SerializeToWriterAsync(document, site, cancellationToken).ConfigureAwait(false);
        }

        if (site is not InvocationExpressionSyntax { ArgumentList.Arguments: { Count: > 0 } arguments } outer
            || CallTrivia.WalkDownParenthesesAndCasts(arguments[0].Expression) is not InvocationExpressionSyntax inner
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root)
        {
            return null;
        }

        var first = arguments[0];
        var rawText = inner is { Expression: MemberAccessExpressionSyntax access, ArgumentList.Arguments.Count: 0 } ? access : null;
        SyntaxNode? replacement = kind switch
        {
            // Deserialize(element.GetRawText(), ...) -> Deserialize(element, ...)
            ConvertWithoutTextFix.PassElement when rawText is not null => outer.ReplaceNode(first.Expression, rawText.Expression.WithTriviaFrom(first.Expression)),

            // JsonElement.Parse(element.GetRawText()) -> element.Clone()
            ConvertWithoutTextFix.CloneElement when rawText is not null => InPlaceOf(outer, inner, inner.WithExpression(rawText.WithName(IdentifierName("Clone").WithTriviaFrom(rawText.Name)))),

            // JsonNode.Parse(element.GetRawText()) -> JsonSerializer.SerializeToNode(element, Ctx.Default.JsonElement)
            ConvertWithoutTextFix.ElementToNode when rawText is not null && metadata is var (context, property) => InPlaceOf(outer, inner, ElementToNode(rawText, context, property)),

            // JsonX.Parse(JsonSerializer.Serialize(...)) -> JsonSerializer.SerializeToX(...)
            ConvertWithoutTextFix.SerializeTo when await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is { } model
                && model.GetSymbolInfo(outer, cancellationToken).Symbol is IMethodSymbol { ContainingType.Name: var type } && type.StartsWith("Json", StringComparison.Ordinal)
                && CallRenaming.WithName(inner.Expression, "SerializeTo" + type.Substring("Json".Length)) is { } renamed
                => InPlaceOf(outer, inner, inner.WithExpression(renamed)),

            _ => null,
        };

        return replacement is null ? null : document.WithSyntaxRoot(root.ReplaceNode(outer, replacement));
    }

    /// <summary><paramref name="replacement"/> of <paramref name="inner"/> in place of <paramref name="outer"/>, with the comments of both.</summary>
    private static ExpressionSyntax InPlaceOf(InvocationExpressionSyntax outer, InvocationExpressionSyntax inner, ExpressionSyntax replacement)
        => replacement
            .WithLeadingTrivia(outer.GetLeadingTrivia().AddRange(CallTrivia.Comments(outer, inner, before: true)))
            .WithTrailingTrivia(CallTrivia.Comments(outer, inner, before: false).AddRange(outer.GetTrailingTrivia()));

    /// <summary><c>JsonSerializer.SerializeToNode(element, Ctx.Default.JsonElement)</c>, with the metadata of the project's context (no reflection added).</summary>
    private static ExpressionSyntax ElementToNode(MemberAccessExpressionSyntax rawText, string context, string property)
    {
        var serializer = ParseTypeName("global::System.Text.Json.JsonSerializer").WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);
        var typeInfo = MemberAccessExpression(
            SyntaxKind.SimpleMemberAccessExpression,
            MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, ParseTypeName(context).WithAdditionalAnnotations(Simplifier.Annotation), IdentifierName("Default")),
            IdentifierName(property));
        return InvocationExpression(
            MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, (ExpressionSyntax)serializer, IdentifierName("SerializeToNode")),
            ArgumentList(SeparatedList(new[] { Argument(rawText.Expression.WithoutTrivia()), Argument(typeInfo) })));
    }
}
