namespace JsonPerf.Analyzers;

/// <summary>
/// JP0002's fix for ASP.NET Core's helpers called without options (<c>Results.Json(value)</c>,
/// <c>TypedResults.Json(value)</c>, <c>response.WriteAsJsonAsync(value)</c>) in a trimmed or AOT app: they serialize with
/// the app's configured JSON options, and where the app's own <c>ConfigureHttpJsonOptions</c> is all there is and only
/// puts one context first in the chain (<see cref="HttpJsonChain.OnlyResolvers"/>), those options are ASP.NET Core's
/// defaults (the Web defaults with its relaxed encoder) answered by that context. That context, built on the same
/// settings, then gives the same metadata for every type it covers, and the metadata overload writes the same bytes.
/// The analyzer and the fix both ask <see cref="For"/>.
/// </summary>
internal static class HttpDefaultsContext
{
    /// <summary>
    /// The context whose metadata on ASP.NET Core's default options serializes <paramref name="type"/> as
    /// <paramref name="call"/> does; null when that is not certain.
    /// </summary>
    public static INamedTypeSymbol? For(IInvocationOperation call, ITypeSymbol type, Compilation compilation, AnalyzerConfigOptions globalOptions, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        var method = call.TargetMethod.Name;
        if (method is not ("Json" or "WriteAsJsonAsync")
            || compilation.Options.OutputKind is not (OutputKind.ConsoleApplication or OutputKind.WindowsApplication)
            || !ReflectionFreeProject.Is(globalOptions)
            || MinimalApiSymbols.For(compilation) is not { } api
            || HttpJsonChain.Find(compilation, symbols, api, cancellationToken) is not { OnlyResolvers: true, Contexts.Length: 1 } chain
            || !chain.Covers(type))
        {
            return null;
        }

        var context = chain.Contexts[0];
        if (!context.Locations.Any(l => l.IsInSource) || !compilation.IsSymbolAccessibleWithin(context, compilation.Assembly))
        {
            return null;
        }

        // Results.Json writes an instance of another runtime type through the options (as object) unless the type's
        // metadata can serve every instance (sealed, a value type, polymorphism declared), and the metadata overload does
        // the same through the metadata's options: the same only where nothing but the type itself can have metadata,
        // which reflection, where the app runs with it, or a covered type deriving from it would give.
        if (method == "Json" && !type.IsValueType && !type.IsSealed && type is not IArrayTypeSymbol && !DeclaresPolymorphism(type))
        {
            if (!ReflectionFreeProject.IsOffAtRunTime(globalOptions) || type.IsAbstract || type.TypeKind == TypeKind.Interface
                || chain.CoveredTypes.Any(covered => DerivesFrom(covered, type)))
            {
                return null;
            }
        }

        return context;
    }

    private static bool DeclaresPolymorphism(ITypeSymbol type)
        => type.GetAttributes().Any(a => a.AttributeClass is { Name: "JsonPolymorphicAttribute" or "JsonDerivedTypeAttribute" } attribute
                                         && attribute.ContainingNamespace?.ToDisplayString() == "System.Text.Json.Serialization");

    private static bool DerivesFrom(ITypeSymbol candidate, ITypeSymbol type)
    {
        if (SymbolEqualityComparer.Default.Equals(candidate, type))
        {
            return false;
        }

        for (var baseType = candidate.BaseType; baseType is not null; baseType = baseType.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(baseType, type))
            {
                return true;
            }
        }

        return candidate.AllInterfaces.Contains((type as INamedTypeSymbol)!, SymbolEqualityComparer.Default);
    }
}
