using System.Composition;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0009 fix: "Build the JSON once in a static readonly field". The call moves as written into a
/// <c>private static readonly JsonElement</c> (or <c>BinaryData</c>) field, named after what the analyzer found
/// (<c>Schema</c> gives <c>s_schema</c>, <c>_schema</c> or <c>SchemaJson</c>), and the site reads the field: what is
/// computed stays the same, only when changes.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(ConstantJsonFixer)), Shared]
public sealed class ConstantJsonFixer : JsonFixer
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Rules.ConstantJsonPerCallId);

    protected override string Title => "Build the JSON once in a static readonly field";

    protected override Task<PreparedFix?> PrepareAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
        => Task.FromResult<PreparedFix?>(diagnostic.Properties.TryGetValue(DiagnosticProperties.FixKind, out var kind) && kind == ConstantJsonFix.Hoist
            ? EditDocument(ct => HoistAsync(document, site, diagnostic.Properties.TryGetValue(DiagnosticProperties.FieldName, out var name) ? name : null, ct))
            : null);

    private static async Task<Document?> HoistAsync(Document document, SyntaxNode site, string? baseName, CancellationToken cancellationToken)
    {
        if (site is not InvocationExpressionSyntax invocation
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || model.GetTypeInfo(invocation, cancellationToken).Type is not { TypeKind: not TypeKind.Error } type)
        {
            return null;
        }

        var suffix = type.Name == "BinaryData" ? "Data" : "Json";
        var names = string.IsNullOrEmpty(baseName) ? new[] { suffix == "Data" ? "JsonData" : "Json" } : new[] { baseName!, baseName + suffix };
        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        if (StaticFieldHoister.GetOrAddField(editor, model, invocation, type, invocation, names) is not { } name)
        {
            return null;
        }

        editor.ReplaceNode(invocation, IdentifierName(name).WithTriviaFrom(invocation));
        return editor.GetChangedDocument();
    }
}
