namespace JsonPerf.Analyzers;

/// <summary>Every use of a member, for a fix that changes what it holds; no answer where code outside the compilation may use it.</summary>
internal static class MemberUses
{
    /// <summary>True when no outside code sees the member and <paramref name="isAllowed"/> accepts every name bound to it.</summary>
    public static bool All(ISymbol member, Compilation compilation, Func<SemanticModel, SimpleNameSyntax, bool> isAllowed, CancellationToken cancellationToken)
    {
        var scope = PrivateScope(member);
        if (Visibility.IsVisibleOutsideLibrary(member, compilation)
            || (scope is null && compilation.Assembly.GetAttributes().Any(a => a.AttributeClass?.Name == "InternalsVisibleToAttribute")))
        {
            return false;
        }

        if (scope is not null)
        {
            // A private member is seen only inside its top-level type: read that type's declarations, not the project.
            foreach (var declaration in scope.DeclaringSyntaxReferences)
            {
                if (!compilation.ContainsSyntaxTree(declaration.SyntaxTree)
                    || !AllowedIn(declaration.GetSyntax(cancellationToken), member, compilation, isAllowed, cancellationToken))
                {
                    return false;
                }
            }

            return true;
        }

        return TreesNaming(member, compilation, cancellationToken).All(tree => AllowedIn(tree.GetRoot(cancellationToken), member, compilation, isAllowed, cancellationToken));
    }

    /// <summary>
    /// True when <paramref name="matches"/> accepts a name bound to the member anywhere in the compilation, whoever else may
    /// see it (an answer about this compilation's uses, not about every use).
    /// </summary>
    public static bool Any(ISymbol member, Compilation compilation, Func<SemanticModel, SimpleNameSyntax, bool> matches, CancellationToken cancellationToken)
    {
        return TreesNaming(member, compilation, cancellationToken).Any(tree => !AllowedIn(tree.GetRoot(cancellationToken), member, compilation, (model, name) => !matches(model, name), cancellationToken));
    }

    /// <summary>The compilation's trees whose text spells the member's name: the only ones that can use it.</summary>
    private static IEnumerable<SyntaxTree> TreesNaming(ISymbol member, Compilation compilation, CancellationToken cancellationToken)
        => compilation.SyntaxTrees.Where(tree => tree.GetText(cancellationToken).ToString().IndexOf(member.Name, StringComparison.Ordinal) >= 0);

    private static bool AllowedIn(SyntaxNode root, ISymbol member, Compilation compilation, Func<SemanticModel, SimpleNameSyntax, bool> isAllowed, CancellationToken cancellationToken)
    {
        var target = member.OriginalDefinition;
        var tree = root.SyntaxTree;
        SemanticModel? model = null;
        foreach (var name in root.DescendantNodes().OfType<SimpleNameSyntax>())
        {
            if (name.Identifier.ValueText != member.Name
                || member.DeclaringSyntaxReferences.Any(d => d.SyntaxTree == tree && d.Span.Contains(name.Span)))
            {
                continue;
            }

#pragma warning disable RS1030 // Only the trees that name the member, once per reported member.
            model ??= compilation.GetSemanticModel(tree);
#pragma warning restore RS1030
            if (SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(name, cancellationToken).Symbol?.OriginalDefinition, target)
                && !isAllowed(model, name))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// A type whose declarations hold every use of <paramref name="member"/> when it or a type around it is private (null
    /// otherwise): the top-level type around it, which also holds what C# 14 lets see a private member of an extension block.
    /// </summary>
    private static INamedTypeSymbol? PrivateScope(ISymbol member)
    {
        INamedTypeSymbol? scope = null;
        var isPrivate = false;
        for (var current = member; current is not null and not INamespaceSymbol; current = current.ContainingSymbol)
        {
            isPrivate |= current.DeclaredAccessibility == Accessibility.Private;
            scope = current as INamedTypeSymbol ?? scope;
        }

        return isPrivate ? scope : null;
    }
}
