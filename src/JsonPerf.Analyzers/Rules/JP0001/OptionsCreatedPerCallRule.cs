namespace JsonPerf.Analyzers;

// JP0001: its descriptor, the parts of its message and what it hands its fixer.
internal static partial class Rules
{
    public const string OptionsCreatedPerCallId = "JP0001";

    public static readonly DiagnosticDescriptor OptionsCreatedPerCall = new(
        OptionsCreatedPerCallId,
        title: "Cache JsonSerializerOptions instead of creating them per call",
        messageFormat: "JsonSerializerOptions created on every call {0}; {1}{2}",
        Category,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "Each JsonSerializerOptions instance owns the serializer's cache of per-type metadata. Options created per call " +
                     "allocate and look that cache up on every call; when they also create converter, encoder, naming-policy or resolver " +
                     "instances, the lookup misses and every call rebuilds the metadata with reflection and JIT. Create the options once.",
        helpLinkUri: HelpLinkBase + OptionsCreatedPerCallId + ".md");

    public static readonly RuleRegistration OptionsCreatedPerCallRegistration = new(OptionsCreatedPerCall, () => new JsonSerializerOptionsCreatedPerCallAnalyzer());

    /// <summary>JP0001 where the fix is declined only because a JsonSerializerContext is built on the options and cannot be cached in their place.</summary>
    public const string NoFixFactoryCallersMayChange = " (no automatic fix here: a call of the factory may change the options or hand them to a context, and would change every caller's options once they are shared)";

    public const string NoFixGetterReadersMayChange = " (no automatic fix here: code that reads the property may change the options or hand them to a context, and would change every reader's options once they are shared)";

    public const string NoFixOptionsBoundToContext = " (no automatic fix here: a JsonSerializerContext built on these options makes them its own, so they cannot be shared; cache the context instead)";

    /// <summary>JP0001's note: none where its fix is offered; why not where a context is built on the options, or the rule's page.</summary>
    internal static string OptionsFixNote(bool fixable, bool onlyBoundToContext)
        => fixable ? "" : onlyBoundToContext ? NoFixOptionsBoundToContext : NoAutomaticFix;

    /// <summary>The cost of a converter's options copied on every value.</summary>
    public const string OptionsCostCopy = "as copies of the converter's options cost an allocation, a validation and a lookup per value";

    /// <summary>What JP0001 advises for a converter's copy of its options.</summary>
    public const string OptionsCacheCopy = "make the copy once per source options, in a ConditionalWeakTable of the converter";

    /// <summary>JP0001 on a converter's copy built from values of the call.</summary>
    public const string NoFixCopyState = " (no automatic fix here: the copy reads values of this call)";

    /// <summary>What JP0001 advises: the options, created once.</summary>
    public const string OptionsCache = "cache them in a static readonly field and reuse them";

    /// <summary>What JP0001 advises for options holding a converter, policy or encoder built from the call's values.</summary>
    public const string OptionsCacheWithoutState = "build that converter, policy or encoder without the call's values, then cache the options";

    /// <summary>The cost of options holding the call's state in a converter, policy or encoder (not cacheable as they are).</summary>
    public const string OptionsCostCallState = "hold a converter, policy or encoder built from the call's values, so the type metadata is rebuilt each time";

    /// <summary>Message argument of JP0001 when the options only hold value settings (a cache lookup per call).</summary>
    public const string OptionsCostLookup = "cost an allocation and a metadata-cache lookup each time";

    /// <summary>Message argument of JP0001 when the options create reference-compared instances (a cache miss per call).</summary>
    public const string OptionsCostRebuild = "hold new converter, encoder, policy or resolver instances, so the serializer's metadata cache misses and rebuilds type metadata each time";

    /// <summary>
    /// Message argument of JP0001 at a call of the project's own factory method, reported where its result goes to the
    /// serializer: names the factory, then the cost (<see cref="OptionsCostLookup"/> or <see cref="OptionsCostRebuild"/>).
    /// </summary>
    internal static string OptionsCostThroughFactory(string factory, string cost) => "by the factory method '" + factory + "' " + cost;

    /// <summary>A coalescing factory (<c>o ?? new ...</c>) handed an optional parameter whose default is null.</summary>
    internal static string OptionsCostThroughFactoryByDefault(string factory, string parameter, string method, string cost)
        => "by the factory method '" + factory + "' whenever '" + parameter + "' is null, its default (each call of '" + method + "' that leaves it out) " + cost;
}
