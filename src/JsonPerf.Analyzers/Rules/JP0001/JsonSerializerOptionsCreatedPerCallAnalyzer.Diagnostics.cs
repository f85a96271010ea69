namespace JsonPerf.Analyzers;

/// <summary>
/// JP0001's diagnostics. Options that hold the call's state (a parameter, a local, <c>this</c> or an instance member)
/// cannot be cached as they are. Where the state is in a converter, policy, encoder or resolver built per call, every
/// call rebuilds the metadata: reported, saying the state has to leave those instances first. Where it is only in value
/// settings (<c>WriteIndented = indented</c>), a call costs a lookup and caching would take one instance per value: not reported.
/// </summary>
public sealed partial class JsonSerializerOptionsCreatedPerCallAnalyzer
{
    private enum CallState { None, InValues, InInstances }

    /// <summary>JP0001 at <paramref name="site"/>, naming <paramref name="fix"/> (an <see cref="OptionsPerCallFix"/> kind) where the fix is offered.</summary>
    private static Diagnostic NewDiagnostic(IOperation site, string? fix, string cost, string cache, string note, IEnumerable<Location>? additionalLocations = null)
        => Diagnostic.Create(
            Rules.OptionsCreatedPerCall, site.Syntax.GetLocation(), additionalLocations,
            fix is null ? DiagnosticProperties.None : DiagnosticProperties.With(DiagnosticProperties.FixKind, fix), cost, cache, note);

    /// <summary>The options <paramref name="creation"/> makes, unless they hold the call's state in values only and cost a lookup.</summary>
    private static Diagnostic? Create(IObjectCreationOperation creation, string? fix, string cost, JsonSymbols symbols, string? note = null, IEnumerable<Location>? additionalLocations = null)
        => (fix is null ? StateOf(creation, symbols) : CallState.None) switch
        {
            CallState.InValues when cost == Rules.OptionsCostLookup => null,
            CallState.InInstances => NewDiagnostic(creation, fix: null, Rules.OptionsCostCallState, Rules.OptionsCacheWithoutState, ""),
            _ => NewDiagnostic(creation, fix, cost, Rules.OptionsCache, note ?? Rules.FixNote(fix is not null), additionalLocations),
        };

    /// <summary>
    /// Options a JsonSerializerContext is built on (<see cref="ContextBinding"/>): shared, they would throw, so the fix
    /// caches the context where it can. <paramref name="movable"/>: the options could move to a static field but for the context.
    /// </summary>
    private static Diagnostic? CreateBound(IObjectCreationOperation creation, bool movable, bool contextCacheable, JsonSymbols symbols)
    {
        var fixable = movable && contextCacheable;
        return Create(creation, fixable ? OptionsPerCallFix.CacheContext : null, Rules.OptionsCostRebuild, symbols, Rules.OptionsFixNote(fixable, onlyBoundToContext: movable));
    }

    /// <summary>A cache miss per call where the options, or the statements that configure them, build instances the serializer compares by reference.</summary>
    private static string Cost(IObjectCreationOperation creation, List<IOperation>? configuration = null)
        => CreatesReferenceComparedInstances(creation, creation) || configuration?.Any(s => CreatesReferenceComparedInstances(creation, s)) == true
            ? Rules.OptionsCostRebuild
            : Rules.OptionsCostLookup;

    /// <summary>
    /// Converters, encoders, naming policies and resolvers are compared by reference in the serializer's global
    /// metadata cache: a new instance per call is a cache miss per call.
    /// </summary>
    internal static bool CreatesReferenceComparedInstances(IObjectCreationOperation options, IOperation source)
        => OperationTree.Any(source, operation => operation != options
            && operation.Type is { IsReferenceType: true, SpecialType: not SpecialType.System_String }
            && operation is IObjectCreationOperation or IInvocationOperation { IsImplicit: false, TargetMethod.ReturnsVoid: false });

    /// <summary>Where the creation, and the statements that configure the local it initializes, read the call's state.</summary>
    private static CallState StateOf(IObjectCreationOperation creation, JsonSymbols symbols)
    {
        var sources = new List<IOperation> { creation };
        if (creation.InitializedDeclarator() is { } declarator)
        {
            sources.AddRange(OptionsReferences.Of(declarator).Select(r => OptionsReferences.ConfigurationStatement(r)).OfType<IOperation>());
        }

        var state = CallState.None;
        foreach (var source in sources)
        {
            foreach (var operation in source.DescendantsAndSelf().Where(o => ReadsCallState(o, creation, symbols)))
            {
                state = CallState.InValues;
                for (var node = operation.Parent; node is not null && node != source.Parent; node = node.Parent)
                {
                    if (node != creation
                        && node.Type is { IsReferenceType: true, SpecialType: not SpecialType.System_String } type
                        && !symbols.IsJsonSerializerOptions(type)
                        && node is IObjectCreationOperation or IInvocationOperation { TargetMethod.ReturnsVoid: false })
                    {
                        return CallState.InInstances;
                    }
                }
            }
        }

        return state;
    }

    /// <summary>A parameter, a local other than the options being built, <c>this</c>, or an instance member read.</summary>
    private static bool ReadsCallState(IOperation operation, IObjectCreationOperation creation, JsonSymbols symbols) => operation switch
    {
        IParameterReferenceOperation => true,
        ILocalReferenceOperation local => !(symbols.IsJsonSerializerOptions(local.Local.Type) && creation.InitializedDeclarator()?.Symbol is { } options && SymbolEqualityComparer.Default.Equals(options, local.Local)),
        IInstanceReferenceOperation { ReferenceKind: InstanceReferenceKind.ContainingTypeInstance } => true,
        _ => false,
    };
}
