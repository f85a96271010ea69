using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

/// <summary>
/// Binds a context to static options as their resolver (<c>Combine(Ctx.Default, new DefaultJsonTypeInfoResolver())</c>):
/// naming policy, converters and encoder still apply to the context's metadata, so nothing their users write changes.
/// </summary>
internal static class ResolverBinding
{
    // Whether the fix can keep the static options member and bind a context to it (and the context an earlier fix bound):
    // it sets only BindableSettings, and only framework methods get it, so no code changes it later.
    public static async Task<(bool Bindable, INamedTypeSymbol? Bound)?> BindableMemberAsync(Project project, ISymbol member, JsonSymbols symbols, CancellationToken cancellationToken, bool acceptContextInstance = false)
    {
        if (member is not (IFieldSymbol { IsStatic: true, IsReadOnly: true } or IPropertySymbol { IsStatic: true, SetMethod: null })
            || member.ContainingType is not { } containing
            || SymbolsAfterEdit.MetadataName(containing) is null
            || member.DeclaringSyntaxReferences.Length != 1
            || project.Solution.GetDocument(member.DeclaringSyntaxReferences[0].SyntaxTree) is not { } memberDocument
            || memberDocument is SourceGeneratedDocument
            || memberDocument.Project.Id != project.Id
            || OptionsCreation(await member.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false)) is not { } creation
            || symbols.JsonSerializerDefaults is null
            || await memberDocument.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || JsonSymbols.For(model.Compilation) is not { JsonTypeInfoResolver: not null, DefaultJsonTypeInfoResolver: not null } memberSymbols
            || !HasPlainArguments(creation, model, symbols, cancellationToken)
            || !KeepsSettings(creation, model, memberSymbols, out var bound, cancellationToken))
        {
            return null;
        }

        var onlyFrameworkArguments = await References.AllAsync(member, project.Solution, reference => IsFrameworkArgument(reference, symbols, acceptContextInstance, cancellationToken), cancellationToken).ConfigureAwait(false);
        return onlyFrameworkArguments ? (true, bound) : null;
    }

    private static bool HasPlainArguments(BaseObjectCreationExpressionSyntax creation, SemanticModel model, JsonSymbols symbols, CancellationToken cancellationToken)
        => creation.ArgumentList is not { Arguments: { Count: > 0 } arguments }
           || arguments.Count == 1
              && model.GetTypeInfo(arguments[0].Expression, cancellationToken).Type is { } argumentType
              && SymbolEqualityComparer.Default.Equals(argumentType, symbols.JsonSerializerDefaults)
              && model.GetConstantValue(arguments[0].Expression, cancellationToken).HasValue;

    /// <summary>Whether every setting still applies under a bound context; any resolver but an earlier fix's is not known to.</summary>
    private static bool KeepsSettings(BaseObjectCreationExpressionSyntax creation, SemanticModel model, JsonSymbols symbols, out INamedTypeSymbol? bound, CancellationToken cancellationToken)
    {
        bound = null;
        foreach (var expression in creation.Initializer?.Expressions ?? default)
        {
            if (expression is not AssignmentExpressionSyntax { Left: IdentifierNameSyntax { Identifier.ValueText: var setting } } assignment)
            {
                return false;
            }

            if (setting != "TypeInfoResolver")
            {
                if (!OptionsSyntax.BindableSettings.Contains(setting))
                {
                    return false;
                }

                continue;
            }

            if (assignment.Right is not InvocationExpressionSyntax { ArgumentList.Arguments: { Count: 2 } combine } call
                || model.GetSymbolInfo(call, cancellationToken).Symbol is not IMethodSymbol { Name: "Combine" }
                || model.GetSymbolInfo(combine[0].Expression, cancellationToken).Symbol is not IPropertySymbol { Name: "Default", ContainingType: { } context }
                || !SymbolEqualityComparer.Default.Equals(context.BaseType, symbols.JsonSerializerContext)
                || combine[1].Expression is not ObjectCreationExpressionSyntax { ArgumentList.Arguments.Count: 0, Initializer: null } fallback
                || !SymbolEqualityComparer.Default.Equals(model.GetTypeInfo(fallback, cancellationToken).Type, symbols.DefaultJsonTypeInfoResolver))
            {
                return false;
            }

            bound = context;
        }

        return true;
    }

    private static bool IsFrameworkArgument(References.Use reference, JsonSymbols symbols, bool acceptContextInstance, CancellationToken cancellationToken)
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

        use = OptionsSyntax.PassedOn(use);
        return !reference.IsImplicit
               && use.Parent is ArgumentSyntax { RefKindKeyword.RawKind: 0, Parent.Parent: { } callSite }
               && callSite is InvocationExpressionSyntax or BaseObjectCreationExpressionSyntax
               && reference.Model.GetSymbolInfo(callSite, cancellationToken).Symbol is IMethodSymbol target
               && IsFrameworkNamespace(target.ContainingNamespace);
    }

    private static bool IsFrameworkNamespace(INamespaceSymbol? ns)
    {
        while (ns is { ContainingNamespace.IsGlobalNamespace: false })
        {
            ns = ns.ContainingNamespace;
        }

        return ns?.Name is "System" or "Microsoft";
    }

    public static BaseObjectCreationExpressionSyntax? OptionsCreation(SyntaxNode declaration)
        => OptionsSyntax.AsOptionsCreation(OptionsSyntax.Initializer(declaration));

    /// <summary>The static member again, in a compilation edited since it was planned.</summary>
    public static ISymbol? FindAgain(Compilation compilation, ISymbol member)
        => member.ContainingType is { } containing
            ? SymbolsAfterEdit.FindAgain(compilation, containing)?.GetMembers(member.Name).FirstOrDefault(m => m.Kind == member.Kind && m.IsStatic)
            : null;

    public static async Task<Solution?> BindMemberAsync(Solution solution, ProjectId projectId, ISymbol member, INamedTypeSymbol context, CancellationToken cancellationToken)
    {
        if (solution.GetProject(projectId) is not { } project
            || await project.GetCompilationAsync(cancellationToken).ConfigureAwait(false) is not { } compilation
            || FindAgain(compilation, member) is not { DeclaringSyntaxReferences.Length: 1 } current
            || solution.GetDocument(current.DeclaringSyntaxReferences[0].SyntaxTree) is not { } document
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not CompilationUnitSyntax root
            || OptionsCreation(await current.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false)) is not { } creation
            || JsonSymbols.For(compilation) is not { JsonTypeInfoResolver: { } combiner, DefaultJsonTypeInfoResolver: { } reflection }
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
        return document.WithSyntaxRoot(newRoot).Project.Solution;
    }

    /// <summary>A setting after the last one as a person writes it: the comma right after that one, not on a line of its own.</summary>
    internal static InitializerExpressionSyntax Append(InitializerExpressionSyntax initializer, ExpressionSyntax added)
    {
        var expressions = initializer.Expressions;
        if (expressions.Count == 0 || expressions.SeparatorCount == expressions.Count)
        {
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
