using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace JsonPerf.Analyzers;

/// <summary>
/// The one answer to "is this a serializer entry point, and is this argument its options?", shared by the
/// rules and the fixers. Entry points are resolved by symbol, never by name, and only where their types exist
/// in the compilation.
/// </summary>
internal static class SerializerEntryPoints
{
    /// <summary>
    /// True when <paramref name="argument"/> is passed as the JsonSerializerOptions of a serializer entry point:
    /// any JsonSerializer method, the System.Net.Http.Json and ASP.NET Core JSON helpers, MVC's JsonResult and
    /// Controller.Json, or the constructor of a JsonSerializerContext-derived type.
    /// </summary>
    public static bool IsOptionsArgument(IArgumentOperation argument, JsonSymbols symbols)
    {
        var parameter = argument.Parameter;
        if (parameter is null || parameter.RefKind != RefKind.None || argument.ArgumentKind == ArgumentKind.ParamArray)
        {
            return false;
        }

        var method = argument.Parent switch
        {
            IInvocationOperation invocation => invocation.TargetMethod,
            IObjectCreationOperation creation => creation.Constructor,
            _ => null,
        };

        if (method is null || !IsEntryPoint(method, symbols))
        {
            return false;
        }

        if (symbols.IsJsonSerializerOptions(parameter.Type))
        {
            return true;
        }

        // MVC's JsonResult(value, serializerSettings) and Controller.Json(data, serializerSettings) take the options as object.
        return parameter.Type.SpecialType == SpecialType.System_Object
            && parameter.Name == "serializerSettings"
            && (IsOrDerivesFrom(method.ContainingType, symbols.AspNetJsonResult) || IsOrDerivesFrom(method.ContainingType, symbols.AspNetController));
    }

    /// <summary>True when <paramref name="argument"/> is the options of an entry point that only reads JSON.</summary>
    public static bool IsOptionsArgumentOfReader(IArgumentOperation argument, JsonSymbols symbols)
        => IsOptionsArgument(argument, symbols) && argument.Parent is IInvocationOperation invocation && IsReader(invocation, symbols);

    /// <summary>
    /// An entry point that only reads JSON: <c>JsonSerializer.Deserialize*</c>, <c>HttpClient.Get/Delete...FromJson*</c>,
    /// <c>ReadFromJson*</c>. Everything else may write JSON.
    /// </summary>
    public static bool IsReader(IInvocationOperation invocation, JsonSymbols symbols)
    {
        var method = invocation.TargetMethod;
        if (!symbols.IsEntryPointType(method.ContainingType))
        {
            return false;
        }

        var name = method.Name;
        return method.ContainingType.Name switch
        {
            "JsonSerializer" => name.StartsWith("Deserialize", System.StringComparison.Ordinal),
            "HttpClientJsonExtensions" => (name.StartsWith("Get", System.StringComparison.Ordinal) || name.StartsWith("Delete", System.StringComparison.Ordinal))
                                          && name.Contains("FromJson"),
            "HttpContentJsonExtensions" or "HttpRequestJsonExtensions" => name.StartsWith("ReadFromJson", System.StringComparison.Ordinal),
            _ => false,
        };
    }

    private static bool IsEntryPoint(IMethodSymbol method, JsonSymbols symbols)
    {
        if (method.MethodKind == MethodKind.Constructor && symbols.IsDerivedFromJsonSerializerContext(method.ContainingType))
        {
            return true;
        }

        for (var current = method; current is not null; current = current.OverriddenMethod)
        {
            if (symbols.IsEntryPointType(current.ContainingType))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsOrDerivesFrom(INamedTypeSymbol? type, INamedTypeSymbol? baseType)
    {
        if (baseType is null)
        {
            return false;
        }

        for (var current = type; current is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current.OriginalDefinition, baseType))
            {
                return true;
            }
        }

        return false;
    }
}
