using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace JsonPerf.Analyzers;

/// <summary>
/// The System.Text.Json, System.Net.Http.Json and ASP.NET Core symbols the rules need, resolved once per
/// compilation. <see cref="TryCreate"/> returns null when System.Text.Json is not referenced, and the
/// analyzers then register nothing.
/// </summary>
internal sealed class JsonSymbols
{
    private readonly HashSet<INamedTypeSymbol> _entryPointTypes;

    private JsonSymbols(Compilation compilation, INamedTypeSymbol options)
    {
        Compilation = compilation;
        JsonSerializerOptions = options;
        JsonSerializer = compilation.GetTypeByMetadataName("System.Text.Json.JsonSerializer");
        JsonSerializerContext = compilation.GetTypeByMetadataName("System.Text.Json.Serialization.JsonSerializerContext");
        JsonSerializerDefaults = compilation.GetTypeByMetadataName("System.Text.Json.JsonSerializerDefaults");
        JavaScriptEncoder = compilation.GetTypeByMetadataName("System.Text.Encodings.Web.JavaScriptEncoder");
        AspNetJsonResult = compilation.GetTypeByMetadataName("Microsoft.AspNetCore.Mvc.JsonResult");
        AspNetController = compilation.GetTypeByMetadataName("Microsoft.AspNetCore.Mvc.Controller");
        ExpressionOfT = compilation.GetTypeByMetadataName("System.Linq.Expressions.Expression`1");
        JsonSourceGenerationOptionsAttribute = compilation.GetTypeByMetadataName("System.Text.Json.Serialization.JsonSourceGenerationOptionsAttribute");
        JsonTypeInfo = compilation.GetTypeByMetadataName("System.Text.Json.Serialization.Metadata.JsonTypeInfo");
        JsonElement = compilation.GetTypeByMetadataName("System.Text.Json.JsonElement");
        JsonDocument = compilation.GetTypeByMetadataName("System.Text.Json.JsonDocument");
        JsonNode = compilation.GetTypeByMetadataName("System.Text.Json.Nodes.JsonNode");

        _entryPointTypes = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
        AddIfPresent(JsonSerializer);
        AddIfPresent(compilation.GetTypeByMetadataName("System.Net.Http.Json.HttpClientJsonExtensions"));
        AddIfPresent(compilation.GetTypeByMetadataName("System.Net.Http.Json.HttpContentJsonExtensions"));
        AddIfPresent(compilation.GetTypeByMetadataName("System.Net.Http.Json.JsonContent"));
        AddIfPresent(compilation.GetTypeByMetadataName("Microsoft.AspNetCore.Http.Results"));
        AddIfPresent(compilation.GetTypeByMetadataName("Microsoft.AspNetCore.Http.TypedResults"));
        AddIfPresent(compilation.GetTypeByMetadataName("Microsoft.AspNetCore.Http.HttpRequestJsonExtensions"));
        AddIfPresent(compilation.GetTypeByMetadataName("Microsoft.AspNetCore.Http.HttpResponseJsonExtensions"));
        AddIfPresent(AspNetJsonResult);
        AddIfPresent(AspNetController);
    }

    public Compilation Compilation { get; }
    public INamedTypeSymbol JsonSerializerOptions { get; }
    public INamedTypeSymbol? JsonSerializer { get; }
    public INamedTypeSymbol? JsonSerializerContext { get; }
    public INamedTypeSymbol? JsonSerializerDefaults { get; }
    public INamedTypeSymbol? JavaScriptEncoder { get; }
    public INamedTypeSymbol? AspNetJsonResult { get; }
    public INamedTypeSymbol? AspNetController { get; }
    public INamedTypeSymbol? ExpressionOfT { get; }
    public INamedTypeSymbol? JsonSourceGenerationOptionsAttribute { get; }
    public INamedTypeSymbol? JsonTypeInfo { get; }
    public INamedTypeSymbol? JsonElement { get; }
    public INamedTypeSymbol? JsonDocument { get; }
    public INamedTypeSymbol? JsonNode { get; }

    /// <summary>True inside a lambda converted to an expression tree: data, not code that runs.</summary>
    public bool IsInsideExpressionTree(IOperation operation)
    {
        if (ExpressionOfT is null)
        {
            return false;
        }

        for (var current = operation.Parent; current is not null; current = current.Parent)
        {
            if (current is IAnonymousFunctionOperation { Parent: { Type: INamedTypeSymbol type } }
                && SymbolEqualityComparer.Default.Equals(type.OriginalDefinition, ExpressionOfT))
            {
                return true;
            }
        }

        return false;
    }

    public static JsonSymbols? TryCreate(Compilation compilation)
    {
        var options = compilation.GetTypeByMetadataName("System.Text.Json.JsonSerializerOptions");
        return options is null ? null : new JsonSymbols(compilation, options);
    }

    public bool IsEntryPointType(INamedTypeSymbol? type) => type is not null && _entryPointTypes.Contains(type.OriginalDefinition);

    public bool IsJsonSerializerOptions(ITypeSymbol? type) => SymbolEqualityComparer.Default.Equals(type, JsonSerializerOptions);

    /// <summary>True when <paramref name="type"/> is a user's context (a type derived from JsonSerializerContext).</summary>
    public bool IsDerivedFromJsonSerializerContext(ITypeSymbol? type)
    {
        if (JsonSerializerContext is null)
        {
            return false;
        }

        for (var current = type?.BaseType; current is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current, JsonSerializerContext))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>A static, get-only property of JsonSerializerOptions, such as <c>Default</c> (.NET 7+) or <c>Web</c> (.NET 9+).</summary>
    public bool HasStaticOptionsProperty(string name)
    {
        foreach (var member in JsonSerializerOptions.GetMembers(name))
        {
            if (member is IPropertySymbol { IsStatic: true } property && SymbolEqualityComparer.Default.Equals(property.Type, JsonSerializerOptions))
            {
                return true;
            }
        }

        return false;
    }

    private void AddIfPresent(INamedTypeSymbol? type)
    {
        if (type is not null)
        {
            _entryPointTypes.Add(type);
        }
    }
}
