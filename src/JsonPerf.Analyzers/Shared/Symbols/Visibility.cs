namespace JsonPerf.Analyzers;

internal static class Visibility
{
    /// <summary>Public or protected all the way out, in a library: a fix cannot see every caller.</summary>
    public static bool IsVisibleOutsideLibrary(ISymbol symbol, Compilation compilation)
        => compilation.Options.OutputKind == OutputKind.DynamicallyLinkedLibrary && IsVisibleOutsideTheAssembly(symbol);

    /// <summary>True when another assembly may name the symbol: it is public or protected all the way out.</summary>
    public static bool IsVisibleOutsideTheAssembly(ISymbol symbol)
    {
        for (var current = symbol; current is not null and not INamespaceSymbol; current = current.ContainingSymbol)
        {
            if (current.DeclaredAccessibility is not (Accessibility.Public or Accessibility.Protected or Accessibility.ProtectedOrInternal))
            {
                return false;
            }
        }

        return true;
    }
}
