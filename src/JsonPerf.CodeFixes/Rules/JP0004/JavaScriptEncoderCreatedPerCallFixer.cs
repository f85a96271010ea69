using System.Composition;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0004 fix: "Cache the encoder in a static readonly field". The same encoder, created once; never a switch to
/// <c>UnsafeRelaxedJsonEscaping</c>, which escapes fewer characters.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(JavaScriptEncoderCreatedPerCallFixer)), Shared]
public sealed class JavaScriptEncoderCreatedPerCallFixer : JsonFixer
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Rules.EncoderCreatedPerCallId);

    protected override string Title => "Cache the encoder in a static readonly field";

    protected override Task<PreparedFix?> PrepareAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
        => Task.FromResult<PreparedFix?>(EditDocument(ct => FixAsync(document, site, ct)));

    private static async Task<Document?> FixAsync(Document document, SyntaxNode site, CancellationToken cancellationToken)
    {
        if (site is not InvocationExpressionSyntax invocation
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || JsonSymbols.For(model.Compilation)?.JavaScriptEncoder is not { } encoder)
        {
            return null;
        }

        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        if (StaticFieldHoister.GetOrAddField(editor, model, invocation, encoder, invocation, "JsonEncoder") is not { } name)
        {
            return null;
        }

        editor.ReplaceNode(invocation, IdentifierName(name).WithTriviaFrom(invocation));
        return editor.GetChangedDocument();
    }
}
