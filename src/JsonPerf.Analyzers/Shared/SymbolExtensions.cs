namespace JsonPerf.Analyzers;

internal static class SymbolExtensions
{
    /// <summary>
    /// True when <paramref name="type"/> or one of its base types is <paramref name="baseType"/> (generic types compared
    /// by their definition: <c>JsonTypeInfo&lt;Order&gt;</c> is a <c>JsonTypeInfo&lt;T&gt;</c>). False when either is null.
    /// </summary>
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
}
