namespace JsonPerf.CodeFixes;

/// <summary>Whether switching a type from reflection to generated metadata is known to serialize the same JSON.</summary>
internal static class GeneratedMetadata
{
    /// <summary>The analyzer's own judgement (<see cref="GeneratedMetadataSafety"/>), with the types reached.</summary>
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
