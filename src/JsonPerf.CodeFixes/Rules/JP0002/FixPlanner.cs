using System.Text;

namespace JsonPerf.CodeFixes;

/// <summary>
/// Decides what JP0002's fix does at a call (<see cref="FixPlan"/>): whether generated metadata serializes every
/// reachable type the same, which overload takes the metadata, which context to register on (one of the project's,
/// with the same generation options) or whether to scaffold one, and under which property name.
/// </summary>
internal static class FixPlanner
{
    /// <summary>
    /// What planning many sites on one unchanged solution asks again and again (Fix All): whether static options can be
    /// bound (every reference to them found), and how options that get a context instance are used.
    /// </summary>
    internal sealed class Cache
    {
        public Dictionary<ISymbol, (bool Bindable, INamedTypeSymbol? Bound)?> Bindable { get; } = new(SymbolEqualityComparer.Default);
        public Dictionary<ISymbol, ContextInstanceBinding.Uses?> InstanceUses { get; } = new(SymbolEqualityComparer.Default);
    }

    public static async Task<FixPlan?> PlanAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken, Cache? cache = null)
    {
        var invocation = site.FirstAncestorOrSelf<InvocationExpressionSyntax>();
        if (invocation is null
            || diagnostic.Properties.ContainsKey(DiagnosticProperties.HttpDefaults)
            || invocation.SyntaxTree.Options is not CSharpParseOptions { LanguageVersion: >= LanguageVersion.CSharp9 }
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || JsonSymbols.For(model.Compilation) is not { JsonSerializerContext: not null } symbols
            || model.GetOperation(invocation, cancellationToken) is not IInvocationOperation operation
            || !SerializerEntryPoints.TryGetSerializedType(operation, symbols, out var type, out var options)
            || !GeneratedMetadata.IsSafeForGeneratedMetadata(type, model.Compilation, out var reachable)
            || GeneratedNames.HasNameTheGeneratorCannotGive(type, reachable)
            || ConditionalCompilation.IsConditional(invocation))
        {
            return null;
        }

        // A System.Net.Http.Json call without options (or with null) serializes with the Web defaults; every other
        // fixable call has its options argument.
        var webDefaults = diagnostic.Properties.ContainsKey(DiagnosticProperties.WebDefaults);
        var optionsParameter = options?.Parameter;
        if (optionsParameter is null && !webDefaults)
        {
            return null;
        }

        var passContext = !operation.TargetMethod.IsGenericMethod;
        var reflectionFree = TargetFrameworkSiblings.AnyReflectionFree(document);
        ContextInstanceBinding.Uses? instance = null;
        ISymbol? instanceMember = null;
        ISymbol? optionsMember = null;
        ISymbol? mirroredMember = null;
        INamedTypeSymbol? boundContext = null;
        MirroredOptions? mirror = null;
        IParameterSymbol? metadataParameter;
        if (webDefaults)
        {
            // A context whose generation options are the Web defaults, and the overload that takes its metadata, wherever
            // that overload has it (JsonContent.Create takes it before the media type, GetFromJsonAsync before the token).
            mirror = MirroredOptions.WebDefaults(symbols);
            metadataParameter = mirror is null ? null : SerializerEntryPoints.MetadataCounterpart(operation.TargetMethod, optionsParameter, passContext, symbols);
        }
        else if (diagnostic.Properties.ContainsKey(DiagnosticProperties.DefaultOptions))
        {
            // The overload that takes metadata where this one takes the options; none (DeserializeAsyncEnumerable's
            // topLevelValues overload puts them elsewhere): no fix. The web helpers' metadata overloads may take it
            // elsewhere (JsonContent.Create: before the media type), and the options argument goes.
            metadataParameter = symbols.IsHttpJsonType(operation.TargetMethod.ContainingType)
                ? SerializerEntryPoints.MetadataCounterpart(operation.TargetMethod, optionsParameter, passContext, symbols)
                : MetadataOverloadParameter(operation.TargetMethod, optionsParameter!, passContext, symbols);
        }
        else
        {
            // Options in a static member: the call keeps them, the context is bound to them as their resolver.
            metadataParameter = optionsParameter;
            // Options declared with #if (settings that differ by target, as in a multi-targeted library): no fix, one
            // context cannot mirror them for every target.
            optionsMember = (options!.Value.WalkDownConversions() as IMemberReferenceOperation)?.Member;
            if (optionsMember is null
                || optionsMember.DeclaringSyntaxReferences.Any(r => ConditionalCompilation.IsConditional(r.GetSyntax(cancellationToken)))
                || await bindableAsync(optionsMember).ConfigureAwait(false) is not var (bindable, bound)
                || !bindable)
            {
                return null;
            }

            boundContext = bound;

            // Settings that [JsonSourceGenerationOptions] can express: a context with those options instead, and the
            // call takes its metadata (trim- and AOT-safe); the member stays as it is.
            if (bound is null
                && ResolverBinding.OptionsCreation(await optionsMember.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false)) is { } creation
                && await optionsDocumentModelAsync(optionsMember).ConfigureAwait(false) is { } optionsModel
                && MirroredOptions.TryCreate(creation, optionsModel, optionsMember.Name, cancellationToken) is { } mirrored
                && MetadataOverloadParameter(operation.TargetMethod, optionsParameter!, passContext, symbols) is { } mirroredParameter)
            {
                mirror = mirrored;
                mirroredMember = optionsMember;
                optionsMember = null;
                metadataParameter = mirroredParameter;
            }
        }

        if (metadataParameter is not { } parameterName)
        {
            return null;
        }

        // Binding a context to the options as their resolver keeps the call on the options overload (IL2026/IL3050
        // stay) and puts the reflection resolver behind the context (more IL2026/IL3050). Where the project is trimmed,
        // AOT or turns reflection off, the fix never introduces reflection: the call takes the metadata of a context
        // instance built on the options instead, when every use of the options is a call it can serve (all their types
        // are registered in this fix); otherwise no fix.
        if (optionsMember is not null && reflectionFree)
        {
            if (boundContext is not null
                || MetadataOverloadParameter(operation.TargetMethod, optionsParameter!, passContext, symbols) is not { } instanceParameter
                || await instanceUsesAsync(optionsMember).ConfigureAwait(false) is not { } uses)
            {
                return null;
            }

            instance = uses;
            instanceMember = optionsMember;
            optionsMember = null;
            boundContext = uses.InstanceField?.Type as INamedTypeSymbol;
            parameterName = instanceParameter;
        }

        var callingType = model.GetEnclosingSymbol(invocation.SpanStart, cancellationToken)?.ContainingType;
        var chosen = ChoosePlan();

        // JSON's own DOM types need no generated metadata: only a context that already registers the type, never a new
        // one or a new registration (the analyzer offers the fix only where such a context exists).
        return DomTypes.Is(type, symbols) && (chosen?.Registration is null || !chosen.ExtraTypes.IsEmpty) ? null : chosen;

        async Task<(bool Bindable, INamedTypeSymbol? Bound)?> bindableAsync(ISymbol member)
        {
            if (cache is null || !cache.Bindable.TryGetValue(member, out var result))
            {
                result = await ResolverBinding.BindableMemberAsync(document.Project, member, symbols, cancellationToken, acceptContextInstance: reflectionFree).ConfigureAwait(false);
                cache?.Bindable.Add(member, result);
            }

            return result;
        }

        async Task<ContextInstanceBinding.Uses?> instanceUsesAsync(ISymbol member)
        {
            if (cache is null || !cache.InstanceUses.TryGetValue(member, out var result))
            {
                result = await ContextInstanceBinding.UsesAsync(document.Project, member, symbols, cancellationToken).ConfigureAwait(false);
                cache?.InstanceUses.Add(member, result);
            }

            return result;
        }

        async Task<SemanticModel?> optionsDocumentModelAsync(ISymbol member)
            => document.Project.Solution.GetDocument(member.DeclaringSyntaxReferences[0].SyntaxTree) is { } memberDocument
                ? await memberDocument.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false)
                : null;

        FixPlan? Plan(INamedTypeSymbol? context, AttributeData? registration, string propertyName, bool newRegistrationNeedsName)
        {
            var extra = ImmutableArray<ITypeSymbol>.Empty;
            if (instance is not null)
            {
                if (ExtraRegistrations(context, type, propertyName, instance.Types, model.Compilation, symbols) is not { } types)
                {
                    return null;
                }

                extra = types;
            }

            var instanceField = instanceMember is null ? null : instance?.InstanceField?.Name ?? ContextInstanceBinding.FieldName(instanceMember);
            return new(
                invocation, operation, type, options, parameterName.Name, parameterName.Ordinal, passContext, context, registration, propertyName, newRegistrationNeedsName, mirror, optionsMember, boundContext, mirroredMember,
                instanceMember, instanceField, instance?.InstanceField is not null, extra, reachable);
        }

        // The context to use: an existing one (the one the options are bound to, if they are), or a new one.
        FixPlan? ChoosePlan()
        {
            foreach (var context in ContextDiscovery.FindContexts(document.Project, model.Compilation, symbols, type, callingType, mirror, cancellationToken))
            {
                if (!CanHold(context, type, reachable, symbols)
                    || boundContext is not null && !SymbolEqualityComparer.Default.Equals(context, boundContext))
                {
                    continue;
                }

                // Taken names: the context's members (with the generator running, its generated properties too), except a
                // generated JsonTypeInfo<T> for this very type, whose name the new registration shares.
                var names = new HashSet<string>(GeneratedNames.ReservedNames);
                foreach (var member in context.GetMembers())
                {
                    if (member is not IPropertySymbol { Type: INamedTypeSymbol { IsGenericType: true } propertyType }
                        || propertyType.TypeArguments.Length != 1
                        || !SymbolEqualityComparer.Default.Equals(propertyType.TypeArguments[0], type)
                        || !SymbolEqualityComparer.Default.Equals(propertyType.ConstructedFrom.BaseType, symbols.JsonTypeInfo))
                    {
                        names.Add(member.Name);
                    }
                }

                foreach (var attribute in context.GetAttributes())
                {
                    if (ContextDiscovery.IsJsonSerializable(attribute, symbols) && attribute.ConstructorArguments.Length == 1 && attribute.ConstructorArguments[0].Value is ITypeSymbol registered)
                    {
                        var name = attribute.NamedArguments.FirstOrDefault(a => a.Key == "TypeInfoPropertyName").Value.Value as string ?? GeneratedNames.PropertyName(registered);
                        if (SymbolEqualityComparer.Default.Equals(registered, type))
                        {
                            // A registration that generates only the fast serialization path has no metadata to deserialize with.
                            if (attribute.NamedArguments.Any(a => a.Key == "GenerationMode" && a.Value.Value is int mode && mode > 1))
                            {
                                return null;
                            }

                            return Plan(context, attribute, name, newRegistrationNeedsName: false);
                        }

                        names.Add(name);
                    }
                }

                var propertyName = UniqueName(type, names);
                return Plan(context, null, propertyName, propertyName != GeneratedNames.PropertyName(type));
            }

            // Options already bound to a context that no longer qualifies: no second context.
            if (boundContext is not null)
            {
                return null;
            }

            // A new context: its only taken names are JsonSerializerContext's own (a type named Options gets another name).
            var scaffoldName = UniqueName(type, new HashSet<string>(GeneratedNames.ReservedNames));
            return Plan(null, null, scaffoldName, scaffoldName != GeneratedNames.PropertyName(type));
        }
    }

    /// <summary>
    /// The other types used with options that get a context instance, to register with the call's own: those the
    /// context does not register yet, each under the generator's name. Null when one cannot be (a name taken, a type
    /// the generator would not name as needed).
    /// </summary>
    private static ImmutableArray<ITypeSymbol>? ExtraRegistrations(INamedTypeSymbol? context, ITypeSymbol root, string rootName, List<ITypeSymbol> used, Compilation compilation, JsonSymbols symbols)
    {
        var taken = new HashSet<string>(GeneratedNames.ReservedNames) { rootName };
        var registered = new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default) { root };
        if (context is not null)
        {
            foreach (var member in context.GetMembers())
            {
                taken.Add(member.Name);
            }

            foreach (var attribute in context.GetAttributes())
            {
                if (ContextDiscovery.IsJsonSerializable(attribute, symbols) && attribute.ConstructorArguments.Length == 1 && attribute.ConstructorArguments[0].Value is ITypeSymbol existing)
                {
                    registered.Add(existing);
                    taken.Add(attribute.NamedArguments.FirstOrDefault(a => a.Key == "TypeInfoPropertyName").Value.Value as string ?? GeneratedNames.PropertyName(existing));
                }
            }
        }

        var extra = ImmutableArray.CreateBuilder<ITypeSymbol>();
        foreach (var type in used)
        {
            if (registered.Contains(type))
            {
                continue;
            }

            if (!GeneratedMetadata.IsSafeForGeneratedMetadata(type, compilation, out var reachable)
                || GeneratedNames.HasNameTheGeneratorCannotGive(type, reachable)
                || context is not null && !CanHold(context, type, reachable, symbols)
                || !taken.Add(GeneratedNames.PropertyName(type)))
            {
                return null;
            }

            registered.Add(type);
            extra.Add(type);
        }

        return extra.ToImmutable();
    }

    /// <summary>
    /// The <c>JsonTypeInfo&lt;T&gt;</c> (generic call) or <c>JsonSerializerContext</c> (<c>typeof</c> call) parameter of the
    /// overload that has the same parameters as <paramref name="method"/> with that one in place of the options; null
    /// when there is none.
    /// </summary>
    private static IParameterSymbol? MetadataOverloadParameter(IMethodSymbol method, IParameterSymbol options, bool passContext, JsonSymbols symbols)
        => SerializerEntryPoints.MetadataCounterpart(method, options, passContext, symbols) is { } metadata && metadata.Ordinal == options.Ordinal ? metadata : null;

    /// <summary>
    /// Whether the context's generated properties leave room for the types the root reaches: a property that the
    /// generator already wrote for another type under one of their names would shadow them.
    /// </summary>
    private static bool CanHold(INamedTypeSymbol context, ITypeSymbol root, ImmutableArray<ITypeSymbol> reachable, JsonSymbols symbols)
    {
        foreach (var type in reachable)
        {
            if (SymbolEqualityComparer.Default.Equals(type, root))
            {
                continue;
            }

            foreach (var member in context.GetMembers(GeneratedNames.PropertyName(type)))
            {
                if (member is not IPropertySymbol { Type: INamedTypeSymbol { IsGenericType: true, TypeArguments.Length: 1 } propertyType }
                    || !SymbolEqualityComparer.Default.Equals(propertyType.BaseType, symbols.JsonTypeInfo)
                    || !SymbolEqualityComparer.Default.Equals(propertyType.TypeArguments[0], type))
                {
                    return false;
                }
            }
        }

        return true;
    }

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
