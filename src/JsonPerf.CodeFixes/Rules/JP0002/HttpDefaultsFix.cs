using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0002's fix for ASP.NET Core's helpers called without options where <see cref="HttpDefaultsContext"/> plans it (a
/// trimmed/AOT app whose configured JSON options are ASP.NET Core's defaults with one context first): the call takes the
/// metadata of that context built on the same settings, from a static property the fix adds to the context's own
/// declaration once: <c>Results.Json(todo)</c> becomes <c>Results.Json(todo, AppJsonSerializerContext.Http.Todo)</c>.
/// Fix All plans every such site of a project on one compilation and writes them together, the property once.
/// </summary>
internal static class HttpDefaultsFix
{
    private const string HolderComment = "// The app's HTTP JSON options: ASP.NET Core's defaults (Web, relaxed encoder) answered by this context.";

    /// <summary>One call, planned.</summary>
    private sealed class Site
    {
        public Site(DocumentId document, InvocationExpressionSyntax invocation, IInvocationOperation call, IArgumentOperation? options, HttpDefaultsContext.Plan plan)
        {
            Document = document;
            Invocation = invocation;
            Call = call;
            Options = options;
            Plan = plan;
        }

        public DocumentId Document { get; }
        public InvocationExpressionSyntax Invocation { get; }
        public IInvocationOperation Call { get; }
        public IArgumentOperation? Options { get; }
        public HttpDefaultsContext.Plan Plan { get; }
    }

    public static async Task<Func<CancellationToken, Task<Solution?>>?> PrepareAsync(Document document, SyntaxNode site, CancellationToken cancellationToken)
        => await PlanAsync(document, site, cancellationToken).ConfigureAwait(false) is { } planned
            ? ct => ApplyAsync(document.Project.Solution, new[] { planned }, ct)
            : null;

    /// <summary>
    /// Fix All's part: the sites that are ASP.NET Core helpers, planned on the solution as it is and written together;
    /// their marks go to <paramref name="done"/>. The other sites are left as they are.
    /// </summary>
    public static async Task<Solution> FixAllAsync(Solution solution, IEnumerable<FixAllSite> sites, List<SyntaxAnnotation> done, CancellationToken cancellationToken)
    {
        var planned = new List<Site>();
        var marks = new List<SyntaxAnnotation>();
        foreach (var site in sites.Where(s => s.Diagnostic.Properties.ContainsKey(DiagnosticProperties.HttpDefaults)))
        {
            if (solution.GetDocument(site.Document) is { } document
                && await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is { } root
                && root.GetAnnotatedNodes(site.Mark).FirstOrDefault() is { } node
                && await PlanAsync(document, node, cancellationToken).ConfigureAwait(false) is { } plan)
            {
                planned.Add(plan);
                marks.Add(site.Mark);
            }
        }

        if (planned.Count == 0 || await ApplyAsync(solution, planned, cancellationToken).ConfigureAwait(false) is not { } fixedSolution)
        {
            return solution;
        }

        done.AddRange(marks);
        return fixedSolution;
    }

    private static async Task<Site?> PlanAsync(Document document, SyntaxNode site, CancellationToken cancellationToken)
    {
        var invocation = site.FirstAncestorOrSelf<InvocationExpressionSyntax>();
        if (invocation is null
            || ConditionalCompilation.IsConditional(invocation)
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || JsonSymbols.For(model.Compilation) is not { JsonSerializerContext: not null } symbols
            || model.GetOperation(invocation, cancellationToken) is not IInvocationOperation operation
            || !SerializerEntryPoints.TryGetSerializedType(operation, symbols, out var type, out var options)
            || HttpDefaultsContext.For(operation, type, options, model.Compilation, ReflectionFreeProject.Is(document.Project.AnalyzerOptions.AnalyzerConfigOptionsProvider.GlobalOptions), MinimalApiSymbols.For(model.Compilation), symbols, cancellationToken) is not { } plan
            || (plan.Declaration is { } declaration && document.Project.Solution.GetDocument(declaration.SyntaxTree) is null))
        {
            return null;
        }

        return new Site(document.Id, invocation, operation, options, plan);
    }

    /// <summary>Every site's call rewritten and each context's property added once, each document edited once.</summary>
    private static async Task<Solution?> ApplyAsync(Solution solution, IReadOnlyList<Site> sites, CancellationToken cancellationToken)
    {
        var declarations = sites.Select(s => s.Plan.Declaration).OfType<ClassDeclarationSyntax>().Distinct().ToList();
        var byDocument = new Dictionary<DocumentId, List<SyntaxNode>>();
        foreach (var node in sites.Select(s => (SyntaxNode)s.Invocation).Concat(declarations))
        {
            if (solution.GetDocumentId(node.SyntaxTree) is not { } id)
            {
                return null;
            }

            if (!byDocument.TryGetValue(id, out var nodes))
            {
                byDocument[id] = nodes = new List<SyntaxNode>();
            }

            nodes.Add(node);
        }

        var byInvocation = sites.ToDictionary(s => (SyntaxNode)s.Invocation);
        var generator = SyntaxGenerator.GetGenerator(solution.GetDocument(sites[0].Document)!);
        foreach (var entry in byDocument)
        {
            var (id, nodes) = (entry.Key, entry.Value);
            var root = (await solution.GetDocument(id)!.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))!;
            var newLine = NewLine(root);
            var newRoot = root.ReplaceNodes(nodes, (original, rewritten) => byInvocation.TryGetValue(original, out var site)
                ? ((InvocationExpressionSyntax)rewritten).WithArgumentList(RewriteArguments(((InvocationExpressionSyntax)rewritten).ArgumentList, site, generator))
                : WithHolder((ClassDeclarationSyntax)rewritten, sites.First(s => s.Plan.Declaration == original).Plan.Holder, newLine));
            solution = solution.WithDocumentSyntaxRoot(id, newRoot);
        }

        return solution;
    }

    /// <summary>The metadata right after the value, the later arguments named (<see cref="ArgumentRewriter.MetadataPlacement.AfterValue"/>).</summary>
    private static ArgumentListSyntax RewriteArguments(ArgumentListSyntax list, Site site, SyntaxGenerator generator)
        => ArgumentRewriter.RewriteArguments(list, site.Invocation, site.Call, site.Options, site.Plan.MetadataParameter.Name, Metadata(generator, site.Plan), ArgumentRewriter.MetadataPlacement.AfterValue);

    /// <summary><c>Context.Http.Todo</c>.</summary>
    private static ExpressionSyntax Metadata(SyntaxGenerator generator, HttpDefaultsContext.Plan plan)
        => MemberAccessExpression(
            SyntaxKind.SimpleMemberAccessExpression,
            MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, ((ExpressionSyntax)generator.TypeExpression(plan.Context)).WithAdditionalAnnotations(Simplifier.Annotation), IdentifierName(plan.Holder)),
            IdentifierName(plan.Metadata.Name));

    /// <summary>
    /// <c>internal static Ctx Http { get; } = new(new JsonSerializerOptions(JsonSerializerDefaults.Web) { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping });</c>
    /// as the declaration's first member, names written in full and simplified afterwards (the usings added).
    /// </summary>
    private static ClassDeclarationSyntax WithHolder(ClassDeclarationSyntax declaration, string name, SyntaxTrivia newLine)
    {
        var member = (PropertyDeclarationSyntax)ParseMemberDeclaration(
            $"internal static {declaration.Identifier.Text} {name} {{ get; }} = new(new global::System.Text.Json.JsonSerializerOptions(global::System.Text.Json.JsonSerializerDefaults.Web) {{ Encoder = global::System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping }});")!;
        member = member.ReplaceNodes(
            member.DescendantNodes().Where(n => n is QualifiedNameSyntax { Parent: not QualifiedNameSyntax } or MemberAccessExpressionSyntax { Name.Identifier.ValueText: "JsonSerializerDefaults" or "JavaScriptEncoder" }),
            (_, rewritten) => rewritten.WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation));
        member = member.WithLeadingTrivia(Comment(HolderComment), newLine).WithTrailingTrivia(newLine).WithAdditionalAnnotations(Formatter.Annotation);
        if (declaration.Members.Count > 0)
        {
            member = member.WithTrailingTrivia(newLine, newLine);
        }

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

    /// <summary>The document's own line break (the first one in it), so that an LF file stays LF.</summary>
    private static SyntaxTrivia NewLine(SyntaxNode root)
        => root.DescendantTrivia().FirstOrDefault(t => t.IsKind(SyntaxKind.EndOfLineTrivia)) is { } first && first.IsKind(SyntaxKind.EndOfLineTrivia)
            ? first
            : ElasticCarriageReturnLineFeed;
}
