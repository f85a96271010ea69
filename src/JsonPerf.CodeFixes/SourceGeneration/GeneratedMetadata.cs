using System.Text;

namespace JsonPerf.CodeFixes;

/// <summary>
/// For JP0002's fix: what the source generator names a type's property on a context, and whether switching a type
/// from reflection to generated metadata is known to serialize the same JSON.
/// </summary>
internal static class GeneratedMetadata
{
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
}
