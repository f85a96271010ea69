using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

/// <summary>
/// For calls on options in a static member whose settings no context attribute expresses: binds a context to the
/// member as its resolver (<c>TypeInfoResolver = JsonTypeInfoResolver.Combine(Ctx.Default, new DefaultJsonTypeInfoResolver())</c>)
/// when that is known to change nothing its users serialize.
/// </summary>
internal static class ResolverBinding
{
    /// <summary>
    /// Option settings whose effect metadata from a context bound as the resolver is known to keep (the tests run
    /// each): the ones a context's generation options can mirror, plus instances no attribute can express.
    /// </summary>
    /// <summary>
    /// Whether a context can be bound to the static options member as its resolver without changing what any of its
    /// users serialize: a readonly field or get-only property of this project, initialized with
    /// <c>new JsonSerializerOptions(...)</c> (no arguments or <c>JsonSerializerDefaults.X</c>) whose object initializer
    /// sets only <see cref="OptionsSyntax.BindableSettings"/>, and referenced nowhere but as an argument to a framework method (no
    /// code configures it later, or hands it to code that could). Also the context an earlier fix bound it to.
    /// </summary>
    public static async Task<(bool Bindable, INamedTypeSymbol? Bound)?> BindableMemberAsync(Project project, ISymbol member, JsonSymbols symbols, CancellationToken cancellationToken, bool acceptContextInstance = false)
    {
        var stable = member switch
        {
            IFieldSymbol { IsStatic: true, IsReadOnly: true } => true,
            IPropertySymbol { IsStatic: true, SetMethod: null } => true,
            _ => false,
        };
        if (!stable
            || member.ContainingType is not { } containing
            || SymbolsAfterEdit.MetadataName(containing) is null
            || member.DeclaringSyntaxReferences.Length != 1
            || project.Solution.GetDocument(member.DeclaringSyntaxReferences[0].SyntaxTree) is not { } memberDocument
            || memberDocument is SourceGeneratedDocument
            || memberDocument.Project.Id != project.Id
            || OptionsCreation(await member.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false)) is not { } creation
            || symbols.JsonSerializerDefaults is null
            || await memberDocument.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || JsonSymbols.For(model.Compilation) is not { JsonTypeInfoResolver: not null, DefaultJsonTypeInfoResolver: { } defaultResolver })
        {
            return null;
        }

        // Arguments: none, or JsonSerializerDefaults.General/Web.
        if (creation.ArgumentList is { Arguments: { Count: > 0 } arguments }
            && (arguments.Count != 1 || model.GetTypeInfo(arguments[0].Expression, cancellationToken).Type is not { } argumentType
                || !SymbolEqualityComparer.Default.Equals(argumentType, symbols.JsonSerializerDefaults)
                || !model.GetConstantValue(arguments[0].Expression, cancellationToken).HasValue))
        {
            return null;
        }

        INamedTypeSymbol? bound = null;
        foreach (var expression in creation.Initializer?.Expressions ?? default)
        {
            if (expression is not AssignmentExpressionSyntax { Left: IdentifierNameSyntax { Identifier.ValueText: var setting } } assignment)
            {
                return null;
            }

            if (setting == "TypeInfoResolver")
            {
                // Combine(Ctx.Default, new DefaultJsonTypeInfoResolver()), as an earlier fix wrote it.
                if (assignment.Right is not InvocationExpressionSyntax { ArgumentList.Arguments: { Count: 2 } combine } call
                    || model.GetSymbolInfo(call, cancellationToken).Symbol is not IMethodSymbol { Name: "Combine" }
                    || model.GetSymbolInfo(combine[0].Expression, cancellationToken).Symbol is not IPropertySymbol { Name: "Default", ContainingType: { } context }
                    || !SymbolEqualityComparer.Default.Equals(context.BaseType, symbols.JsonSerializerContext)
                    || combine[1].Expression is not ObjectCreationExpressionSyntax { ArgumentList.Arguments.Count: 0, Initializer: null } fallback
                    || !SymbolEqualityComparer.Default.Equals(model.GetTypeInfo(fallback, cancellationToken).Type, defaultResolver))
                {
                    return null;
                }

                bound = context;
            }
            else if (!OptionsSyntax.BindableSettings.Contains(setting))
            {
                return null;
            }
        }

        // Every reference: an argument to a framework method (JsonSerializer, HttpClient's JSON extensions, Results.Json...).
        var onlyFrameworkArguments = await References.AllAsync(member, project.Solution, reference =>
        {
            if (reference.IsInDocComment)
            {
                return true;
            }

            var node = reference.Node;
            SyntaxNode use = node.Parent is MemberAccessExpressionSyntax qualified && qualified.Name == node ? qualified : node;
            if (acceptContextInstance && ContextInstanceBinding.IsContextInstanceInitializer(use, reference.Model, symbols, cancellationToken) is not null)
            {
                return true;
            }

            // Through parentheses, ?? or a branch of ?: (options ?? s_options), the value still only reaches the argument.
            use = OptionsSyntax.PassedOn(use);
            return !reference.IsImplicit
                && use.Parent is ArgumentSyntax { RefKindKeyword.RawKind: 0, Parent.Parent: { } callSite }
                && callSite is InvocationExpressionSyntax or BaseObjectCreationExpressionSyntax
                && reference.Model.GetSymbolInfo(callSite, cancellationToken).Symbol is IMethodSymbol target
                && IsFrameworkNamespace(target.ContainingNamespace);
        }, cancellationToken).ConfigureAwait(false);
        return onlyFrameworkArguments ? (true, bound) : null;
    }

    private static bool IsFrameworkNamespace(INamespaceSymbol? ns)
    {
        while (ns is { ContainingNamespace.IsGlobalNamespace: false })
        {
            ns = ns.ContainingNamespace;
        }

        return ns?.Name is "System" or "Microsoft";
    }

    /// <summary><c>new JsonSerializerOptions(...) { ... }</c> or <c>new(...) { ... }</c> initializing the declarator or property.</summary>
    public static BaseObjectCreationExpressionSyntax? OptionsCreation(SyntaxNode declaration)
        => OptionsSyntax.AsOptionsCreation(OptionsSyntax.Initializer(declaration));

    /// <summary>
    /// Adds <c>TypeInfoResolver = JsonTypeInfoResolver.Combine(Ctx.Default, new DefaultJsonTypeInfoResolver())</c> to
    /// the member's initializer: the context's metadata, bound to these options (so naming policy, converters and
    /// encoder still apply), for the types it registers; reflection, as before, for every other type.
    /// </summary>
    public static async Task<(Solution Solution, DocumentId Document)?> BindMemberAsync(Solution solution, ProjectId projectId, ISymbol member, INamedTypeSymbol context, CancellationToken cancellationToken)
    {
        // The member as the solution is now (the context step may have edited its document).
        if (member.ContainingType is not { } containing
            || solution.GetProject(projectId) is not { } project
            || await project.GetCompilationAsync(cancellationToken).ConfigureAwait(false) is not { } compilation
            || SymbolsAfterEdit.FindAgain(compilation, containing)?.GetMembers(member.Name).FirstOrDefault(m => m.Kind == member.Kind && m.IsStatic) is not { } current
            || current.DeclaringSyntaxReferences.Length != 1
            || solution.GetDocument(current.DeclaringSyntaxReferences[0].SyntaxTree) is not { } document
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not CompilationUnitSyntax root
            || OptionsCreation(await current.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false)) is not { } creation)
        {
            return null;
        }

        if (JsonSymbols.For(compilation) is not { JsonTypeInfoResolver: { } combiner, DefaultJsonTypeInfoResolver: { } reflection }
            || SymbolsAfterEdit.FindAgain(compilation, context) is not { } currentContext)
        {
            return null;
        }

        var generator = SyntaxGenerator.GetGenerator(document);
        TypeSyntax Type(INamedTypeSymbol type) => ((TypeSyntax)generator.TypeExpression(type)).WithAdditionalAnnotations(Simplifier.Annotation);
        var resolver = InvocationExpression(
            MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, Type(combiner), IdentifierName("Combine")),
            ArgumentList(SeparatedList(new[]
            {
                Argument(MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, Type(currentContext), IdentifierName("Default"))),
                Argument(ObjectCreationExpression(Type(reflection)).WithArgumentList(ArgumentList())),
            })));
        var assignment = AssignmentExpression(SyntaxKind.SimpleAssignmentExpression, IdentifierName("TypeInfoResolver"), resolver).WithAdditionalAnnotations(Formatter.Annotation);
        BaseObjectCreationExpressionSyntax updated = creation.Initializer is { } initializer
            ? creation.WithInitializer(Append(initializer, assignment))
            : creation.WithInitializer(InitializerExpression(SyntaxKind.ObjectInitializerExpression, SingletonSeparatedList<ExpressionSyntax>(assignment)).WithAdditionalAnnotations(Formatter.Annotation));
        var newRoot = UsingDirectives.EnsureUsing(root.ReplaceNode(creation, updated), compilation, combiner);
        return (document.WithSyntaxRoot(newRoot).Project.Solution, document.Id);
    }

    /// <summary>
    /// Adds a setting after the last one as a person would write it: where the last setting has no comma, the comma
    /// goes right after it and the line break that followed it moves after the comma (not a line holding only
    /// <c>,</c>); the new setting takes the last one's indentation. After a trailing comma, it simply follows.
    /// </summary>
    internal static InitializerExpressionSyntax Append(InitializerExpressionSyntax initializer, ExpressionSyntax added)
    {
        var expressions = initializer.Expressions;
        if (expressions.Count == 0)
        {
            return initializer.WithExpressions(SingletonSeparatedList(added));
        }

        if (expressions.SeparatorCount == expressions.Count)
        {
            // A trailing comma already: the new setting goes after it.
            return initializer.AddExpressions(added);
        }

        var last = expressions[expressions.Count - 1];
        var nodes = new List<SyntaxNodeOrToken>(expressions.GetWithSeparators());
        nodes[nodes.Count - 1] = last.WithoutTrailingTrivia();
        nodes.Add(Token(SyntaxKind.CommaToken).WithTrailingTrivia(last.GetTrailingTrivia()));
        nodes.Add(added.WithLeadingTrivia(last.GetLeadingTrivia()).WithTrailingTrivia(last.GetTrailingTrivia()));
        return initializer.WithExpressions(SeparatedList<ExpressionSyntax>(nodes));
    }
}
