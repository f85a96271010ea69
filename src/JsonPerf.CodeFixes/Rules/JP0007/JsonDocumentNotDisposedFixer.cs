using System.Composition;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;
using Analyzer = JsonPerf.Analyzers.JsonDocumentNotDisposedAnalyzer;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0007 fix; the analyzer decides the shape (<see cref="Analyzer.FixFor"/>, asked again here on the current code).
/// A local document gets <c>using</c>; <c>JsonDocument.Parse(x).RootElement...</c> or
/// <c>(await JsonDocument.ParseAsync(s)).RootElement...</c> starting a statement gets
/// <c>using var document = JsonDocument.Parse(x);</c> before it. Either way <c>.Clone()</c> goes only on the element
/// expressions that outlive the block (returned, yielded, stored, passed on): an element used up in the block needs
/// no copy. <c>JsonDocument.Parse(x).RootElement</c> whose element outlives the statement becomes
/// <c>JsonElement.Parse(x)</c> (.NET 10: an element that owns its memory), and
/// <c>JsonSerializer.SerializeToDocument(v).RootElement</c> becomes <c>JsonSerializer.SerializeToElement(v)</c>;
/// a trailing <c>.Clone()</c> goes, since the new element is already independent.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(JsonDocumentNotDisposedFixer)), Shared]
public sealed class JsonDocumentNotDisposedFixer : JsonFixer
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Rules.JsonDocumentNotDisposedId);

    protected override string Title => "Dispose the JsonDocument";

    protected override Task<PreparedFix?> PrepareAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
        => Task.FromResult<PreparedFix?>(EditDocument(ct => FixAsync(document, site, ct)));

    private static async Task<Document?> FixAsync(Document document, SyntaxNode site, CancellationToken cancellationToken)
    {
        if (site is not InvocationExpressionSyntax invocation
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || JsonSymbols.For(model.Compilation) is not { JsonElement: { } element } symbols
            || model.GetOperation(invocation, cancellationToken) is not IInvocationOperation operation)
        {
            return null;
        }

        var fix = Analyzer.FixFor(operation, symbols, out var cloneSites);
        var sites = new List<ExpressionSyntax>();
        foreach (var cloneSite in cloneSites)
        {
            if (cloneSite.Syntax is not ExpressionSyntax expression || expression.SyntaxTree != root.SyntaxTree)
            {
                return null;
            }

            // Two values can leave through one expression (the branches of a ?:): one Clone.
            if (!sites.Contains(expression))
            {
                sites.Add(expression);
            }
        }

        return fix switch
        {
            DocumentDisposalFix.Using => AddUsing(document, root, invocation, sites),
            DocumentDisposalFix.UsingBefore => DeclareBefore(document, root, invocation, sites),
            DocumentDisposalFix.ElementParse or DocumentDisposalFix.SerializeToElement => InPlace(document, root, invocation, model, element, symbols),
            _ => null,
        };
    }

    /// <summary><c>var doc = JsonDocument.Parse(s);</c> becomes <c>using var doc = ...;</c>, with <c>.Clone()</c> on each site.</summary>
    private static Document? AddUsing(Document document, SyntaxNode root, InvocationExpressionSyntax invocation, List<ExpressionSyntax> sites)
    {
        if (WalkUp(invocation).Parent is not EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Parent: LocalDeclarationStatementSyntax statement } } }
            || !statement.UsingKeyword.IsKind(SyntaxKind.None))
        {
            return null;
        }

        var nodes = new List<SyntaxNode>(sites) { statement };
        return document.WithSyntaxRoot(root.ReplaceNodes(nodes, (original, rewritten) =>
        {
            if (rewritten is not LocalDeclarationStatementSyntax withUsing)
            {
                return rewritten is ExpressionSyntax expression ? WithClone(expression) : rewritten;
            }

            return withUsing.WithoutLeadingTrivia().WithUsingKeyword(Token(withUsing.GetLeadingTrivia(), SyntaxKind.UsingKeyword, TriviaList(Space)));
        }));
    }

    /// <summary><c>x.Clone()</c>, or <c>(x).Clone()</c> where <c>x</c> is not a primary expression.</summary>
    private static ExpressionSyntax WithClone(ExpressionSyntax expression)
    {
        var receiver = expression is IdentifierNameSyntax or MemberAccessExpressionSyntax or InvocationExpressionSyntax or ElementAccessExpressionSyntax or ParenthesizedExpressionSyntax
            ? expression.WithoutTrivia()
            : ParenthesizedExpression(expression.WithoutTrivia());
        return InvocationExpression(MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, receiver, IdentifierName("Clone"))).WithTriviaFrom(expression);
    }

    /// <summary><c>JsonElement.Parse(x)</c> or <c>JsonSerializer.SerializeToElement(v)</c> in place of the document's <c>RootElement</c>.</summary>
    private static Document? InPlace(Document document, SyntaxNode root, InvocationExpressionSyntax invocation, SemanticModel model, INamedTypeSymbol element, JsonSymbols symbols)
    {
        if (invocation.Parent is not MemberAccessExpressionSyntax { Name.Identifier.ValueText: "RootElement" } rootElement
            || rootElement.Expression != invocation
            || invocation.Expression is not MemberAccessExpressionSyntax callee)
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
    /// <c>using var document = JsonDocument.Parse(x);</c> before the statement (which the analyzer checked starts with
    /// the call, so nothing is evaluated in another order), <c>document</c> in place of the call, and <c>.Clone()</c>
    /// on each site: the element expressions that outlive the block (or the root element when the analyzer could not
    /// tell). An element used up in the block needs no copy: the document lives to the end of the block.
    /// </summary>
    private static Document? DeclareBefore(Document document, SyntaxNode root, InvocationExpressionSyntax invocation, List<ExpressionSyntax> sites)
    {
        var statement = invocation.FirstAncestorOrSelf<StatementSyntax>();
        if (statement?.Parent is not BlockSyntax || statement.FirstAncestorOrSelf<MemberDeclarationSyntax>() is not { } member)
        {
            return null;
        }

        // A name no identifier of the member uses, so it clashes with nothing in any scope.
        var used = new HashSet<string>();
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

        var (replaced, value) = DocumentExpression(invocation);
        var mark = new SyntaxAnnotation();
        var nodes = new List<SyntaxNode>(sites) { replaced, statement };
        var edited = root.ReplaceNodes(nodes, (original, rewritten) =>
            original == replaced ? IdentifierName(name).WithTriviaFrom(rewritten)
            : original == statement ? rewritten.WithAdditionalAnnotations(mark)
            : rewritten is ExpressionSyntax expression ? WithClone(expression) : rewritten);
        if (edited.GetAnnotatedNodes(mark).FirstOrDefault() is not StatementSyntax rewrittenStatement || rewrittenStatement.Parent is not BlockSyntax block)
        {
            return null;
        }

        var indentation = statement.GetLeadingTrivia();
        var lastLine = indentation.Count > 0 && indentation[indentation.Count - 1].IsKind(SyntaxKind.WhitespaceTrivia) ? TriviaList(indentation[indentation.Count - 1]) : TriviaList();
        var endOfLine = statement.GetTrailingTrivia() is { Count: > 0 } trailing && trailing[trailing.Count - 1].IsKind(SyntaxKind.EndOfLineTrivia) ? trailing[trailing.Count - 1] : CarriageReturnLineFeed;
        var declaration = LocalDeclarationStatement(
                VariableDeclaration(IdentifierName(Identifier(TriviaList(), SyntaxKind.VarKeyword, "var", "var", TriviaList(Space))))
                    .AddVariables(VariableDeclarator(Identifier(TriviaList(), name, TriviaList(Space)))
                        .WithInitializer(EqualsValueClause(Token(TriviaList(), SyntaxKind.EqualsToken, TriviaList(Space)), value.WithoutTrivia()))))
            .WithUsingKeyword(Token(indentation, SyntaxKind.UsingKeyword, TriviaList(Space)))
            .WithSemicolonToken(Token(TriviaList(), SyntaxKind.SemicolonToken, TriviaList(endOfLine)));

        var index = block.Statements.IndexOf(rewrittenStatement);
        var statements = block.Statements.RemoveAt(index).InsertRange(index, new StatementSyntax[] { declaration, rewrittenStatement.WithLeadingTrivia(lastLine) });
        return document.WithSyntaxRoot(edited.ReplaceNode(block, block.WithStatements(statements)));
    }

    /// <summary>
    /// The document as the statement spells it: the call, or <c>await JsonDocument.ParseAsync(s)</c> (with its
    /// <c>ConfigureAwait</c>); <paramref name="invocation"/>'s value. Replaced with its parentheses, declared without them.
    /// </summary>
    private static (ExpressionSyntax Replaced, ExpressionSyntax Value) DocumentExpression(InvocationExpressionSyntax invocation)
    {
        ExpressionSyntax value = invocation;
        if (value.Parent is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "ConfigureAwait", Parent: InvocationExpressionSyntax configure } access
            && access.Expression == value && configure.Parent is AwaitExpressionSyntax)
        {
            value = configure;
        }

        if (value.Parent is AwaitExpressionSyntax awaited)
        {
            value = awaited;
        }

        var replaced = value;
        while (replaced.Parent is ParenthesizedExpressionSyntax parenthesized)
        {
            replaced = parenthesized;
        }

        return (replaced, value);
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
