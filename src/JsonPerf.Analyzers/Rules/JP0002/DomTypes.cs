namespace JsonPerf.Analyzers;

/// <summary>JSON's own DOM types: they need no generated metadata, and JP0002's fix scaffolds no context for them.</summary>
internal static class DomTypes
{
    /// <summary>JsonDocument, JsonElement, JsonElement? or JsonNode and the types derived from it (JsonObject, JsonArray, JsonValue).</summary>
    public static bool Is(ITypeSymbol? type, JsonSymbols symbols)
    {
        if (type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T, TypeArguments.Length: 1 } nullable)
        {
            type = nullable.TypeArguments[0];
        }

        return type is not null
               && (SymbolEqualityComparer.Default.Equals(type, symbols.JsonDocument)
                   || SymbolEqualityComparer.Default.Equals(type, symbols.JsonElement)
                   || type.InheritsFromOrEquals(symbols.JsonNode));
    }
}
