namespace JsonPerf.Analyzers;

/// <summary>A user's type found again by metadata name in another compilation: a fix must not use the old one's symbols.</summary>
internal static class SymbolsAfterEdit
{
    /// <summary>The name <see cref="FindType"/> finds a type by (<c>Ns.Outer+Inner</c>); null for types it cannot name.</summary>
    public static string? MetadataName(INamedTypeSymbol type)
    {
        if (type.ContainingType is { } container)
        {
            return MetadataName(container) is { } outer ? outer + "+" + type.MetadataName : null;
        }

        return type.ContainingNamespace is { IsGlobalNamespace: false } ns ? ns.ToDisplayString() + "." + type.MetadataName : type.MetadataName;
    }

    public static INamedTypeSymbol? FindType(Compilation compilation, string? metadataName)
#pragma warning disable RS0030 // User types, by the name the fix itself gave them or read off the old symbol.
        => metadataName is null ? null : compilation.GetTypeByMetadataName(metadataName);
#pragma warning restore RS0030

    public static INamedTypeSymbol? FindAgain(Compilation compilation, INamedTypeSymbol type) => FindType(compilation, MetadataName(type));
}
