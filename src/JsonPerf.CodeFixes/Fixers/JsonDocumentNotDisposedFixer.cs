using System.Collections.Immutable;
using System.Composition;
using System.Threading;
using System.Threading.Tasks;
using JsonPerf.Analyzers;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;
using Analyzer = JsonPerf.Analyzers.JsonDocumentNotDisposedAnalyzer;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0007 fix. A local document whose elements all stay in its block gets <c>using</c> (the analyzer checked the
/// language version and every element use). <c>JsonDocument.Parse(x).RootElement</c> becomes
/// <c>JsonElement.Parse(x)</c> (.NET 10: an element that owns its memory and needs no disposal), and
/// <c>JsonSerializer.SerializeToDocument(v).RootElement</c> becomes <c>JsonSerializer.SerializeToElement(v)</c>;
/// a trailing <c>.Clone()</c> goes, since the new element is already independent.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(JsonDocumentNotDisposedFixer)), Shared]
public sealed class JsonDocumentNotDisposedFixer : JsonFixer
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Rules.JsonDocumentNotDisposedId);

    protected override string Title => "Dispose the JsonDocument";

    protected override bool IsFixable(Diagnostic diagnostic) => diagnostic.Properties.ContainsKey(Analyzer.FixProperty);

    protected override async Task<Document?> FixAsync(Document document, SyntaxNode site, CancellationToken cancellationToken)
    {
        if (site is not InvocationExpressionSyntax invocation
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root)
        {
            return null;
        }

        var value = WalkUp(invocation);
        if (value.Parent is EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Parent: LocalDeclarationStatementSyntax statement } } }
            && statement.UsingKeyword.IsKind(SyntaxKind.None))
        {
            var usingKeyword = Token(statement.GetLeadingTrivia(), SyntaxKind.UsingKeyword, TriviaList(Space));
            var withUsing = statement.WithoutLeadingTrivia().WithUsingKeyword(usingKeyword);
            return document.WithSyntaxRoot(root.ReplaceNode(statement, withUsing));
        }

        if (invocation.Parent is not MemberAccessExpressionSyntax { Name.Identifier.ValueText: "RootElement" } rootElement
            || rootElement.Expression != invocation
            || invocation.Expression is not MemberAccessExpressionSyntax callee
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || JsonSymbols.TryCreate(model.Compilation) is not { JsonElement: { } element } symbols)
        {
            return null;
        }

        ExpressionSyntax replaced = rootElement;
        if (rootElement.Parent is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Clone", Parent: InvocationExpressionSyntax { ArgumentList.Arguments.Count: 0 } clone } cloneAccess
            && cloneAccess.Expression == rootElement)
        {
            replaced = clone;
        }

        ExpressionSyntax? replacement;
        INamedTypeSymbol? expectedType;
        if (callee.Name.Identifier.ValueText == "Parse")
        {
            replacement = ElementParse(callee, invocation, model, element);
            expectedType = element;
        }
        else
        {
            SimpleNameSyntax name = callee.Name is GenericNameSyntax generic
                ? generic.WithIdentifier(Identifier("SerializeToElement"))
                : IdentifierName("SerializeToElement");
            replacement = invocation.WithExpression(callee.WithName(name.WithTriviaFrom(callee.Name)));
            expectedType = symbols.JsonSerializer;
        }

        if (replacement is null || !BindsTo(model, replaced, replacement, expectedType))
        {
            return null;
        }

        return document.WithSyntaxRoot(root.ReplaceNode(replaced, replacement.WithTriviaFrom(replaced)));
    }

    private static SyntaxNode WalkUp(SyntaxNode node)
    {
        while (node.Parent is AwaitExpressionSyntax or ParenthesizedExpressionSyntax
               || (node.Parent is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "ConfigureAwait", Parent: InvocationExpressionSyntax }))
        {
            node = node.Parent is MemberAccessExpressionSyntax access ? access.Parent! : node.Parent;
        }

        return node;
    }

    /// <summary><c>JsonElement.Parse(same arguments)</c>, spelled like the original qualifier where that binds, else fully qualified.</summary>
    private static ExpressionSyntax? ElementParse(MemberAccessExpressionSyntax callee, InvocationExpressionSyntax invocation, SemanticModel model, INamedTypeSymbol element)
    {
        ExpressionSyntax? type = callee.Expression switch
        {
            IdentifierNameSyntax { Identifier.ValueText: "JsonDocument" } => IdentifierName("JsonElement"),
            QualifiedNameSyntax { Right.Identifier.ValueText: "JsonDocument" } qualified => qualified.WithRight(IdentifierName("JsonElement")),
            MemberAccessExpressionSyntax { Name.Identifier.ValueText: "JsonDocument" } access => access.WithName(IdentifierName("JsonElement")),
            _ => null,
        };

        var parse = callee.Name.WithIdentifier(Identifier("Parse"));
        if (type is not null)
        {
            var spelled = invocation.WithExpression(callee.WithExpression(type.WithTriviaFrom(callee.Expression)).WithName(parse));
            var bound = model.GetSpeculativeSymbolInfo(invocation.SpanStart, spelled, SpeculativeBindingOption.BindAsExpression).Symbol;
            if (SymbolEqualityComparer.Default.Equals(bound?.ContainingType, element))
            {
                return spelled;
            }
        }

        return invocation.WithExpression(MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, ParseExpression("global::System.Text.Json.JsonElement"), parse));
    }

    private static bool BindsTo(SemanticModel model, SyntaxNode position, ExpressionSyntax replacement, INamedTypeSymbol? type)
    {
        var bound = model.GetSpeculativeSymbolInfo(position.SpanStart, replacement, SpeculativeBindingOption.BindAsExpression).Symbol;
        return type is not null && SymbolEqualityComparer.Default.Equals(bound?.ContainingType, type);
    }
}
