using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;
using Fix = JsonPerf.Analyzers.ReflectionSerializationFix;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0002's <see cref="Fix.HttpDefaults"/>: the call takes the metadata of the context the app's options are answered
/// by, built on the same settings, from a static property the fix adds to the context's own declaration once:
/// <c>Results.Json(todo)</c> becomes <c>Results.Json(todo, AppJsonSerializerContext.Http.Todo)</c>.
/// </summary>
internal static class HttpDefaultsFix
{
    private const string HolderComment = "// The app's HTTP JSON options: ASP.NET Core's defaults (Web, relaxed encoder) answered by this context.";

    /// <summary>One call, planned: <see cref="Declaration"/> is where the holder goes, null where it exists.</summary>
    private sealed class Site(DocumentId document, IInvocationOperation call, IArgumentOperation? options, INamedTypeSymbol context, ImmutableDictionary<string, string?> facts, ClassDeclarationSyntax? declaration)
    {
        public DocumentId Document { get; } = document;
        public InvocationExpressionSyntax Invocation { get; } = (InvocationExpressionSyntax)call.Syntax;
        public IInvocationOperation Call { get; } = call;
        public IArgumentOperation? Options { get; } = options;
        public INamedTypeSymbol Context { get; } = context;
        public string Holder { get; } = facts[Fix.Holder]!;
        public string MetadataProperty { get; } = facts[Fix.MetadataProperty]!;
        public string MetadataParameter { get; } = facts[Fix.MetadataParameter]!;
        public ClassDeclarationSyntax? Declaration { get; } = declaration;
    }

    public static async Task<Func<CancellationToken, Task<Solution?>>?> PrepareAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
        => await PlanAsync(document, site, diagnostic, cancellationToken).ConfigureAwait(false) is { } planned
            ? ct => ApplyAsync(document.Project.Solution, new[] { planned }, ct)
            : null;

    public static async Task<Solution> FixAllAsync(Solution solution, IEnumerable<FixAllSite> sites, List<SyntaxAnnotation> done, CancellationToken cancellationToken)
    {
        var planned = new List<(Site Site, SyntaxAnnotation Mark)>();
        foreach (var site in sites.Where(s => s.Diagnostic.Properties.TryGetValue(DiagnosticProperties.FixKind, out var kind) && kind == Fix.HttpDefaults))
        {
            if (solution.GetDocument(site.Document) is { } document
                && await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is { } root
                && root.GetAnnotatedNodes(site.Mark).FirstOrDefault() is { } node
                && await PlanAsync(document, node, site.Diagnostic, cancellationToken).ConfigureAwait(false) is { } plan)
            {
                planned.Add((plan, site.Mark));
            }
        }

        if (planned.Count == 0 || await ApplyAsync(solution, planned.ConvertAll(p => p.Site), cancellationToken).ConfigureAwait(false) is not { } fixedSolution)
        {
            return solution;
        }

        done.AddRange(planned.Select(p => p.Mark));
        return fixedSolution;
    }

    /// <summary>The analyzer's facts on the solution as it is now: an earlier fix may have added the holder.</summary>
    private static async Task<Site?> PlanAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        if (site.FirstAncestorOrSelf<InvocationExpressionSyntax>() is not { } invocation
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || JsonSymbols.For(model.Compilation) is not { } symbols
            || model.GetOperation(invocation, cancellationToken) is not IInvocationOperation operation
            || !SerializerEntryPoints.TryGetSerializedType(operation, symbols, out _, out var options)
            || SymbolsAfterEdit.FindType(model.Compilation, diagnostic.Properties[Fix.Context]) is not { } context)
        {
            return null;
        }

        if (!context.GetMembers(diagnostic.Properties[Fix.Holder]!).IsEmpty)
        {
            return new Site(document.Id, operation, options, context, diagnostic.Properties, declaration: null);
        }

        return HolderDeclaration(model.Compilation, context, cancellationToken) is { } declaration && document.Project.Solution.GetDocument(declaration.SyntaxTree) is not null
            ? new Site(document.Id, operation, options, context, diagnostic.Properties, declaration)
            : null;
    }

    private static ClassDeclarationSyntax? HolderDeclaration(Compilation compilation, INamedTypeSymbol context, CancellationToken cancellationToken)
        => HttpDefaultsContext.OwnDeclarations(compilation, context, cancellationToken).OrderByDescending(d => d.AttributeLists.Count).FirstOrDefault();

    private static async Task<Solution?> ApplyAsync(Solution solution, IReadOnlyList<Site> sites, CancellationToken cancellationToken)
    {
        var nodes = sites.Select(s => (SyntaxNode)s.Invocation).Concat(sites.Select(s => s.Declaration).OfType<ClassDeclarationSyntax>().Distinct()).ToList();
        if (nodes.Any(node => solution.GetDocumentId(node.SyntaxTree) is null))
        {
            return null;
        }

        var byInvocation = sites.ToDictionary(s => (SyntaxNode)s.Invocation);
        var generator = SyntaxGenerator.GetGenerator(solution.GetDocument(sites[0].Document)!);
        foreach (var inDocument in nodes.GroupBy(node => solution.GetDocumentId(node.SyntaxTree)!))
        {
            var id = inDocument.Key;
            var root = (await solution.GetDocument(id)!.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))!;
            var newLine = NewLine(root);
            var newRoot = root.ReplaceNodes(inDocument, (original, rewritten) => byInvocation.TryGetValue(original, out var site)
                ? ((InvocationExpressionSyntax)rewritten).WithArgumentList(RewriteArguments(((InvocationExpressionSyntax)rewritten).ArgumentList, site, generator))
                : WithHolder((ClassDeclarationSyntax)rewritten, sites.First(s => s.Declaration == original).Holder, newLine));
            solution = solution.WithDocumentSyntaxRoot(id, newRoot);
        }

        return solution;
    }

    private static ArgumentListSyntax RewriteArguments(ArgumentListSyntax list, Site site, SyntaxGenerator generator)
    {
        var context = ((ExpressionSyntax)generator.TypeExpression(site.Context)).WithAdditionalAnnotations(Simplifier.Annotation);
        var metadata = MemberAccessExpression(
            SyntaxKind.SimpleMemberAccessExpression,
            MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, context, IdentifierName(site.Holder)),
            IdentifierName(site.MetadataProperty));
        return ArgumentRewriter.RewriteArguments(list, site.Invocation, site.Call, site.Options, site.MetadataParameter, metadata, ArgumentRewriter.MetadataPlacement.AfterValue);
    }

    /// <summary>The holder as the declaration's first member, its names written in full and simplified afterwards.</summary>
    private static ClassDeclarationSyntax WithHolder(ClassDeclarationSyntax declaration, string name, SyntaxTrivia newLine)
    {
        var member = (PropertyDeclarationSyntax)ParseMemberDeclaration(
            $"internal static {declaration.Identifier.Text} {name} {{ get; }} = new(new global::System.Text.Json.JsonSerializerOptions(global::System.Text.Json.JsonSerializerDefaults.Web) {{ Encoder = global::System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping }});")!;
        member = member.ReplaceNodes(
            member.DescendantNodes().Where(n => n is QualifiedNameSyntax { Parent: not QualifiedNameSyntax } or MemberAccessExpressionSyntax { Name.Identifier.ValueText: "JsonSerializerDefaults" or "JavaScriptEncoder" }),
            (_, rewritten) => rewritten.WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation));
        member = member.WithLeadingTrivia(Comment(HolderComment), newLine)
            .WithTrailingTrivia(declaration.Members.Count > 0 ? new[] { newLine, newLine } : new[] { newLine })
            .WithAdditionalAnnotations(Formatter.Annotation);
        if (declaration.SemicolonToken.IsKind(SyntaxKind.SemicolonToken) && declaration.OpenBraceToken.IsKind(SyntaxKind.None))
        {
            // `class AppJsonContext : JsonSerializerContext;` (C# 12): a body, the `;`'s trailing trivia after its `}`.
            var semicolon = declaration.SemicolonToken;
            var lastToken = declaration.GetLastToken();
            declaration = declaration
                .ReplaceToken(lastToken.GetPreviousToken(), lastToken.GetPreviousToken().WithTrailingTrivia(lastToken.GetPreviousToken().TrailingTrivia.Where(t => !t.IsKind(SyntaxKind.WhitespaceTrivia))))
                .WithSemicolonToken(default)
                .WithOpenBraceToken(Token(SyntaxKind.OpenBraceToken).WithLeadingTrivia(newLine).WithTrailingTrivia(newLine))
                .WithCloseBraceToken(Token(SyntaxKind.CloseBraceToken).WithTrailingTrivia(semicolon.TrailingTrivia))
                .WithAdditionalAnnotations(Formatter.Annotation);
        }
        else if (!declaration.OpenBraceToken.TrailingTrivia.Any(SyntaxKind.EndOfLineTrivia))
        {
            // `{ }` on the declaration's line: braces on lines of their own, the property between them.
            var before = declaration.OpenBraceToken.GetPreviousToken();
            declaration = declaration
                .ReplaceToken(before, before.WithTrailingTrivia(before.TrailingTrivia.Where(t => !t.IsKind(SyntaxKind.WhitespaceTrivia))))
                .WithOpenBraceToken(declaration.OpenBraceToken.WithLeadingTrivia(newLine).WithTrailingTrivia(newLine))
                .WithAdditionalAnnotations(Formatter.Annotation);
        }

        return declaration.WithMembers(declaration.Members.Insert(0, member));
    }

    /// <summary>The document's own line break, so that an LF file stays LF.</summary>
    private static SyntaxTrivia NewLine(SyntaxNode root)
        => root.DescendantTrivia().FirstOrDefault(t => t.IsKind(SyntaxKind.EndOfLineTrivia)) is { } first && first.IsKind(SyntaxKind.EndOfLineTrivia)
            ? first
            : ElasticCarriageReturnLineFeed;
}
