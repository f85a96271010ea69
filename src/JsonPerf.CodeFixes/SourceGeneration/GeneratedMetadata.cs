namespace JsonPerf.CodeFixes;

/// <summary>
/// For JP0002's and JP0008's fixes: whether switching a type from reflection to generated metadata is known to serialize
/// the same JSON (the names the generator gives: <see cref="GeneratedNames"/>).
/// </summary>
internal static class GeneratedMetadata
{
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
