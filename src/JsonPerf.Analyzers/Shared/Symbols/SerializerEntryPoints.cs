namespace JsonPerf.Analyzers;

/// <summary>The one answer to "is this a serializer entry point, and is this argument its options?", by symbol.</summary>
internal static class SerializerEntryPoints
{
    /// <summary>
    /// True when <paramref name="argument"/> is the options of an entry point: JsonSerializer, the System.Net.Http.Json and
    /// ASP.NET Core helpers, MVC's JsonResult and Controller.Json, or a context's constructor.
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

    public static bool IsOptionsArgumentOfReader(IArgumentOperation argument, JsonSymbols symbols)
        => IsOptionsArgument(argument, symbols) && argument.Parent is IInvocationOperation invocation && IsReader(invocation, symbols);

    /// <summary>An entry point that only reads JSON: <c>Deserialize*</c>, <c>Get/Delete...FromJson*</c>, <c>ReadFromJson*</c>.</summary>
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

    /// <summary>The serialized type (type argument, or <c>typeof</c> passed as <c>Type</c>) and the options; false for metadata overloads or another <c>Type</c>.</summary>
    internal static bool TryGetSerializedType(IInvocationOperation invocation, JsonSymbols symbols, out ITypeSymbol type, out IArgumentOperation? options)
    {
        type = null!;
        options = null;
        var method = invocation.TargetMethod;
        // Read from the definition, once per compilation: a constructed method builds new parameter symbols on each read.
        // Only a parameter whose declared type is a type parameter can judge otherwise with the call's type arguments.
        var definition = method.OriginalDefinition;
        if (!symbols.ParameterLayouts.TryGetValue(definition, out var layout))
        {
            layout = symbols.ParameterLayouts.GetOrAdd(definition, new ParameterLayout(definition, symbols));
        }

        if (layout.HasMetadata)
        {
            return false;
        }

        var typeArguments = method.IsGenericMethod ? method.TypeArguments : ImmutableArray<ITypeSymbol>.Empty;
        if (layout.HasTypeParameters)
        {
            for (var i = 0; i < layout.Kinds.Length; i++)
            {
                if (layout.Kinds[i] == ParameterKind.TypeParameter && IsMetadata(layout.Substituted(method, typeArguments, i), symbols))
                {
                    return false;
                }
            }
        }

        ITypeSymbol? found = typeArguments.Length == 1 ? typeArguments[0] : null;
        foreach (var argument in invocation.Arguments)
        {
            if (argument.Parameter is not { } parameter)
            {
                return false;
            }

            var ordinal = parameter.Ordinal;
            var kind = ordinal < layout.Kinds.Length ? layout.Kinds[ordinal] : ParameterKind.TypeParameter;
            if (kind == ParameterKind.TypeParameter)
            {
                var substituted = ordinal < layout.Kinds.Length ? layout.Substituted(method, typeArguments, ordinal) : parameter.Type;
                kind = Kind(substituted, symbols);
            }

            if (kind == ParameterKind.Options)
            {
                options = argument;
            }
            else if (found is null && kind == ParameterKind.SystemType)
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

    /// <summary>What a parameter of a method's definition is to <see cref="TryGetSerializedType"/>.</summary>
    internal enum ParameterKind : byte
    {
        Other,
        Options,
        SystemType,

        /// <summary>A type parameter: judged by the call's type argument.</summary>
        TypeParameter,
    }

    /// <summary>A method definition's parameters as <see cref="TryGetSerializedType"/> reads them (per compilation, <see cref="JsonSymbols.ParameterLayouts"/>).</summary>
    internal sealed class ParameterLayout
    {
        public ParameterLayout(IMethodSymbol definition, JsonSymbols symbols)
        {
            var parameters = definition.Parameters;
            Kinds = new ParameterKind[parameters.Length];
            typeParameterOrdinals = new int[parameters.Length];
            foreach (var parameter in parameters)
            {
                var type = parameter.Type;
                typeParameterOrdinals[parameter.Ordinal] = -1;
                if (type is ITypeParameterSymbol typeParameter)
                {
                    // Its base types are not known until the call gives it a type: metadata, options or Type there.
                    Kinds[parameter.Ordinal] = ParameterKind.TypeParameter;
                    HasTypeParameters = true;
                    if (typeParameter.TypeParameterKind == TypeParameterKind.Method)
                    {
                        typeParameterOrdinals[parameter.Ordinal] = typeParameter.Ordinal;
                    }

                    continue;
                }

                // Substitution keeps every other type's base types (and so these answers) as they are.
                HasMetadata |= IsMetadata(type, symbols);
                Kinds[parameter.Ordinal] = Kind(type, symbols);
            }
        }

        private readonly int[] typeParameterOrdinals;

        /// <summary>A parameter that is not a type parameter takes a <c>JsonTypeInfo</c> or a context.</summary>
        public bool HasMetadata { get; }

        public bool HasTypeParameters { get; }

        public ParameterKind[] Kinds { get; }

        /// <summary>The call's type for a type-parameter parameter: its type argument for a method's own, else the call's parameter.</summary>
        public ITypeSymbol Substituted(IMethodSymbol method, ImmutableArray<ITypeSymbol> typeArguments, int ordinal)
            => typeParameterOrdinals[ordinal] is var index && index >= 0 && index < typeArguments.Length
                ? typeArguments[index]
                : method.Parameters[ordinal].Type;
    }

    private static ParameterKind Kind(ITypeSymbol type, JsonSymbols symbols)
        => symbols.IsJsonSerializerOptions(type) ? ParameterKind.Options
            : SymbolEqualityComparer.Default.Equals(type, symbols.SystemType) ? ParameterKind.SystemType
            : ParameterKind.Other;

    /// <summary>An overload of the same name and arity taking a <c>JsonTypeInfo</c> or a context: the one the message points at.</summary>
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

    /// <summary>How a metadata overload's other parameters answer the call's (<see cref="MetadataCounterpart"/>).</summary>
    internal enum CounterpartMatch
    {
        /// <summary>The call's parameters without the options, in order and no other: every argument stays where it is.</summary>
        InOrder,

        /// <summary>
        /// The call's parameters by name and type, anywhere, plus only optional ones: <c>WriteAsJsonAsync&lt;T&gt;(value, ct)</c>
        /// has <c>(value, jsonTypeInfo, contentType, ct)</c>, where the arguments after the metadata are named. One type parameter only.
        /// </summary>
        ByName,
    }

    /// <summary>
    /// The metadata parameter of an overload (same name, arity, extension-ness) taking a <c>JsonTypeInfo&lt;T&gt;</c> of its
    /// first type parameter, or a context when <paramref name="passContext"/>, and otherwise the call's parameters without
    /// <paramref name="options"/> as <paramref name="match"/> says: <c>GetFromJsonAsync&lt;T&gt;(uri, ct)</c> has <c>(uri, jsonTypeInfo, ct)</c>.
    /// </summary>
    internal static IParameterSymbol? MetadataCounterpart(IMethodSymbol method, IParameterSymbol? options, bool passContext, JsonSymbols symbols, CounterpartMatch match = CounterpartMatch.InOrder)
    {
        var original = method.OriginalDefinition;
        if (match == CounterpartMatch.ByName && (passContext || original.Arity != 1))
        {
            return null;
        }

        var others = original.Parameters.Where(p => options is null || p.Ordinal != options.Ordinal).ToList();
        foreach (var candidate in method.ContainingType.GetMembers(method.Name).OfType<IMethodSymbol>())
        {
            if (candidate.Arity != original.Arity || candidate.IsExtensionMethod != original.IsExtensionMethod
                || candidate.Parameters.FirstOrDefault(p => IsCounterpartMetadata(p.Type, candidate, passContext, symbols)) is not { } metadata)
            {
                continue;
            }

            if (match == CounterpartMatch.InOrder ? SameInOrder(candidate, metadata, others) : SameByName(candidate, metadata, others))
            {
                return metadata;
            }
        }

        return null;
    }

    private static bool IsCounterpartMetadata(ITypeSymbol type, IMethodSymbol candidate, bool passContext, JsonSymbols symbols)
        => passContext
            ? SymbolEqualityComparer.Default.Equals(type, symbols.JsonSerializerContext)
            : type is INamedTypeSymbol { TypeArguments.Length: 1 } typeInfo && candidate.TypeParameters.Length > 0
              && SymbolEqualityComparer.Default.Equals(typeInfo.OriginalDefinition.BaseType, symbols.JsonTypeInfo)
              && SymbolEqualityComparer.Default.Equals(typeInfo.TypeArguments[0], candidate.TypeParameters[0]);

    private static bool SameInOrder(IMethodSymbol candidate, IParameterSymbol metadata, List<IParameterSymbol> others)
    {
        if (candidate.Parameters.Length != others.Count + 1)
        {
            return false;
        }

        var next = 0;
        foreach (var parameter in candidate.Parameters)
        {
            if (SymbolEqualityComparer.Default.Equals(parameter, metadata))
            {
                continue;
            }

            if (parameter.RefKind != others[next].RefKind || !parameter.Type.IsSameTypeAs(others[next].Type))
            {
                return false;
            }

            next++;
        }

        return true;
    }

    private static bool SameByName(IMethodSymbol candidate, IParameterSymbol metadata, List<IParameterSymbol> others)
        => others.All(p => candidate.Parameters.Any(c => c.Name == p.Name && c.Type.IsSameTypeAs(p.Type)))
           && candidate.Parameters.All(c => SymbolEqualityComparer.Default.Equals(c, metadata) || c.IsOptional || others.Any(p => p.Name == c.Name));

    private static bool IsMetadata(ITypeSymbol type, JsonSymbols symbols)
        => type.InheritsFromOrEquals(symbols.JsonTypeInfo) || type.InheritsFromOrEquals(symbols.JsonSerializerContext);

    /// <summary>No options, <c>null</c>, <c>default</c>, or <c>JsonSerializerOptions.Default</c>.</summary>
    internal static bool IsDefaultOptions(IOperation? value, JsonSymbols symbols) => value?.WalkDownConversions() switch
    {
        null or { ConstantValue: { HasValue: true, Value: null } } or IDefaultValueOperation => true,
        IPropertyReferenceOperation { Property: { IsStatic: true, Name: "Default" } property } => symbols.IsJsonSerializerOptions(property.ContainingType),
        _ => false,
    };
}
