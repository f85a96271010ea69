namespace JsonPerf.Analyzers;

public sealed partial class ReflectionSerializationAnalyzer
{
    private static readonly ImmutableDictionary<string, string?> DefaultOptionsFix = Fix(ReflectionSerializationFix.DefaultOptions);
    private static readonly ImmutableDictionary<string, string?> StaticOptionsFix = Fix(ReflectionSerializationFix.StaticOptions);
    private static readonly ImmutableDictionary<string, string?> WebDefaultsFix = Fix(ReflectionSerializationFix.WebDefaults);

    internal static ImmutableDictionary<string, string?> Fix(string kind) => DiagnosticProperties.None.Add(DiagnosticProperties.FixKind, kind);

    private static string? KindOf(ImmutableDictionary<string, string?> properties)
        => properties.TryGetValue(DiagnosticProperties.FixKind, out var kind) ? kind : null;

    /// <summary>The fix offered (the properties) or the note that says why there is none; null for a call not judged.</summary>
    private static (ImmutableDictionary<string, string?> Properties, string Note)? Fixability(
        IInvocationOperation invocation, HelperKind helper, ITypeSymbol type, IArgumentOperation? options, JsonSymbols symbols, CompilationState state, CancellationToken cancellationToken)
    {
        ImmutableDictionary<string, string?> properties;
        string note;
        var onAppOptions = false;
        if (helper != HelperKind.None && IsOmittedOrNull(options?.Value))
        {
            if (helper == HelperKind.AspNetConfigured)
            {
                return null;
            }

            properties = helper == HelperKind.HttpJson ? WebDefaultsFix
                : HttpDefaultsContext.Fix(invocation, type, options, state.ReflectionFree, state.MinimalApi, symbols, cancellationToken) ?? DiagnosticProperties.None;
            onAppOptions = properties.Count == 0;
            note = onAppOptions ? Rules.NoFixForAppOptions : "";
        }
        else
        {
            var kind = ClassifyOptions(options?.Value, symbols, state);
            if (kind == OptionsKind.Unknown)
            {
                return null;
            }

            // ASP.NET Core's helpers with options have no fix: no test proves their bytes the same after one.
            (properties, note) = helper is HelperKind.AspNet or HelperKind.AspNetConfigured ? (DiagnosticProperties.None, Rules.NoAutomaticFix)
                : kind == OptionsKind.Default ? (DefaultOptionsFix, "")
                : OptionsMemberFixability(options!.Value.WalkDownConversions(), state, cancellationToken);
        }

        if (properties.Count > 0 && !PlansOnGeneratedMetadata(invocation, type, options, KindOf(properties), symbols))
        {
            (properties, note) = (DiagnosticProperties.None, Rules.NoAutomaticFix);
        }

        return Withheld(invocation, properties, note, onAppOptions, state);
    }

    private static (ImmutableDictionary<string, string?> Properties, string Note) OptionsMemberFixability(IOperation value, CompilationState state, CancellationToken cancellationToken)
    {
        // MemberSetsNoResolver (cached) requires one declaration: asking it spares reading them again.
        var member = value is IMemberReferenceOperation { Member: IFieldSymbol { IsStatic: true } or IPropertySymbol { IsStatic: true } } reference
                     && (state.MemberSetsNoResolver(reference.Member) || reference.Member.DeclaringSyntaxReferences.Length == 1)
            ? reference.Member
            : null;
        if (member is null)
        {
            // Options created in the method: JP0001's fix caches them first.
            return (DiagnosticProperties.None, value is IObjectCreationOperation or ILocalReferenceOperation ? Rules.NoFixForOptionsPerCall : Rules.NoAutomaticFix);
        }

        if (!state.OnlyPassedToSerializerCalls(member))
        {
            return (DiagnosticProperties.None, Rules.NoFixForOptionsUsedElsewhere);
        }

        var declaration = member.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken);
        return ConditionalCompilation.IsConditional(declaration) ? (DiagnosticProperties.None, Rules.NoFixForConditionalOptions)
            : !OptionsSyntax.IsBindableDeclaration(member, declaration) ? (DiagnosticProperties.None, Rules.NoAutomaticFix)
            // Where reflection is off the fix must know every use of the options, and other assemblies' are not known.
            : state.ReflectionFree && Visibility.IsVisibleOutsideTheAssembly(member) ? (DiagnosticProperties.None, Rules.NoAutomaticFix)
            : (StaticOptionsFix, "");
    }

    /// <summary>What the fix needs that the call can tell already, so that the message says so rather than the lightbulb offering nothing.</summary>
    private static bool PlansOnGeneratedMetadata(IInvocationOperation invocation, ITypeSymbol type, IArgumentOperation? options, string? kind, JsonSymbols symbols)
    {
        if (kind is ReflectionSerializationFix.HttpDefaults or ReflectionSerializationFix.DomApi)
        {
            return true;
        }

        // A context that registers the type for serialization only has no metadata to read with, and the fix would
        // neither use it nor register the type again beside it.
        var compilation = invocation.SemanticModel!.Compilation;
        if (!GeneratedMetadataSafety.IsSafe(type, compilation, symbols, out var reachable)
            || GeneratedNames.HasNameTheGeneratorCannotGive(type, reachable)
            || RegisteredContexts.Find(compilation, symbols, type, compilation.Assembly, r => GeneratesNoMetadata(r, symbols)) is not null)
        {
            return false;
        }

        // System.Net.Http.Json's overloads take the metadata wherever they do (JsonContent.Create(value, typeof(T)) has
        // none that takes a context); the serializer's where this one takes the options.
        var method = invocation.TargetMethod;
        if (kind == ReflectionSerializationFix.WebDefaults)
        {
            return SerializerEntryPoints.MetadataCounterpart(method, options?.Parameter, passContext: !method.IsGenericMethod, symbols) is not null;
        }

        return kind != ReflectionSerializationFix.DefaultOptions
               || options?.Parameter is { } parameter
                  && SerializerEntryPoints.MetadataCounterpart(method, parameter, passContext: !method.IsGenericMethod, symbols) is { } metadata
                  && (symbols.IsHttpJsonType(method.ContainingType) || metadata.Ordinal == parameter.Ordinal);
    }

    /// <summary>The fix withheld where it could break the build; an ASP.NET Core helper on the app's options gets the endpoint's note too.</summary>
    private static (ImmutableDictionary<string, string?> Properties, string Note) Withheld(
        IInvocationOperation invocation, ImmutableDictionary<string, string?> properties, string note, bool onAppOptions, CompilationState state)
    {
        // A fix sees one set of preprocessor symbols: under #if it could leave another target with a broken branch, and
        // beside a context only some targets compile, with a second context for the type or without the one a call names.
        return properties.Count > 0 && ConditionalCompilation.IsConditional(invocation.Syntax) ? (DiagnosticProperties.None, Rules.NoFixInConditionalCode)
            : properties.Count > 0 && state.HasConditionalContext ? (DiagnosticProperties.None, Rules.NoAutomaticFix)
            : (properties.Count > 0 || (onAppOptions && state.ReflectionFree)) && state.MinimalApi is { } api && HttpDefaultsContext.InRequestDelegateEndpoint(invocation, api)
                ? (DiagnosticProperties.None, Rules.NoFixInRequestDelegate)
            : (properties, note);
    }

    private static bool GeneratesNoMetadata(RegisteredContexts.Registration registration, JsonSymbols symbols)
        => registration.Context.GetAttributes().Any(a =>
            SymbolEqualityComparer.Default.Equals(a.AttributeClass, symbols.JsonSerializableAttribute)
            && a.ConstructorArguments.Length == 1 && SymbolEqualityComparer.Default.Equals(a.ConstructorArguments[0].Value as ITypeSymbol, registration.Type)
            && a.NamedArguments.Any(n => n.Key == "GenerationMode" && n.Value.Value is int mode && mode > 1));

    private static bool IsOmittedOrNull(IOperation? value)
        => value is null || value.WalkDownConversions() is { ConstantValue: { HasValue: true, Value: null } } or IDefaultValueOperation;
}
