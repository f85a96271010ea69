using System.Composition;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0005 fix: "Serialize to UTF-8 directly". <c>Encoding.UTF8.GetBytes(JsonSerializer.Serialize(x, options))</c> becomes
/// <c>JsonSerializer.SerializeToUtf8Bytes(x, options)</c>, and <c>File.WriteAllText(path, JsonSerializer.Serialize(x))</c>
/// becomes <c>File.WriteAllBytes(path, JsonSerializer.SerializeToUtf8Bytes(x))</c> (likewise the async pair, the
/// cancellation token kept). The bytes are the same: both decoders write UTF-8 without a byte order mark. Everything
/// else in the call, its trivia included, stays as written. <c>new StringContent(JsonSerializer.Serialize(...), ...)</c>
/// becomes a ByteArrayContent of the UTF-8 bytes with the same Content-Type. Reading shapes are reported without a fix.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(Utf16DetourFixer)), Shared]
public sealed partial class Utf16DetourFixer : JsonFixer
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Rules.Utf16DetourId);

    protected override string Title => "Serialize to UTF-8 directly";

    /// <summary>A line comment or a directive inside the removed part of the call could not be kept: no fix there.</summary>
    protected override Task<PreparedFix?> PrepareAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
        => Task.FromResult<PreparedFix?>(
            CallTrivia.HasLineCommentOrDirective(site) || !diagnostic.Properties.TryGetValue(DiagnosticProperties.FixKind, out var kind) || kind is null
                ? null
                : async ct => await FixSiteAsync(document, site, kind, ct).ConfigureAwait(false) is { } changed
                    ? (await UsingDirectives.RemoveIfNewlyUnusedAsync(document, changed, "System.Text", ct).ConfigureAwait(false))?.Project.Solution
                    : null);

    private static async Task<Document?> FixSiteAsync(Document document, SyntaxNode site, string kind, CancellationToken cancellationToken)
    {
        if (kind == Utf16DetourFix.ByteArrayContent)
        {
            return site is ObjectCreationExpressionSyntax stringContent ? await FixStringContentAsync(document, stringContent, cancellationToken).ConfigureAwait(false) : null;
        }

        if (kind == Utf16DetourFix.RoundTripLocal)
        {
            return site is InvocationExpressionSyntax deserialize ? await FixRoundTripLocalAsync(document, deserialize, cancellationToken).ConfigureAwait(false) : null;
        }

        if (kind is Utf16DetourFix.RoundTrip or Utf16DetourFix.BinaryDataBytes)
        {
            return await FixCarrierAsync(document, site, kind, cancellationToken).ConfigureAwait(false);
        }

        if (site is not InvocationExpressionSyntax { ArgumentList.Arguments: { Count: > 0 } arguments } outer
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root)
        {
            return null;
        }

        SyntaxNode? replacement = null;
        if (kind == Utf16DetourFix.FoldLocalToUtf8Bytes && arguments.Count == 1 && arguments[0].Expression is IdentifierNameSyntax local)
        {
            // var json = JsonSerializer.Serialize(...); ... Encoding.UTF8.GetBytes(json) -> JsonSerializer.SerializeToUtf8Bytes(...)
            return await FoldLocalAsync(document, outer, local, cancellationToken).ConfigureAwait(false);
        }

        if (kind == Utf16DetourFix.SerializeToUtf8Bytes && arguments.Count == 1
            && CallTrivia.WalkDownParenthesesAndCasts(arguments[0].Expression) is InvocationExpressionSyntax inner
            && ToUtf8Bytes(inner) is { } renamed)
        {
            // Encoding.UTF8.GetBytes(JsonSerializer.Serialize(...)) -> JsonSerializer.SerializeToUtf8Bytes(...)
            replacement = renamed
                .WithLeadingTrivia(outer.GetLeadingTrivia().AddRange(CallTrivia.Comments(outer, inner, before: true)))
                .WithTrailingTrivia(CallTrivia.Comments(outer, inner, before: false).AddRange(outer.GetTrailingTrivia()));
        }
        else if (kind == Utf16DetourFix.WriteAllBytes && arguments.Count >= 2
            && CallRenaming.Name(outer.Expression) is { } write
            && CallRenaming.WithName(outer.Expression, write.Replace("Text", "Bytes")) is { } writeAllBytes
            && CallTrivia.WalkDownParenthesesAndCasts(arguments[1].Expression) is InvocationExpressionSyntax serialize
            && ToUtf8Bytes(serialize) is { } contents)
        {
            // File.WriteAllText[Async](path, JsonSerializer.Serialize(...)) -> File.WriteAllBytes[Async](path, JsonSerializer.SerializeToUtf8Bytes(...))
            replacement = outer.WithExpression(writeAllBytes)
                .WithArgumentList(outer.ArgumentList.WithArguments(arguments.Replace(arguments[1], arguments[1].WithExpression(contents.WithTriviaFrom(arguments[1].Expression)))));
        }

        return replacement is null ? null : document.WithSyntaxRoot(root.ReplaceNode(outer, replacement));
    }

    /// <summary>
    /// The declaration of the local (the statement right before, as the analyzer checked) is removed, its comments kept
    /// above the next statement, and its <c>Serialize</c> call, renamed, takes the place of <c>GetBytes(json)</c>.
    /// </summary>
    private static async Task<Document?> FoldLocalAsync(Document document, InvocationExpressionSyntax getBytes, IdentifierNameSyntax local, CancellationToken cancellationToken)
    {
        if (await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || model.GetSymbolInfo(local, cancellationToken).Symbol is not ILocalSymbol symbol
            || symbol.DeclaringSyntaxReferences.Length != 1
            || await symbol.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false) is not VariableDeclaratorSyntax
            {
                Initializer.Value: var value,
                Parent.Parent: LocalDeclarationStatementSyntax declaration,
            }
            || CallTrivia.WalkDownParenthesesAndCasts(value) is not InvocationExpressionSyntax serialize
            || ToUtf8Bytes(serialize) is not { } renamed
            || CallTrivia.HasLineCommentOrDirective(serialize))
        {
            return null;
        }

        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        editor.ReplaceNode(getBytes, renamed.WithTriviaFrom(getBytes));
        StatementRemoval.Remove(editor, new StatementSyntax[] { declaration });
        return editor.GetChangedDocument();
    }

    /// <summary>The analyzer's <c>JsonSerializer.Serialize(...)</c> call as <c>SerializeToUtf8Bytes(...)</c>, its arguments kept.</summary>
    private static InvocationExpressionSyntax? ToUtf8Bytes(InvocationExpressionSyntax serialize)
        => CallRenaming.WithName(serialize.Expression, "SerializeToUtf8Bytes") is { } renamed ? serialize.WithExpression(renamed) : null;
}
