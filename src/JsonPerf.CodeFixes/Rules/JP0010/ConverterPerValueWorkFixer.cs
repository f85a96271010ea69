using System.Composition;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0010 fix: a constant the writer escapes on every value becomes <c>JsonEncodedText.Encode(constant)</c> in a static
/// readonly field (one equal field is reused), passed to the writer's JsonEncodedText overload. Offered only for text
/// the default encoder and the writer's encoder write alike (the analyzer decides).
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(ConverterPerValueWorkFixer)), Shared]
public sealed class ConverterPerValueWorkFixer : JsonFixer
{
    private const int MaxNameLength = 40;

    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Rules.ConverterPerValueWorkId);

    protected override string Title => "Encode the text once into a static readonly JsonEncodedText";

    protected override Task<PreparedFix?> PrepareAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
        => Task.FromResult<PreparedFix?>(diagnostic.Properties.TryGetValue(DiagnosticProperties.FixKind, out var kind) && kind == ConverterPerValueFix.EncodeOnce && site is ExpressionSyntax text
            ? EditDocument(ct => EncodeOnceAsync(document, text, ct))
            : null);

    private static async Task<Document?> EncodeOnceAsync(Document document, ExpressionSyntax site, CancellationToken cancellationToken)
    {
        if (await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || JsonSymbols.For(model.Compilation)?.JsonEncodedText is not { } encodedText
            || model.GetOperation(site, cancellationToken) is not { ConstantValue: { HasValue: true, Value: string text } } value)
        {
            return null;
        }

        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        // By its simple name where it binds to the type, so that an equal field written by hand is found and reused.
        var type = model.LookupNamespacesAndTypes(site.SpanStart, name: encodedText.Name).SingleOrDefault() is { } bound && SymbolEqualityComparer.Default.Equals(bound, encodedText)
            ? IdentifierName(encodedText.Name)
            : ((ExpressionSyntax)editor.Generator.TypeExpression(encodedText)).WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);
        var initializer = InvocationExpression(MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, type, IdentifierName("Encode")))
            .WithArgumentList(ArgumentList(SingletonSeparatedList(Argument(site.WithoutTrivia()))));
        var isName = value.WalkUpConversions().Parent is IArgumentOperation { Parameter.Name: "propertyName" };
        if (StaticFieldHoister.GetOrAddField(editor, model, site, encodedText, initializer, FieldName(text) + (isName ? "PropertyName" : "Value")) is not { } name)
        {
            return null;
        }

        editor.ReplaceNode(site, IdentifierName(name).WithTriviaFrom(site));
        return editor.GetChangedDocument();
    }

    /// <summary>The text in PascalCase (<c>content-type</c> → <c>ContentType</c>), cut to a readable length.</summary>
    private static string FieldName(string text)
    {
        var name = UniqueNames.Pascal(text);
        var result = name.Length > MaxNameLength ? name.Substring(0, MaxNameLength) : name;
        return result.Length == 0 ? "Empty" : char.IsDigit(result[0]) ? "Json" + result : result;
    }
}
