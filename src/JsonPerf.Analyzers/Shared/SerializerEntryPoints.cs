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
        // Read from the method's definition, once per compilation: a call's own (constructed) method builds new
        // parameter and type symbols on each read. Only a parameter
        // whose declared type is a type parameter can judge otherwise once the call's type arguments are in.
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

        /// <summary>A <c>JsonSerializerOptions</c>.</summary>
        Options,

        /// <summary>A <c>System.Type</c>.</summary>
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

        /// <summary>
        /// The type of the call's parameter <paramref name="ordinal"/>, whose definition declares a type parameter: the
        /// call's type argument for a method's own (<paramref name="typeArguments"/>), else the call's parameter.
        /// </summary>
        public ITypeSymbol Substituted(IMethodSymbol method, ImmutableArray<ITypeSymbol> typeArguments, int ordinal)
            => typeParameterOrdinals[ordinal] is var index && index >= 0 && index < typeArguments.Length
                ? typeArguments[index]
                : method.Parameters[ordinal].Type;
    }

    private static ParameterKind Kind(ITypeSymbol type, JsonSymbols symbols)
        => symbols.IsJsonSerializerOptions(type) ? ParameterKind.Options
            : SymbolEqualityComparer.Default.Equals(type, symbols.SystemType) ? ParameterKind.SystemType
            : ParameterKind.Other;

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

    /// <summary>How a metadata overload's other parameters answer the call's (<see cref="MetadataCounterpart"/>).</summary>
    internal enum CounterpartMatch
    {
        /// <summary>
        /// The call's parameters without the options, in the same order (by ref kind and type), and no other: the fix
        /// keeps every argument where it is and puts the metadata among them (JP0002's ArgumentRewriter).
        /// </summary>
        InOrder,

        /// <summary>
        /// Each of the call's parameters without the options by name and type, wherever it stands, and besides the metadata
        /// only optional ones: <c>WriteAsJsonAsync&lt;T&gt;(value, ct)</c> has <c>WriteAsJsonAsync&lt;T&gt;(value,
        /// jsonTypeInfo, contentType, ct)</c>, where the fix names the arguments after the metadata
        /// (<see cref="HttpDefaultsContext"/>). Generic methods of one type parameter only.
        /// </summary>
        ByName,
    }

    /// <summary>
    /// The metadata parameter of an overload of <paramref name="method"/> (same name, arity and extension-ness) that takes
    /// one <c>JsonTypeInfo&lt;T&gt;</c> of its own first type parameter (generic call) or <c>JsonSerializerContext</c>
    /// (<c>typeof</c> call, <paramref name="passContext"/>) and otherwise the call's parameters without
    /// <paramref name="options"/> (null: the call's overload has none), as <paramref name="match"/> says:
    /// <c>GetFromJsonAsync&lt;T&gt;(uri, ct)</c> has <c>(uri, jsonTypeInfo, ct)</c>, <c>JsonContent.Create&lt;T&gt;(value,
    /// mediaType, options)</c> has <c>(value, jsonTypeInfo, mediaType)</c>. Null when there is none.
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

    /// <summary><see cref="CounterpartMatch.InOrder"/>: the candidate's parameters but the metadata are <paramref name="others"/>, in order.</summary>
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

    /// <summary><see cref="CounterpartMatch.ByName"/>: every one of <paramref name="others"/> by name and type, and besides the metadata only optional parameters.</summary>
    private static bool SameByName(IMethodSymbol candidate, IParameterSymbol metadata, List<IParameterSymbol> others)
        => others.All(p => candidate.Parameters.Any(c => c.Name == p.Name && c.Type.IsSameTypeAs(p.Type)))
           && candidate.Parameters.All(c => SymbolEqualityComparer.Default.Equals(c, metadata) || c.IsOptional || others.Any(p => p.Name == c.Name));

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
