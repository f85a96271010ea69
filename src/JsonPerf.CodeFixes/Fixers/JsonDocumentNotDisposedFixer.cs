using System.Composition;
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

    protected override bool IsFixable(Diagnostic diagnostic) => diagnostic.Properties.ContainsKey(DiagnosticProperties.FixKind);

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
            || JsonSymbols.For(model.Compilation) is not { JsonElement: { } element } symbols)
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
            replacement = ElementParseExists(element) ? ElementParse(callee, invocation, model, element) : null;
            expectedType = element;
            if (replacement is null || !BindsTo(model, replaced, replacement, expectedType))
            {
                // No JsonElement.Parse for this input or target framework.
                return UsingClone(document, root, invocation, rootElement);
            }
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

    private static bool ElementParseExists(INamedTypeSymbol element)
    {
        foreach (var member in element.GetMembers("Parse"))
        {
            if (member is IMethodSymbol { IsStatic: true, Parameters.Length: 2 } method && method.Parameters[0].Type.SpecialType == SpecialType.System_String)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// Before .NET 10: <c>using var document = JsonDocument.Parse(x);</c> before the statement (which the analyzer
    /// checked starts with the call), and <c>document.RootElement.Clone()</c> in its place: the clone owns its memory,
    /// so it stays valid whatever the statement does with it, after the document is disposed.
    /// </summary>
    private static Document? UsingClone(Document document, SyntaxNode root, InvocationExpressionSyntax invocation, MemberAccessExpressionSyntax rootElement)
    {
        var statement = invocation.FirstAncestorOrSelf<StatementSyntax>();
        if (statement?.Parent is not BlockSyntax block || statement.FirstAncestorOrSelf<MemberDeclarationSyntax>() is not { } member)
        {
            return null;
        }

        // A name no identifier of the member uses, so it clashes with nothing in any scope.
        var used = new System.Collections.Generic.HashSet<string>();
        foreach (var token in member.DescendantTokens())
        {
            if (token.IsKind(SyntaxKind.IdentifierToken))
            {
                used.Add(token.ValueText);
            }
        }

        var name = "document";
        for (var n = 2; used.Contains(name); n++)
        {
            name = "document" + n;
        }

        var indentation = statement.GetLeadingTrivia();
        var lastLine = indentation.Count > 0 && indentation[indentation.Count - 1].IsKind(SyntaxKind.WhitespaceTrivia) ? TriviaList(indentation[indentation.Count - 1]) : TriviaList();
        var endOfLine = statement.GetTrailingTrivia() is { Count: > 0 } trailing && trailing[trailing.Count - 1].IsKind(SyntaxKind.EndOfLineTrivia) ? trailing[trailing.Count - 1] : CarriageReturnLineFeed;
        var declaration = LocalDeclarationStatement(
                VariableDeclaration(IdentifierName(Identifier(TriviaList(), SyntaxKind.VarKeyword, "var", "var", TriviaList(Space))))
                    .AddVariables(VariableDeclarator(Identifier(TriviaList(), name, TriviaList(Space)))
                        .WithInitializer(EqualsValueClause(Token(TriviaList(), SyntaxKind.EqualsToken, TriviaList(Space)), invocation.WithoutTrivia()))))
            .WithUsingKeyword(Token(indentation, SyntaxKind.UsingKeyword, TriviaList(Space)))
            .WithSemicolonToken(Token(TriviaList(), SyntaxKind.SemicolonToken, TriviaList(endOfLine)));

        var clone = InvocationExpression(MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression,
            MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, IdentifierName(name), rootElement.Name.WithoutTrivia()),
            IdentifierName("Clone"))).WithTriviaFrom(rootElement);
        var rewritten = statement.ReplaceNode(rootElement, clone).WithLeadingTrivia(lastLine);
        var index = block.Statements.IndexOf(statement);
        var statements = block.Statements.RemoveAt(index).InsertRange(index, new StatementSyntax[] { declaration, rewritten });
        return document.WithSyntaxRoot(root.ReplaceNode(block, block.WithStatements(statements)));
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
