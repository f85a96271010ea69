using System.Text;

namespace JsonPerf.Analyzers;

/// <summary>
/// What the source generator needs to register a type on a context: the property name it gives the type's metadata,
/// the names it cannot give, and that a public context names only public types. JP0002's and JP0008's fixes plan with
/// it, and JP0008's analyzer says with it where its fix cannot register a type (so Fix All leaves no site unexplained).
/// </summary>
internal static class GeneratedNames
{
    /// <summary>Names a context already has from JsonSerializerContext or its generated code.</summary>
    internal static readonly string[] ReservedNames = { "Default", "Options", "GeneratedSerializerOptions", "GetTypeInfo" };

    /// <summary>
    /// The name the source generator gives the type's property on a context: <c>Order</c>, <c>ListOrder</c>,
    /// <c>OrderArray</c>, <c>DictionaryStringInt32</c>, <c>NullableInt32</c>.
    /// </summary>
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
    /// Types the generator would not name as the fix needs: two reachable types with the same property name (the
    /// generator only generates the first, SYSLIB1031), or a reachable type (other than the root, which can be given a
    /// <c>TypeInfoPropertyName</c>) whose name is one of JsonSerializerContext's own.
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

    /// <summary>
    /// JP0008: whether <c>[JsonSerializable(typeof(T))]</c> on <paramref name="context"/> gives <paramref name="type"/>
    /// metadata under the generator's own name, beside the types the context's chain already covers
    /// (<paramref name="covered"/>), and a public context does not name a non-public type.
    /// </summary>
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
