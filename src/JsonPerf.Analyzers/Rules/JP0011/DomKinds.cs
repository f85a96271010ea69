namespace JsonPerf.Analyzers;

/// <summary>JP0011's questions about types: what a task carries, which calls read JSON into their result.</summary>
internal static class DomKinds
{
    /// <summary>What a <c>Task&lt;T&gt;</c> or <c>ValueTask&lt;T&gt;</c> carries; any other type as it is.</summary>
    public static ITypeSymbol? Awaited(ITypeSymbol? type)
        => type is INamedTypeSymbol { IsGenericType: true, TypeArguments.Length: 1, Name: "Task" or "ValueTask" } task
           && task.ContainingNamespace?.ToDisplayString() == "System.Threading.Tasks"
            ? task.TypeArguments[0]
            : type;

    /// <summary>
    /// A framework call that reads JSON into what it returns: JsonSerializer.Deserialize[Async] of anything but a DOM,
    /// JsonDocument/JsonNode/JsonElement.Parse[Async] of text, bytes or a stream, and the HTTP helpers'
    /// <c>ReadFromJsonAsync</c>/<c>Get/DeleteFromJsonAsync</c>. A DOM parsed from a reader (in a converter) is JP0010's.
    /// </summary>
    public static bool IsJsonRead(IMethodSymbol method, JsonSymbols symbols)
    {
        var type = method.ContainingType;
        var fromReader = method.Parameters.Length > 0 && method.Parameters[0].RefKind == RefKind.Ref;
        if (SymbolEqualityComparer.Default.Equals(type, symbols.JsonSerializer))
        {
            return method.Name is "Deserialize" or "DeserializeAsync"
                   && method.Parameters.Length > 0 && !symbols.IsDom(method.Parameters[0].Type, orProperty: true)
                   && !(fromReader && symbols.IsDom(Awaited(method.ReturnType), orProperty: true));
        }

        if (SymbolEqualityComparer.Default.Equals(type, symbols.JsonDocument) || SymbolEqualityComparer.Default.Equals(type, symbols.JsonNode)
            || SymbolEqualityComparer.Default.Equals(type, symbols.JsonElement))
        {
            return method is { IsStatic: true, Name: "Parse" or "ParseAsync" } && !fromReader;
        }

        return (SymbolEqualityComparer.Default.Equals(type, symbols.HttpContentJsonExtensions) || SymbolEqualityComparer.Default.Equals(type, symbols.HttpRequestJsonExtensions))
                   ? method.Name == "ReadFromJsonAsync"
                   : SymbolEqualityComparer.Default.Equals(type, symbols.HttpClientJsonExtensions) && method.Name is "GetFromJsonAsync" or "DeleteFromJsonAsync";
    }

    /// <summary>
    /// A type made for JSON: in source, with an attribute of System.Text.Json.Serialization on it or on one of its
    /// properties or fields (<c>[JsonPropertyName]</c>, <c>[JsonConverter]</c>, ...).
    /// </summary>
    public static bool IsJsonShaped(INamedTypeSymbol type)
    {
        if (!type.Locations.Any(l => l.IsInSource))
        {
            return false;
        }

        return HasSerializationAttribute(type) || type.GetMembers().Any(m => m is IPropertySymbol or IFieldSymbol && HasSerializationAttribute(m));
    }

    /// <summary>An attribute of System.Text.Json.Serialization on <paramref name="symbol"/>: any, or one of <paramref name="names"/>.</summary>
    internal static bool HasSerializationAttribute(ISymbol symbol, params string[] names)
        => symbol.GetAttributes().Any(a => a.AttributeClass is { } attribute && (names.Length == 0 || names.Contains(attribute.Name))
                                           && attribute.ContainingNamespace?.ToDisplayString() == "System.Text.Json.Serialization");
}
