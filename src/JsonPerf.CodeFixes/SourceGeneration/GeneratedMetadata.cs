using System.Text;

namespace JsonPerf.CodeFixes;

/// <summary>
/// For JP0002's and JP0008's fixes: what the source generator names a type's property on a context, which names it
/// cannot give, and whether switching a type from reflection to generated metadata is known to serialize the same JSON.
/// </summary>
internal static class GeneratedMetadata
{
    /// <summary>Names a context already has from JsonSerializerContext or its generated code.</summary>
    internal static readonly string[] ReservedNames = { "Default", "Options", "GeneratedSerializerOptions", "GetTypeInfo" };

    /// <summary>
    /// The name the source generator gives the type's property on a context: <c>Order</c>, <c>ListOrder</c>,
    /// <c>OrderArray</c>, <c>DictionaryStringInt32</c>, <c>NullableInt32</c>.
    /// </summary>
    public static string GeneratedPropertyName(ITypeSymbol type)
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
    /// <see cref="GeneratedMetadataSafety.IsSafe(ITypeSymbol, Compilation, JsonSymbols, out ImmutableArray{ITypeSymbol})"/>:
    /// the analyzer's own judgement (it reports no type that fails it), with the types reached.
    /// </summary>
    public static bool IsSafeForGeneratedMetadata(ITypeSymbol root, Compilation compilation, out ImmutableArray<ITypeSymbol> reachable)
    {
        if (JsonSymbols.For(compilation) is not { } symbols)
        {
            reachable = ImmutableArray<ITypeSymbol>.Empty;
            return false;
        }

        return GeneratedMetadataSafety.IsSafe(root, compilation, symbols, out reachable);
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
            var name = GeneratedPropertyName(type);
            if (names.TryGetValue(name, out var other) && !SymbolEqualityComparer.Default.Equals(other, type)
                || !SymbolEqualityComparer.Default.Equals(type, root) && ReservedNames.Contains(name))
            {
                return true;
            }

            names[name] = type;
        }

        return false;
    }
}
