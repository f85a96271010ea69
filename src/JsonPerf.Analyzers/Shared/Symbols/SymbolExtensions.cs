namespace JsonPerf.Analyzers;

internal static class SymbolExtensions
{
    /// <summary>The type or a base type is <paramref name="baseType"/>, generics by definition (<c>JsonTypeInfo&lt;Order&gt;</c> is a <c>JsonTypeInfo&lt;T&gt;</c>).</summary>
    public static bool InheritsFromOrEquals(this ITypeSymbol? type, ITypeSymbol? baseType)
    {
        if (baseType is null)
        {
            return false;
        }

        for (var current = type; current is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current.OriginalDefinition, baseType.OriginalDefinition))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Whether any attribute on <paramref name="symbol"/> is exactly <paramref name="attributeType"/>.</summary>
    public static bool HasAttribute(this ISymbol symbol, INamedTypeSymbol? attributeType)
    {
        if (attributeType is null)
        {
            return false;
        }

        foreach (var attribute in symbol.GetAttributes())
        {
            if (SymbolEqualityComparer.Default.Equals(attribute.AttributeClass, attributeType))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Equal types, where two methods' type parameters are equal by position (for comparing overloads).</summary>
    public static bool IsSameTypeAs(this ITypeSymbol left, ITypeSymbol right)
    {
        if (left is ITypeParameterSymbol { TypeParameterKind: TypeParameterKind.Method } l
            && right is ITypeParameterSymbol { TypeParameterKind: TypeParameterKind.Method } r)
        {
            return l.Ordinal == r.Ordinal;
        }

        if (left is INamedTypeSymbol { IsGenericType: true } ln && right is INamedTypeSymbol { IsGenericType: true } rn)
        {
            if (!SymbolEqualityComparer.Default.Equals(ln.OriginalDefinition, rn.OriginalDefinition))
            {
                return false;
            }

            for (var i = 0; i < ln.TypeArguments.Length; i++)
            {
                if (!ln.TypeArguments[i].IsSameTypeAs(rn.TypeArguments[i]))
                {
                    return false;
                }
            }

            return true;
        }

        return SymbolEqualityComparer.Default.Equals(left, right);
    }

    /// <summary>
    /// The member code belongs to (method, accessor, field, property), as an operation callback sees it: never a lambda or
    /// local function inside it, which <see cref="SemanticModel.GetEnclosingSymbol"/> returns.
    /// </summary>
    public static ISymbol ContainingMember(this ISymbol symbol)
    {
        while (symbol is IMethodSymbol { MethodKind: MethodKind.AnonymousFunction or MethodKind.LocalFunction } && symbol.ContainingSymbol is { } outer)
        {
            symbol = outer;
        }

        return symbol;
    }
}
