using Fix = JsonPerf.Analyzers.ReflectionSerializationFix;

namespace JsonPerf.CodeFixes;

/// <summary>Plans the kinds that take a context: the kind's step decides how the options go, then one choice of context serves all.</summary>
internal static class FixPlanner
{
    /// <summary>Fix All plans many sites on one solution: each options member's references are searched once (StaticOptionsStep).</summary>
    internal sealed class Cache
    {
        public Dictionary<ISymbol, (bool Bindable, INamedTypeSymbol? Bound)?> Bindable { get; } = new(SymbolEqualityComparer.Default);

        public Dictionary<ISymbol, ContextInstanceBinding.Uses?> InstanceUses { get; } = new(SymbolEqualityComparer.Default);
    }

    public static async Task<FixPlan?> PlanAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken, Cache? cache = null)
    {
        if (await PlanningSite.ReadAsync(document, site, cancellationToken).ConfigureAwait(false) is not { } planning)
        {
            return null;
        }

        var options = diagnostic.Properties[DiagnosticProperties.FixKind] switch
        {
            Fix.DefaultOptions => DefaultOptions(planning),
            Fix.WebDefaults => WebDefaults(planning),
            Fix.StaticOptions => await StaticOptionsStep.PlanAsync(planning, cache, cancellationToken).ConfigureAwait(false),
            _ => null,
        };
        if (options is null || ContextChooser.Choose(planning, options, cancellationToken) is not { } target)
        {
            return null;
        }

        // A DOM type needs no generated metadata: only the registration a context already has, never a new one.
        return diagnostic.Properties.ContainsKey(Fix.RegisteredOnly) && (target.Registration is null || !target.ExtraTypes.IsEmpty)
            ? null
            : new FixPlan(planning.Call, options, target);
    }

    /// <summary>The metadata where the options were, or wherever System.Net.Http.Json's overload takes it; the options go.</summary>
    private static OptionsPlan? DefaultOptions(PlanningSite site)
        => site.Call.Options?.Parameter is { } options
           && (site.Symbols.IsHttpJsonType(site.Call.Operation.TargetMethod.ContainingType)
               ? SerializerEntryPoints.MetadataCounterpart(site.Call.Operation.TargetMethod, options, site.Call.PassContext, site.Symbols)
               : MetadataOverloadParameter(site, options)) is { } parameter
            ? new MetadataInstead(parameter, mirror: null)
            : null;

    private static OptionsPlan? WebDefaults(PlanningSite site)
        => MirroredOptions.WebDefaults(site.Symbols) is { } web
           && SerializerEntryPoints.MetadataCounterpart(site.Call.Operation.TargetMethod, site.Call.Options?.Parameter, site.Call.PassContext, site.Symbols) is { } parameter
            ? new MetadataInstead(parameter, web)
            : null;

    /// <summary>The overload's <c>JsonTypeInfo&lt;T&gt;</c> or context parameter in the options' place; null where it is elsewhere.</summary>
    internal static IParameterSymbol? MetadataOverloadParameter(PlanningSite site, IParameterSymbol options)
        => SerializerEntryPoints.MetadataCounterpart(site.Call.Operation.TargetMethod, options, site.Call.PassContext, site.Symbols) is { } metadata
           && metadata.Ordinal == options.Ordinal
            ? metadata
            : null;
}

internal sealed class PlanningSite(Document document, SemanticModel model, JsonSymbols symbols, PlannedCall call)
{
    public Document Document { get; } = document;
    public SemanticModel Model { get; } = model;
    public JsonSymbols Symbols { get; } = symbols;
    public PlannedCall Call { get; } = call;
    public Compilation Compilation => Model.Compilation;

    public INamedTypeSymbol? CallingType(CancellationToken cancellationToken)
        => Model.GetEnclosingSymbol(Call.Invocation.SpanStart, cancellationToken)?.ContainingType;

    public static async Task<PlanningSite?> ReadAsync(Document document, SyntaxNode site, CancellationToken cancellationToken)
    {
        // Since C# 9 (the generator's partial classes); the analyzer does not ask, so C# 8 code gets no fix.
        if (site.FirstAncestorOrSelf<InvocationExpressionSyntax>() is not { } invocation
            || invocation.SyntaxTree.Options is not CSharpParseOptions { LanguageVersion: >= LanguageVersion.CSharp9 }
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || JsonSymbols.For(model.Compilation) is not { JsonSerializerContext: not null } symbols
            || model.GetOperation(invocation, cancellationToken) is not IInvocationOperation operation
            || !SerializerEntryPoints.TryGetSerializedType(operation, symbols, out var type, out var options)
            || !GeneratedMetadata.IsSafeForGeneratedMetadata(type, model.Compilation, out var reachable))
        {
            return null;
        }

        return new PlanningSite(document, model, symbols, new PlannedCall(invocation, operation, type, reachable, options));
    }
}
