using System.Text;

namespace JsonPerf.CodeFixes;

/// <summary>
/// The context JP0002's fix uses, for every kind alike: the first of the project's contexts with the generation options
/// the plan needs that can hold the call's types, else a new one; and the name of the type's property on it.
/// </summary>
internal static class ContextChooser
{
    public static ContextChoice? Choose(PlanningSite site, OptionsPlan options, CancellationToken cancellationToken)
    {
        var call = site.Call;
        var context = ContextDiscovery.FindContexts(site.Document.Project, site.Compilation, site.Symbols, call.Type, site.CallingType(cancellationToken), options.Mirror, cancellationToken)
            .FirstOrDefault(c => CanHold(c, call.Type, call.Reachable, site.Symbols) && (options.BoundContext is null || SymbolEqualityComparer.Default.Equals(c, options.BoundContext)));

        // Options bound to a context that no longer qualifies get no second one.
        return context is not null ? On(site, options, context)
            : options.BoundContext is not null ? null
            : Choice(site, options, null, null, UniqueName(call.Type, new HashSet<string>(GeneratedNames.ReservedNames)));
    }

    private static ContextChoice? On(PlanningSite site, OptionsPlan options, INamedTypeSymbol context)
    {
        // Taken: the context's members, except a generated property for this very type, whose name a registration shares.
        var type = site.Call.Type;
        var names = new HashSet<string>(GeneratedNames.ReservedNames.Concat(context.GetMembers().Where(m => !IsMetadataOf(m, type, site.Symbols)).Select(m => m.Name)));

        foreach (var attribute in context.GetAttributes())
        {
            if (RegisteredType(attribute, site.Symbols) is not { } registered)
            {
                continue;
            }

            var name = RegisteredName(attribute, registered);
            if (SymbolEqualityComparer.Default.Equals(registered, type))
            {
                // A registration that generates only the fast serialization path has no metadata to deserialize with.
                return attribute.NamedArguments.Any(a => a.Key == "GenerationMode" && a.Value.Value is int mode && mode > 1)
                    ? null
                    : Choice(site, options, context, attribute, name);
            }

            names.Add(name);
        }

        return Choice(site, options, context, null, UniqueName(type, names));
    }

    private static ContextChoice? Choice(PlanningSite site, OptionsPlan options, INamedTypeSymbol? context, AttributeData? registration, string propertyName)
    {
        if ((options is ContextInstance instance ? ExtraRegistrations(context, site.Call.Type, propertyName, instance.Types, site.Compilation, site.Symbols) : ImmutableArray<ITypeSymbol>.Empty) is not { } extra)
        {
            return null;
        }

        var needsName = registration is null && propertyName != GeneratedNames.PropertyName(site.Call.Type);
        return new ContextChoice(context, registration, propertyName, needsName, extra);
    }

    /// <summary>The other types used with the instance's options not registered yet, under the generator's names; null when one cannot be.</summary>
    private static ImmutableArray<ITypeSymbol>? ExtraRegistrations(INamedTypeSymbol? context, ITypeSymbol root, string rootName, IReadOnlyList<ITypeSymbol> used, Compilation compilation, JsonSymbols symbols)
    {
        var taken = new HashSet<string>(GeneratedNames.ReservedNames.Concat((context?.GetMembers() ?? ImmutableArray<ISymbol>.Empty).Select(m => m.Name))) { rootName };
        var registered = new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default) { root };

        foreach (var attribute in context?.GetAttributes() ?? ImmutableArray<AttributeData>.Empty)
        {
            if (RegisteredType(attribute, symbols) is { } existing)
            {
                registered.Add(existing);
                taken.Add(RegisteredName(attribute, existing));
            }
        }

        var extra = ImmutableArray.CreateBuilder<ITypeSymbol>();
        foreach (var type in used.Where(registered.Add))
        {
            if (!GeneratedMetadata.IsSafeForGeneratedMetadata(type, compilation, out var reachable)
                || GeneratedNames.HasNameTheGeneratorCannotGive(type, reachable)
                || context is not null && !CanHold(context, type, reachable, symbols)
                || !taken.Add(GeneratedNames.PropertyName(type)))
            {
                return null;
            }

            extra.Add(type);
        }

        return extra.ToImmutable();
    }

    private static bool CanHold(INamedTypeSymbol context, ITypeSymbol root, ImmutableArray<ITypeSymbol> reachable, JsonSymbols symbols)
        => !reachable.Any(type => !SymbolEqualityComparer.Default.Equals(type, root)
                                  && context.GetMembers(GeneratedNames.PropertyName(type)).Any(member => !IsMetadataOf(member, type, symbols)));

    private static bool IsMetadataOf(ISymbol member, ITypeSymbol type, JsonSymbols symbols)
        => member is IPropertySymbol { Type: INamedTypeSymbol { IsGenericType: true, TypeArguments.Length: 1 } propertyType }
           && SymbolEqualityComparer.Default.Equals(propertyType.TypeArguments[0], type)
           && SymbolEqualityComparer.Default.Equals(propertyType.ConstructedFrom.BaseType, symbols.JsonTypeInfo);

    internal static ITypeSymbol? RegisteredType(AttributeData attribute, JsonSymbols symbols)
        => ContextDiscovery.IsJsonSerializable(attribute, symbols) && attribute.ConstructorArguments.Length == 1 ? attribute.ConstructorArguments[0].Value as ITypeSymbol : null;

    private static string RegisteredName(AttributeData attribute, ITypeSymbol registered)
        => attribute.NamedArguments.FirstOrDefault(a => a.Key == "TypeInfoPropertyName").Value.Value as string ?? GeneratedNames.PropertyName(registered);

    /// <summary>The generator's name, or on a clash the namespace-qualified one (<c>ShopOrder</c>), numbered if need be.</summary>
    private static string UniqueName(ITypeSymbol type, HashSet<string> taken)
    {
        var name = GeneratedNames.PropertyName(type);
        if (!taken.Contains(name))
        {
            return name;
        }

        var qualified = new StringBuilder();
        for (var ns = type.ContainingNamespace; ns is { IsGlobalNamespace: false }; ns = ns.ContainingNamespace)
        {
            qualified.Insert(0, ns.Name);
        }

        qualified.Append(name);
        return UniqueNames.Numbered(qualified.ToString(), candidate => !taken.Contains(candidate));
    }
}
