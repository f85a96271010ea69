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
            && (method.ContainingType.InheritsFromOrEquals(symbols.AspNetJsonResult) || method.ContainingType.InheritsFromOrEquals(symbols.AspNetController));
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
        var type = method.ContainingType;
        if (SymbolEqualityComparer.Default.Equals(type, symbols.JsonSerializer))
        {
            return name.StartsWith("Deserialize", StringComparison.Ordinal);
        }

        if (SymbolEqualityComparer.Default.Equals(type, symbols.HttpClientJsonExtensions))
        {
            return (name.StartsWith("Get", StringComparison.Ordinal) || name.StartsWith("Delete", StringComparison.Ordinal)) && name.Contains("FromJson");
        }

        return (SymbolEqualityComparer.Default.Equals(type, symbols.HttpContentJsonExtensions) || SymbolEqualityComparer.Default.Equals(type, symbols.HttpRequestJsonExtensions))
               && name.StartsWith("ReadFromJson", StringComparison.Ordinal);
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

    /// <summary>
    /// The serialized type (the type argument, or the operand of a <c>typeof</c> passed as the <c>Type</c>) and the
    /// options argument; false for overloads that already take metadata or a type only known at run time.
    /// </summary>
    internal static bool TryGetSerializedType(IInvocationOperation invocation, JsonSymbols symbols, out ITypeSymbol type, out IArgumentOperation? options)
    {
        type = null!;
        options = null;
        var method = invocation.TargetMethod;
        foreach (var parameter in method.Parameters)
        {
            if (IsMetadata(parameter.Type, symbols))
            {
                return false;
            }
        }

        ITypeSymbol? found = method.IsGenericMethod && method.TypeArguments.Length == 1 ? method.TypeArguments[0] : null;
        foreach (var argument in invocation.Arguments)
        {
            if (argument.Parameter is not { } parameter)
            {
                return false;
            }

            if (symbols.IsJsonSerializerOptions(parameter.Type))
            {
                options = argument;
            }
            else if (found is null && SymbolEqualityComparer.Default.Equals(parameter.Type, symbols.SystemType))
            {
                if (argument.Value.WalkDownConversions() is not ITypeOfOperation typeOf)
                {
                    return false;
                }

                found = typeOf.TypeOperand;
            }
        }

        if (found is null)
        {
            return false;
        }

        type = found;
        return true;
    }

    /// <summary>
    /// Whether <paramref name="method"/>'s type has an overload of the same name and arity that takes a <c>JsonTypeInfo</c>
    /// or a <c>JsonSerializerContext</c>: the one the message points at. Read from the referenced assemblies, by symbol.
    /// </summary>
    internal static bool HasMetadataOverload(IMethodSymbol method, JsonSymbols symbols)
    {
        foreach (var candidate in method.ContainingType.GetMembers(method.Name))
        {
            if (candidate is IMethodSymbol { Arity: var arity } overload && arity == method.Arity && overload.Parameters.Any(p => IsMetadata(p.Type, symbols)))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// The metadata parameter of the overload that takes the same parameters as <paramref name="method"/>, in the same
    /// order, without <paramref name="options"/> (null: the call's overload has none) and with one
    /// <c>JsonTypeInfo&lt;T&gt;</c> (generic call) or <c>JsonSerializerContext</c> (<c>typeof</c> call) somewhere among
    /// them: <c>GetFromJsonAsync&lt;T&gt;(uri, ct)</c> has <c>(uri, jsonTypeInfo, ct)</c>, <c>JsonContent.Create&lt;T&gt;(value,
    /// mediaType, options)</c> has <c>(value, jsonTypeInfo, mediaType)</c>. Null when there is none.
    /// </summary>
    internal static IParameterSymbol? MetadataCounterpart(IMethodSymbol method, IParameterSymbol? options, bool passContext, JsonSymbols symbols)
    {
        var original = method.OriginalDefinition;
        var others = original.Parameters.Where(p => options is null || p.Ordinal != options.Ordinal).ToList();
        foreach (var candidate in method.ContainingType.GetMembers(method.Name).OfType<IMethodSymbol>())
        {
            if (candidate.Arity != original.Arity || candidate.Parameters.Length != others.Count + 1)
            {
                continue;
            }

            IParameterSymbol? metadata = null;
            var next = 0;
            foreach (var parameter in candidate.Parameters)
            {
                if (metadata is null && IsCounterpartMetadata(parameter.Type, passContext, symbols))
                {
                    metadata = parameter;
                }
                else if (next < others.Count && parameter.RefKind == others[next].RefKind && parameter.Type.IsSameTypeAs(others[next].Type))
                {
                    next++;
                }
                else
                {
                    break;
                }
            }

            if (metadata is not null && next == others.Count)
            {
                return metadata;
            }
        }

        return null;
    }

    private static bool IsCounterpartMetadata(ITypeSymbol type, bool passContext, JsonSymbols symbols)
        => passContext
            ? SymbolEqualityComparer.Default.Equals(type, symbols.JsonSerializerContext)
            : type is INamedTypeSymbol { IsGenericType: true } typeInfo && SymbolEqualityComparer.Default.Equals(typeInfo.BaseType, symbols.JsonTypeInfo);

    private static bool IsMetadata(ITypeSymbol type, JsonSymbols symbols)
        => type.InheritsFromOrEquals(symbols.JsonTypeInfo) || type.InheritsFromOrEquals(symbols.JsonSerializerContext);

    /// <summary>No options, <c>null</c>, <c>default</c>, or <c>JsonSerializerOptions.Default</c>. Shared with the fix.</summary>
    internal static bool IsDefaultOptions(IOperation? value, JsonSymbols symbols) => value?.WalkDownConversions() switch
    {
        null or { ConstantValue: { HasValue: true, Value: null } } or IDefaultValueOperation => true,
        IPropertyReferenceOperation { Property: { IsStatic: true, Name: "Default" } property } => symbols.IsJsonSerializerOptions(property.ContainingType),
        _ => false,
    };
}
