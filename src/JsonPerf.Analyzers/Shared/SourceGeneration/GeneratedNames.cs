using System.Text;

namespace JsonPerf.Analyzers;

/// <summary>The names the source generator gives a context's properties, and the types it cannot register (JP0002, JP0008).</summary>
internal static class GeneratedNames
{
    /// <summary>Names a context already has from JsonSerializerContext or its generated code.</summary>
    internal static readonly string[] ReservedNames = { "Default", "Options", "GeneratedSerializerOptions", "GetTypeInfo" };

    /// <summary>The generator's property name for a type: <c>Order</c>, <c>ListOrder</c>, <c>OrderArray</c>, <c>NullableInt32</c>.</summary>
    public static string PropertyName(ITypeSymbol type)
    {
        var name = new StringBuilder();
        Append(type, name);
        return name.ToString();

        static void Append(ITypeSymbol type, StringBuilder name)
        {
            switch (type)
            {
                case IArrayTypeSymbol array:
                    Append(array.ElementType, name);
                    name.Append("Array");
                    break;

                case INamedTypeSymbol named:
                    name.Append(named.Name);
                    foreach (var argument in named.TypeArguments)
                    {
                        Append(argument, name);
                    }

                    break;

                default:
                    name.Append(type.Name);
                    break;
            }
        }
    }

    /// <summary>
    /// Two reachable types with one property name (the generator generates only the first, SYSLIB1031), or a type other
    /// than the root (which can take a <c>TypeInfoPropertyName</c>) named like a member of JsonSerializerContext.
    /// </summary>
    public static bool HasNameTheGeneratorCannotGive(ITypeSymbol root, ImmutableArray<ITypeSymbol> reachable)
    {
        var names = new Dictionary<string, ITypeSymbol>();
        foreach (var type in reachable)
        {
            var name = PropertyName(type);
            if (names.TryGetValue(name, out var other) && !SymbolEqualityComparer.Default.Equals(other, type)
                || !SymbolEqualityComparer.Default.Equals(type, root) && ReservedNames.Contains(name))
            {
                return true;
            }

            names[name] = type;
        }

        return false;
    }

    /// <summary>Whether the type registers on the context beside <paramref name="covered"/> under the generator's own name (a public context: public types only).</summary>
    public static bool CanRegister(ITypeSymbol type, ImmutableArray<ITypeSymbol> reachable, INamedTypeSymbol context, IEnumerable<ITypeSymbol> covered)
    {
        var name = PropertyName(type);
        return !ReservedNames.Contains(name) && name != context.Name
               && !HasNameTheGeneratorCannotGive(type, covered.Concat(reachable).Distinct<ITypeSymbol>(SymbolEqualityComparer.Default).ToImmutableArray())
               && !(IsEffectivelyPublic(context) && !IsEffectivelyPublic(type));
    }

    internal static bool IsEffectivelyPublic(ITypeSymbol type)
    {
        switch (type)
        {
            case IArrayTypeSymbol array:
                return IsEffectivelyPublic(array.ElementType);

            case INamedTypeSymbol named:
                for (var current = named; current is not null; current = current.ContainingType)
                {
                    if (current.DeclaredAccessibility != Accessibility.Public || current.TypeArguments.Any(a => !IsEffectivelyPublic(a)))
                    {
                        return false;
                    }
                }

                return true;

            default:
                return false;
        }
    }
}
