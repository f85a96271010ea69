using System.Composition;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;
using Analyzer = JsonPerf.Analyzers.ConvertWithoutTextAnalyzer;

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
public sealed class ConvertWithoutTextFixer : JsonFixer
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Rules.ConvertWithoutTextId);

    protected override string Title => "Convert without a string";

    protected override bool IsFixable(Diagnostic diagnostic) => diagnostic.Properties.ContainsKey(DiagnosticProperties.FixKind);

    /// <summary>A line comment or a directive inside the call could not be kept on one line: no fix there.</summary>
    protected override Task<PreparedFix?> PrepareAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        if (CallTrivia.HasLineCommentOrDirective(site))
        {
            return Task.FromResult<PreparedFix?>(null);
        }

        // The element to node copy takes the metadata of the context the analyzer found (never SerializeToNode(element)).
        diagnostic.Properties.TryGetValue(DiagnosticProperties.Context, out var context);
        diagnostic.Properties.TryGetValue(DiagnosticProperties.TypeInfoProperty, out var property);
        var metadata = context is { Length: > 0 } && property is { Length: > 0 } ? (context, property) : default((string, string)?);
        return Task.FromResult<PreparedFix?>(async ct => (await FixAsync(document, site, metadata, ct).ConfigureAwait(false))?.Project.Solution);
    }

    private static async Task<Document?> FixAsync(Document document, SyntaxNode site, (string Context, string Property)? metadata, CancellationToken cancellationToken)
    {
        if (site is not InvocationExpressionSyntax { ArgumentList.Arguments: { Count: > 0 } arguments } outer
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model)
        {
            return null;
        }

        var first = arguments[0];
        var parsed = model.GetSymbolInfo(outer, cancellationToken).Symbol is IMethodSymbol { Name: "Parse" } parse ? parse.ContainingType.Name : null;
        SyntaxNode? replacement = CallTrivia.WalkDownParenthesesAndCasts(first.Expression) switch
        {
            // JsonElement.Parse(element.GetRawText()) -> element.Clone(); JsonNode.Parse(element.GetRawText()) -> JsonSerializer.SerializeToNode(element, Ctx.Default.JsonElement)
            InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "GetRawText" } rawText } inner
                when parsed is not null && inner.ArgumentList.Arguments.Count == 0
                => FromElement(parsed, rawText, inner, metadata, model)?
                    .WithLeadingTrivia(outer.GetLeadingTrivia().AddRange(CallTrivia.Comments(outer, inner, before: true)))
                    .WithTrailingTrivia(CallTrivia.Comments(outer, inner, before: false).AddRange(outer.GetTrailingTrivia())),

            // Deserialize(element.GetRawText(), ...) -> Deserialize(element, ...)
            InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "GetRawText" } rawText } inner
                when inner.ArgumentList.Arguments.Count == 0
                => outer.ReplaceNode(first.Expression, rawText.Expression.WithTriviaFrom(first.Expression)),

            // X.Parse(JsonSerializer.Serialize(...)) -> JsonSerializer.SerializeToX(...)
            InvocationExpressionSyntax { Expression: var serialize } inner
                when model.GetSymbolInfo(outer, cancellationToken).Symbol is IMethodSymbol { Name: "Parse", ContainingType.Name: var type }
                && type.StartsWith("Json", StringComparison.Ordinal)
                && RenameSerialize(serialize, "SerializeTo" + type.Substring("Json".Length)) is { } renamed
                => inner.WithExpression(renamed)
                    .WithLeadingTrivia(outer.GetLeadingTrivia().AddRange(CallTrivia.Comments(outer, inner, before: true)))
                    .WithTrailingTrivia(CallTrivia.Comments(outer, inner, before: false).AddRange(outer.GetTrailingTrivia())),

            _ => null,
        };

        return replacement is null ? null : document.WithSyntaxRoot(root.ReplaceNode(outer, replacement));
    }

    /// <summary>
    /// The element's own copy: <c>element.Clone()</c> for a JsonElement, <c>JsonSerializer.SerializeToNode(element,
    /// Ctx.Default.JsonElement)</c> for a JsonNode, with the metadata of the project's context (no reflection added).
    /// </summary>
    private static ExpressionSyntax? FromElement(string parsed, MemberAccessExpressionSyntax rawText, InvocationExpressionSyntax inner, (string Context, string Property)? metadata, SemanticModel model)
    {
        if (parsed == "JsonElement")
        {
            return inner.WithExpression(rawText.WithName(IdentifierName("Clone").WithTriviaFrom(rawText.Name)));
        }

        if (parsed != "JsonNode" || metadata is not var (context, property) || JsonSymbols.For(model.Compilation)?.JsonSerializer is null)
        {
            return null;
        }

        var serializer = ParseTypeName("global::System.Text.Json.JsonSerializer").WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);
        var typeInfo = MemberAccessExpression(
            SyntaxKind.SimpleMemberAccessExpression,
            MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, ParseTypeName(context).WithAdditionalAnnotations(Simplifier.Annotation), IdentifierName("Default")),
            IdentifierName(property));
        return InvocationExpression(
            MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, (ExpressionSyntax)serializer, IdentifierName("SerializeToNode")),
            ArgumentList(SeparatedList(new[] { Argument(rawText.Expression.WithoutTrivia()), Argument(typeInfo) })));
    }

    /// <summary><c>JsonSerializer.Serialize</c>, <c>Serialize&lt;T&gt;</c> or a using-static <c>Serialize</c>, with the name replaced.</summary>
    private static ExpressionSyntax? RenameSerialize(ExpressionSyntax serialize, string name) => serialize switch
    {
        MemberAccessExpressionSyntax { Name: var simple } access when simple.Identifier.ValueText == "Serialize"
            => access.WithName(Rename(simple, name)),
        SimpleNameSyntax simple when simple.Identifier.ValueText == "Serialize" => Rename(simple, name),
        _ => null,
    };

    private static SimpleNameSyntax Rename(SimpleNameSyntax simple, string name)
        => simple.WithIdentifier(Identifier(simple.Identifier.LeadingTrivia, name, simple.Identifier.TrailingTrivia));
}
