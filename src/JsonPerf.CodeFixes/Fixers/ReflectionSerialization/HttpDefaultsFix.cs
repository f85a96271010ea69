using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0002's fix for ASP.NET Core's helpers called without options where <see cref="HttpDefaultsContext"/> names the
/// context (a trimmed/AOT app whose configured JSON options are ASP.NET Core's defaults with that one context first):
/// the call takes the metadata of that context built on the same settings, from a static property the first fix adds to
/// the context's own declaration and every later fix reuses:
/// <c>Results.Json(todo)</c> becomes <c>Results.Json(todo, AppJsonSerializerContext.Http.Todo)</c>.
/// </summary>
internal static class HttpDefaultsFix
{
    /// <summary>Names for the property, in order of preference; a name the context already uses otherwise is skipped.</summary>
    private static readonly string[] Names = { "Http", "HttpDefaults" };

    private const string HolderComment = "// The app's HTTP JSON options: ASP.NET Core's defaults (Web, relaxed encoder) answered by this context.";

    public static async Task<Func<CancellationToken, Task<Solution?>>?> PrepareAsync(Document document, SyntaxNode site, CancellationToken cancellationToken)
    {
        var invocation = site.FirstAncestorOrSelf<InvocationExpressionSyntax>();
        if (invocation is null
            || invocation.SyntaxTree.Options is not CSharpParseOptions { LanguageVersion: >= LanguageVersion.CSharp9 }
            || ConditionalCompilation.IsConditional(invocation)
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || JsonSymbols.For(model.Compilation) is not { JsonSerializerContext: not null } symbols
            || model.GetOperation(invocation, cancellationToken) is not IInvocationOperation operation
            || !SerializerEntryPoints.TryGetSerializedType(operation, symbols, out var type, out var options)
            || HttpDefaultsContext.For(operation, type, model.Compilation, document.Project.AnalyzerOptions.AnalyzerConfigOptionsProvider.GlobalOptions, symbols, cancellationToken) is not { } context
            || MetadataProperty(context, type, symbols) is not { } property
            || MetadataParameter(operation.TargetMethod, options?.Parameter, symbols) is not { } metadataParameter
            || Holder(context, cancellationToken) is not var (name, exists))
        {
            return null;
        }

        ClassDeclarationSyntax? declaration = null;
        if (!exists && (declaration = Declaration(document.Project, context, cancellationToken)) is null)
        {
            return null;
        }

        var plan = new FixPlan(
            invocation, operation, type, options, metadataParameter.Name, metadataParameter.Ordinal, passContext: false,
            context, registration: null, property.Name, newRegistrationNeedsName: false, mirror: null, member: null, boundContext: null, mirroredMember: null,
            instanceMember: null, instanceField: null, instanceFieldExists: false, ImmutableArray<ITypeSymbol>.Empty, ImmutableArray<ITypeSymbol>.Empty);
        return ct => ApplyAsync(document, plan, name, declaration, ct);
    }

    private static async Task<Solution?> ApplyAsync(Document document, FixPlan plan, string name, ClassDeclarationSyntax? declaration, CancellationToken cancellationToken)
    {
        var generator = SyntaxGenerator.GetGenerator(document);
        var holder = MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, ((ExpressionSyntax)generator.TypeExpression(plan.Context!)).WithAdditionalAnnotations(Simplifier.Annotation), IdentifierName(name));
        var metadata = MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, holder, IdentifierName(plan.PropertyName));
        var solution = document.Project.Solution;
        var root = (await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))!;

        // The property, first in the context's own declaration (the same document as the call, or another one).
        if (declaration is not null && declaration.SyntaxTree != root.SyntaxTree)
        {
            if (solution.GetDocument(declaration.SyntaxTree) is not { } contextDocument)
            {
                return null;
            }

            var contextRoot = (await contextDocument.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))!;
            solution = solution.WithDocumentSyntaxRoot(contextDocument.Id, contextRoot.ReplaceNode(declaration, WithHolder(declaration, name)));
            declaration = null;
        }

        var nodes = new List<SyntaxNode> { plan.Invocation };
        if (declaration is not null)
        {
            nodes.Add(declaration);
        }

        var newRoot = root.ReplaceNodes(nodes, (original, rewritten) => original == plan.Invocation
            ? ((InvocationExpressionSyntax)rewritten).WithArgumentList(RewriteArguments(((InvocationExpressionSyntax)rewritten).ArgumentList, plan, metadata))
            : WithHolder((ClassDeclarationSyntax)rewritten, name));
        return solution.WithDocumentSyntaxRoot(document.Id, newRoot);
    }

    /// <summary>
    /// <c>internal static Ctx Http { get; } = new(new JsonSerializerOptions(JsonSerializerDefaults.Web) { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping });</c>
    /// as the declaration's first member, names written in full and simplified afterwards (the usings added).
    /// </summary>
    private static ClassDeclarationSyntax WithHolder(ClassDeclarationSyntax declaration, string name)
    {
        var member = (PropertyDeclarationSyntax)ParseMemberDeclaration(
            $"internal static {declaration.Identifier.ValueText} {name} {{ get; }} = new(new global::System.Text.Json.JsonSerializerOptions(global::System.Text.Json.JsonSerializerDefaults.Web) {{ Encoder = global::System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping }});")!;
        member = member.ReplaceNodes(
            member.DescendantNodes().Where(n => n is QualifiedNameSyntax { Parent: not QualifiedNameSyntax } or MemberAccessExpressionSyntax { Name.Identifier.ValueText: "JsonSerializerDefaults" or "JavaScriptEncoder" }),
            (_, rewritten) => rewritten.WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation));
        member = member.WithLeadingTrivia(Comment(HolderComment), ElasticCarriageReturnLineFeed).WithAdditionalAnnotations(Formatter.Annotation);
        if (declaration.Members.Count > 0)
        {
            member = member.WithTrailingTrivia(ElasticCarriageReturnLineFeed, ElasticCarriageReturnLineFeed);
        }

        return declaration.WithMembers(declaration.Members.Insert(0, member));
    }

    /// <summary>
    /// The metadata overload's <c>JsonTypeInfo&lt;T&gt;</c> parameter: an overload with the same type parameters that has
    /// every parameter of the call's method but the options (same name and type) and, besides the metadata, only optional
    /// ones (<c>WriteAsJsonAsync(value, ct)</c> has <c>WriteAsJsonAsync(value, jsonTypeInfo, contentType, ct)</c>).
    /// </summary>
    private static IParameterSymbol? MetadataParameter(IMethodSymbol method, IParameterSymbol? options, JsonSymbols symbols)
    {
        var original = method.OriginalDefinition;
        var kept = original.Parameters.Where(p => options is null || p.Ordinal != options.Ordinal).ToList();
        foreach (var candidate in method.ContainingType.GetMembers(method.Name).OfType<IMethodSymbol>())
        {
            if (candidate.Arity != original.Arity || candidate.IsExtensionMethod != original.IsExtensionMethod)
            {
                continue;
            }

            var metadata = candidate.Parameters.FirstOrDefault(p => p.Type is INamedTypeSymbol { TypeArguments.Length: 1 } t && SymbolEqualityComparer.Default.Equals(t.OriginalDefinition.BaseType, symbols.JsonTypeInfo)
                                                                       && t.TypeArguments[0].Equals(candidate.TypeParameters.FirstOrDefault(), SymbolEqualityComparer.Default));
            if (metadata is null
                || kept.Any(p => !candidate.Parameters.Any(c => c.Name == p.Name && c.Type.IsSameTypeAs(p.Type)))
                || candidate.Parameters.Any(c => !SymbolEqualityComparer.Default.Equals(c, metadata) && !c.IsOptional && !kept.Any(p => p.Name == c.Name)))
            {
                continue;
            }

            return metadata;
        }

        return null;
    }

    /// <summary>
    /// The call's arguments with the metadata right after the value (named if the value is), the options argument gone,
    /// and every argument after it named, since the metadata overload puts other optional parameters between them.
    /// </summary>
    private static ArgumentListSyntax RewriteArguments(ArgumentListSyntax list, FixPlan plan, ExpressionSyntax metadata)
    {
        var original = plan.Invocation.ArgumentList.Arguments;
        var arguments = list.Arguments;
        if (arguments.Count != original.Count)
        {
            return list;
        }

        var result = new List<ArgumentSyntax>();
        var inserted = false;
        for (var i = 0; i < arguments.Count; i++)
        {
            var parameter = plan.Call.Arguments.FirstOrDefault(a => !a.IsImplicit && a.Syntax.Span == original[i].Span)?.Parameter;
            if (parameter is null)
            {
                return list;
            }

            if (plan.Options?.Parameter is { } options && parameter.Ordinal == options.Ordinal)
            {
                continue;
            }

            if (!inserted)
            {
                result.Add(arguments[i]);
                var added = Argument(metadata);
                if (arguments[i].NameColon is not null)
                {
                    added = added.WithNameColon(NameColon(IdentifierName(plan.MetadataParameter)));
                }

                result.Add(added);
                inserted = true;
                continue;
            }

            result.Add(arguments[i].NameColon is null ? arguments[i].WithNameColon(NameColon(IdentifierName(parameter.Name))) : arguments[i]);
        }

        return inserted ? list.WithArguments(SeparatedList(result)) : list;
    }

    /// <summary>The generated property of the context that holds <paramref name="type"/>'s metadata.</summary>
    private static IPropertySymbol? MetadataProperty(INamedTypeSymbol context, ITypeSymbol type, JsonSymbols symbols)
    {
        foreach (var member in context.GetMembers())
        {
            if (member is IPropertySymbol { IsStatic: false, Type: INamedTypeSymbol { TypeArguments.Length: 1 } propertyType } property
                && symbols.JsonTypeInfo is { } typeInfo
                && SymbolEqualityComparer.Default.Equals(propertyType.OriginalDefinition.BaseType, typeInfo)
                && SymbolEqualityComparer.Default.Equals(propertyType.TypeArguments[0], type))
            {
                return property;
            }
        }

        return null;
    }

    /// <summary>
    /// The name of the static property that holds the context on ASP.NET Core's defaults: one an earlier fix added
    /// (exists), or the first name the context does not use; null when every name is taken by something else.
    /// </summary>
    private static (string Name, bool Exists)? Holder(INamedTypeSymbol context, CancellationToken cancellationToken)
    {
        foreach (var name in Names)
        {
            var members = context.GetMembers(name);
            if (members.IsEmpty && !context.GetTypeMembers(name).Any())
            {
                return (name, false);
            }

            if (members.Length == 1
                && members[0] is IPropertySymbol { IsStatic: true } property
                && SymbolEqualityComparer.Default.Equals(property.Type, context)
                && property.DeclaringSyntaxReferences.Length == 1
                && property.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is PropertyDeclarationSyntax { Initializer.Value: var value }
                && value.ToString().Contains("JsonSerializerDefaults.Web")
                && value.ToString().Contains("JavaScriptEncoder.UnsafeRelaxedJsonEscaping"))
            {
                return (name, true);
            }
        }

        return null;
    }

    /// <summary>The context's declaration in this project's own source (not generated), the one with its attributes first.</summary>
    private static ClassDeclarationSyntax? Declaration(Project project, INamedTypeSymbol context, CancellationToken cancellationToken)
        => context.DeclaringSyntaxReferences
            .Select(r => r.GetSyntax(cancellationToken))
            .OfType<ClassDeclarationSyntax>()
            .Where(d => !d.OpenBraceToken.IsMissing && project.GetDocument(d.SyntaxTree) is not null && !d.SyntaxTree.FilePath.EndsWith(".g.cs", StringComparison.OrdinalIgnoreCase))
            .OrderByDescending(d => d.AttributeLists.Count)
            .FirstOrDefault();
}
