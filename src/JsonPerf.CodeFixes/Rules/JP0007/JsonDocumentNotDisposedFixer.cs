using System.Composition;
using Microsoft.CodeAnalysis.Diagnostics;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0007 fix, one method per kind the analyzer names (<see cref="DocumentDisposalFix"/>); <c>.Clone()</c> goes on the
/// element expressions the analyzer gave as the diagnostic's additional locations.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(JsonDocumentNotDisposedFixer)), Shared]
public sealed class JsonDocumentNotDisposedFixer : JsonFixer
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Rules.JsonDocumentNotDisposedId);

    protected override string Title => "Dispose the JsonDocument";

    protected override Task<PreparedFix?> PrepareAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
        => Task.FromResult<PreparedFix?>(EditDocument(ct => FixAsync(document, site, diagnostic, ct)));

    private static async Task<Document?> FixAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        if (site is not InvocationExpressionSyntax invocation
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root
            || await CurrentAsync(document, site, diagnostic, cancellationToken).ConfigureAwait(false) is not { } current
            || !current.Properties.TryGetValue(DiagnosticProperties.FixKind, out var fix)
            || CloneSites(root, current) is not { } sites)
        {
            return null;
        }

        return fix switch
        {
            DocumentDisposalFix.Using => AddUsing(document, root, invocation, sites),
            DocumentDisposalFix.UsingBefore => DeclareBefore(document, root, invocation, sites),
            DocumentDisposalFix.ElementParse => await ElementParseAsync(document, root, invocation, cancellationToken).ConfigureAwait(false),
            DocumentDisposalFix.SerializeToElement => await SerializeToElementAsync(document, root, invocation, cancellationToken).ConfigureAwait(false),
            _ => null,
        };
    }

    /// <summary>
    /// The diagnostic as the analyzer reports it on the document now. In Fix All the sites are fixed one after the other
    /// and keep the diagnostics of the code before the first fix, whose clone sites the earlier fixes may have moved.
    /// </summary>
    private static async Task<Diagnostic?> CurrentAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        if (diagnostic.Location.SourceTree is { } tree
            && (await tree.GetTextAsync(cancellationToken).ConfigureAwait(false)).ContentEquals(await document.GetTextAsync(cancellationToken).ConfigureAwait(false)))
        {
            return diagnostic;
        }

        if (await document.Project.GetCompilationAsync(cancellationToken).ConfigureAwait(false) is not { } compilation
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model)
        {
            return null;
        }

        var options = new CompilationWithAnalyzersOptions(
            new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty, document.Project.AnalyzerOptions.AnalyzerConfigOptionsProvider),
            onAnalyzerException: null, concurrentAnalysis: false, logAnalyzerExecutionTime: false);
        var diagnostics = await compilation.WithAnalyzers(ImmutableArray.Create<DiagnosticAnalyzer>(new JsonDocumentNotDisposedAnalyzer()), options)
            .GetAnalyzerSemanticDiagnosticsAsync(model, site.Span, cancellationToken).ConfigureAwait(false);
        return diagnostics.FirstOrDefault(d => d.Id == diagnostic.Id && d.Location.SourceSpan == site.Span);
    }

    /// <summary>The expressions the analyzer named as clone sites, in the current tree (null when one is not found there).</summary>
    private static List<ExpressionSyntax>? CloneSites(SyntaxNode root, Diagnostic diagnostic)
    {
        var sites = new List<ExpressionSyntax>();
        foreach (var location in diagnostic.AdditionalLocations)
        {
            if (!root.FullSpan.Contains(location.SourceSpan)
                || root.FindNode(location.SourceSpan, getInnermostNodeForTie: true) is not ExpressionSyntax expression
                || expression.Span != location.SourceSpan)
            {
                return null;
            }

            sites.Add(expression);
        }

        return sites;
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

    /// <summary><c>JsonElement.Parse(x)</c> or <c>JsonElement.ParseValue(ref r)</c> in place of the document's <c>RootElement</c>.</summary>
    private static async Task<Document?> ElementParseAsync(Document document, SyntaxNode root, InvocationExpressionSyntax invocation, CancellationToken cancellationToken)
    {
        if (InPlace(invocation) is not var (callee, replaced)
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || JsonSymbols.For(model.Compilation)?.JsonElement is not { } element)
        {
            return null;
        }

        return Replace(document, root, model, replaced, ElementCall(callee, invocation, model, element), element);
    }

    /// <summary><c>JsonSerializer.SerializeToElement(v)</c> in place of <c>JsonSerializer.SerializeToDocument(v).RootElement</c>.</summary>
    private static async Task<Document?> SerializeToElementAsync(Document document, SyntaxNode root, InvocationExpressionSyntax invocation, CancellationToken cancellationToken)
    {
        if (InPlace(invocation) is not var (callee, replaced)
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || JsonSymbols.For(model.Compilation)?.JsonSerializer is not { } serializer)
        {
            return null;
        }

        SimpleNameSyntax name = callee.Name is GenericNameSyntax generic ? generic.WithIdentifier(Identifier("SerializeToElement")) : IdentifierName("SerializeToElement");
        return Replace(document, root, model, replaced, invocation.WithExpression(callee.WithName(name.WithTriviaFrom(callee.Name))), serializer);
    }

    /// <summary>The call's callee, and what the new call replaces: <c>X(...).RootElement</c>, with a trailing <c>.Clone()</c> (the new element is already independent).</summary>
    private static (MemberAccessExpressionSyntax Callee, ExpressionSyntax Replaced)? InPlace(InvocationExpressionSyntax invocation)
    {
        if (invocation.Parent is not MemberAccessExpressionSyntax { Name.Identifier.ValueText: "RootElement" } rootElement
            || rootElement.Expression != invocation
            || invocation.Expression is not MemberAccessExpressionSyntax callee)
        {
            return null;
        }

        return rootElement.Parent is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Clone", Parent: InvocationExpressionSyntax { ArgumentList.Arguments.Count: 0 } clone } access
               && access.Expression == rootElement
            ? (callee, clone)
            : (callee, rootElement);
    }

    private static Document? Replace(Document document, SyntaxNode root, SemanticModel model, ExpressionSyntax replaced, ExpressionSyntax replacement, INamedTypeSymbol type)
        => SymbolEqualityComparer.Default.Equals(model.GetSpeculativeSymbolInfo(replaced.SpanStart, replacement, SpeculativeBindingOption.BindAsExpression).Symbol?.ContainingType, type)
            ? document.WithSyntaxRoot(root.ReplaceNode(replaced, replacement.WithTriviaFrom(replaced)))
            : null;

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

    /// <summary><c>JsonElement.Parse(same arguments)</c> (or <c>ParseValue</c>), spelled like the original qualifier where that binds, else fully qualified.</summary>
    private static ExpressionSyntax ElementCall(MemberAccessExpressionSyntax callee, InvocationExpressionSyntax invocation, SemanticModel model, INamedTypeSymbol element)
    {
        ExpressionSyntax? type = callee.Expression switch
        {
            IdentifierNameSyntax { Identifier.ValueText: "JsonDocument" } => IdentifierName("JsonElement"),
            QualifiedNameSyntax { Right.Identifier.ValueText: "JsonDocument" } qualified => qualified.WithRight(IdentifierName("JsonElement")),
            MemberAccessExpressionSyntax { Name.Identifier.ValueText: "JsonDocument" } access => access.WithName(IdentifierName("JsonElement")),
            _ => null,
        };

        if (type is not null)
        {
            var spelled = invocation.WithExpression(callee.WithExpression(type.WithTriviaFrom(callee.Expression)));
            var bound = model.GetSpeculativeSymbolInfo(invocation.SpanStart, spelled, SpeculativeBindingOption.BindAsExpression).Symbol;
            if (SymbolEqualityComparer.Default.Equals(bound?.ContainingType, element))
            {
                return spelled;
            }
        }

        return invocation.WithExpression(MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, ParseExpression("global::System.Text.Json.JsonElement"), callee.Name));
    }
}
