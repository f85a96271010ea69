namespace JsonPerf.Analyzers;

/// <summary>Every use of a member, for a fix that changes what it holds; no answer where code outside the compilation may use it.</summary>
internal static class MemberUses
{
    /// <summary>True when no outside code sees the member and <paramref name="isAllowed"/> accepts every name bound to it.</summary>
    public static bool All(ISymbol member, Compilation compilation, Func<SemanticModel, SimpleNameSyntax, bool> isAllowed, CancellationToken cancellationToken)
    {
        if (Visibility.IsVisibleOutsideLibrary(member, compilation)
            || (!IsPrivate(member) && compilation.Assembly.GetAttributes().Any(a => a.AttributeClass?.Name == "InternalsVisibleToAttribute")))
        {
            return false;
        }

        var target = member.OriginalDefinition;
        foreach (var tree in compilation.SyntaxTrees)
        {
            if (tree.GetText(cancellationToken).ToString().IndexOf(member.Name, StringComparison.Ordinal) < 0)
            {
                continue;
            }

#pragma warning disable RS1030 // Only the trees that name the member, once per reported member.
            var model = compilation.GetSemanticModel(tree);
#pragma warning restore RS1030
            foreach (var name in tree.GetRoot(cancellationToken).DescendantNodes().OfType<SimpleNameSyntax>())
            {
                if (name.Identifier.ValueText != member.Name
                    || member.DeclaringSyntaxReferences.Any(d => d.SyntaxTree == tree && d.Span.Contains(name.Span))
                    || !SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(name, cancellationToken).Symbol?.OriginalDefinition, target))
                {
                    continue;
                }

                if (!isAllowed(model, name))
                {
                    return false;
                }
            }
        }

        return true;
    }

    private static bool IsPrivate(ISymbol symbol)
    {
        for (var current = symbol; current is not null and not INamespaceSymbol; current = current.ContainingSymbol)
        {
            if (current.DeclaredAccessibility == Accessibility.Private)
            {
                return true;
            }
        }

        return false;
    }
}
