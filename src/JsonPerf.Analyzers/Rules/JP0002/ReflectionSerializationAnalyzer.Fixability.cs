namespace JsonPerf.Analyzers;

public sealed partial class ReflectionSerializationAnalyzer
{
    /// <summary>
    /// Which fix the diagnostic offers (its properties, which the fix reads) or, without one, the note that says why; null
    /// when the call is not judged (options whose resolver cannot be seen here, or an ASP.NET Core helper that reads the
    /// configured resolver chain).
    /// </summary>
    private static (ImmutableDictionary<string, string?> Properties, string Note)? Fixability(
        IInvocationOperation invocation, HelperKind helper, ITypeSymbol type, IArgumentOperation? options, JsonSymbols symbols, CompilationState state, CancellationToken cancellationToken)
    {
        // Without options (or with null) the web helpers do not use the default options: System.Net.Http.Json uses
        // the Web defaults (a context with those generation options serves it), ASP.NET Core the options the app
        // configures (JsonOptions: unknown here, so no fix).
        var note = "";
        var onAppOptions = false;
        ImmutableDictionary<string, string?> properties;
        if (helper != HelperKind.None && IsOmittedOrNull(options?.Value))
        {
            if (helper == HelperKind.AspNetConfigured)
            {
                return null;
            }

            // ASP.NET Core: fixable where the app's options are provably its defaults with one context (HttpDefaultsContext).
            properties = helper == HelperKind.HttpJson ? DiagnosticProperties.With(DiagnosticProperties.WebDefaults)
                : HttpDefaultsContext.For(invocation, type, options, invocation.SemanticModel!.Compilation, state.ReflectionFree, state.MinimalApi, symbols, cancellationToken) is not null ? DiagnosticProperties.With(DiagnosticProperties.HttpDefaults)
                : DiagnosticProperties.None;
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

            // ASP.NET Core's helpers with options have no fix yet (no test proves their bytes the same after one).
            // Static options declared in source are kept by the fix (bound to a context, or mirrored by one), so they must
            // reach nothing but serializer calls: the fix checks every reference, and a private member's uses are all in
            // its type, so the message can say so here. Options created in the method: JP0001's fix caches them first.
            var value = options?.Value.WalkDownConversions();
            // Declared once: known without reading the declarations again (an array per read) where the member's options
            // were judged by MemberSetsNoResolver (cached), which requires that.
            var staticMember = value is IMemberReferenceOperation { Member: IFieldSymbol { IsStatic: true } or IPropertySymbol { IsStatic: true } } reference
                               && (state.MemberSetsNoResolver(reference.Member) || reference.Member.DeclaringSyntaxReferences.Length == 1)
                ? reference.Member
                : null;
            (properties, note) =
                helper is HelperKind.AspNet or HelperKind.AspNetConfigured ? (DiagnosticProperties.None, Rules.NoAutomaticFix)
                : kind == OptionsKind.Default ? (DiagnosticProperties.With(DiagnosticProperties.DefaultOptions), "")
                : staticMember is null ? (DiagnosticProperties.None, value is IObjectCreationOperation or ILocalReferenceOperation ? Rules.NoFixForOptionsPerCall : Rules.NoAutomaticFix)
                : !state.OnlyPassedToSerializerCalls(staticMember) ? (DiagnosticProperties.None, Rules.NoFixForOptionsUsedElsewhere)
                : ConditionalCompilation.IsConditional(staticMember.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken)) ? (DiagnosticProperties.None, Rules.NoFixForConditionalOptions)
                // Settings the fix cannot carry over to a context (or a member it could not keep): the fix takes it not.
                : !OptionsSyntax.IsBindableDeclaration(staticMember, staticMember.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken)) ? (DiagnosticProperties.None, Rules.NoAutomaticFix)
                // Trimmed/AOT: the fix must know every use of the options, and other assemblies' are not known.
                : state.ReflectionFree && Visibility.IsVisibleOutsideTheAssembly(staticMember) ? (DiagnosticProperties.None, Rules.NoAutomaticFix)
                : (DiagnosticProperties.With(DiagnosticProperties.StaticOptions), "");
        }

        if (properties.Count > 0 && !PlansOnGeneratedMetadata(invocation, type, options, properties, symbols))
        {
            (properties, note) = (DiagnosticProperties.None, Rules.NoAutomaticFix);
        }

        return Withheld(invocation, properties, note, onAppOptions, state);
    }

    /// <summary>
    /// What JP0002's fix plans with and this call can already tell (so that the message says so rather than the lightbulb
    /// offering nothing): the generator can name every type the call reaches as the fix needs, no context of the project
    /// registers the type for serialization only, and for options <c>Default</c>/<c>null</c> an overload takes the
    /// metadata where this one takes the options.
    /// </summary>
    private static bool PlansOnGeneratedMetadata(IInvocationOperation invocation, ITypeSymbol type, IArgumentOperation? options, ImmutableDictionary<string, string?> properties, JsonSymbols symbols)
    {
        if (properties.ContainsKey(DiagnosticProperties.HttpDefaults) || properties.ContainsKey(DiagnosticProperties.DomApi))
        {
            return true;
        }

        var compilation = invocation.SemanticModel!.Compilation;
        if (!GeneratedMetadataSafety.IsSafe(type, compilation, symbols, out var reachable)
            || GeneratedNames.HasNameTheGeneratorCannotGive(type, reachable)
            // A context of the project registers the type for serialization only (no metadata to read with): the fix
            // would not use it nor register the type again beside it.
            || RegisteredContexts.Find(compilation, symbols, type, compilation.Assembly, r => GeneratesNoMetadata(r, symbols)) is not null)
        {
            return false;
        }

        // The overload that takes the metadata where this one takes the options (or, for System.Net.Http.Json's defaults,
        // wherever it does): JsonContent.Create(value, typeof(T)) has none that takes a context.
        var method = invocation.TargetMethod;
        if (properties.ContainsKey(DiagnosticProperties.WebDefaults))
        {
            return SerializerEntryPoints.MetadataCounterpart(method, options?.Parameter, passContext: !method.IsGenericMethod, symbols) is not null;
        }

        return !properties.ContainsKey(DiagnosticProperties.DefaultOptions)
               || options?.Parameter is { } parameter
                  && SerializerEntryPoints.MetadataCounterpart(method, parameter, passContext: !method.IsGenericMethod, symbols) is { } metadata
                  && (symbols.IsHttpJsonType(method.ContainingType) || metadata.Ordinal == parameter.Ordinal);
    }

    /// <summary>
    /// The fix withheld where it could break the build, with the note that says why; the rest as they are.
    /// <paramref name="onAppOptions"/>: an ASP.NET Core helper without options and without a fix (the app's options),
    /// which in a trimmed/AOT app's RequestDelegate endpoint gets that endpoint's note instead.
    /// </summary>
    private static (ImmutableDictionary<string, string?> Properties, string Note) Withheld(
        IInvocationOperation invocation, ImmutableDictionary<string, string?> properties, string note, bool onAppOptions, CompilationState state)
    {
        // A fix sees the document with one set of preprocessor symbols: in an #if region (or a member with one) it could
        // leave the other targets with a broken branch or a second context for the type (docs/rules/JP0002.md).
        if (properties.Count > 0 && ConditionalCompilation.IsConditional(invocation.Syntax))
        {
            return (DiagnosticProperties.None, Rules.NoFixInConditionalCode);
        }

        if (properties.Count > 0 && state.HasConditionalContext)
        {
            // A context some targets compile and others do not: whatever the fix registers or scaffolds could leave another
            // target with a second context for the type, or without the one a call names.
            return (DiagnosticProperties.None, Rules.NoAutomaticFix);
        }

        if ((properties.Count > 0 || (onAppOptions && state.ReflectionFree))
            && state.MinimalApi is { } api
            && HttpDefaultsContext.InRequestDelegateEndpoint(invocation, api))
        {
            // Generated metadata in a RequestDelegate endpoint: ASP.NET Core's request delegate generator, which cannot
            // see it, would intercept the wrong MapGet overload (CS9144).
            return (DiagnosticProperties.None, Rules.NoFixInRequestDelegate);
        }

        return (properties, note);
    }

    private static bool GeneratesNoMetadata(RegisteredContexts.Registration registration, JsonSymbols symbols)
        => registration.Context.GetAttributes().Any(a =>
            SymbolEqualityComparer.Default.Equals(a.AttributeClass, symbols.JsonSerializableAttribute)
            && a.ConstructorArguments.Length == 1 && SymbolEqualityComparer.Default.Equals(a.ConstructorArguments[0].Value as ITypeSymbol, registration.Type)
            && a.NamedArguments.Any(n => n.Key == "GenerationMode" && n.Value.Value is int mode && mode > 1));

    /// <summary>No options argument, or <c>null</c>/<c>default</c>: not <c>JsonSerializerOptions.Default</c>.</summary>
    private static bool IsOmittedOrNull(IOperation? value)
        => value is null || value.WalkDownConversions() is { ConstantValue: { HasValue: true, Value: null } } or IDefaultValueOperation;
}
