namespace JsonPerf.Analyzers;

// JP0001: its descriptor, the parts of its message and what it hands its fixer.
internal static partial class Rules
{
    public const string OptionsCreatedPerCallId = "JP0001";

    public static readonly DiagnosticDescriptor OptionsCreatedPerCall = new(
        OptionsCreatedPerCallId,
        title: "Cache JsonSerializerOptions instead of creating them per call",
        messageFormat: "JsonSerializerOptions created per call {0}; {1}{2}",
        Category,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "Each JsonSerializerOptions instance owns the serializer's cache of per-type metadata. Options created per call " +
                     "allocate and look that cache up on every call; when they also create converter, encoder, naming-policy or resolver " +
                     "instances, the lookup misses and every call rebuilds the metadata with reflection and JIT. Create the options once. " +
                     "The fix caches them in a static readonly field; it is not offered where code may change the shared options " +
                     "(callers of a factory, readers of a property), where a JsonSerializerContext is built on them (cache the context), or " +
                     "where they hold a converter, policy or encoder built from the call's values.",
        helpLinkUri: HelpLinkBase + OptionsCreatedPerCallId + ".md");

    public static readonly RuleRegistration OptionsCreatedPerCallRegistration = new(OptionsCreatedPerCall, () => new JsonSerializerOptionsCreatedPerCallAnalyzer());

    public const string NoFixFactoryCallersMayChange = " (no fix: callers of the factory may change the options)";

    public const string NoFixGetterReadersMayChange = " (no fix: readers of the property may change the options)";

    /// <summary>JP0001 where the fix is declined only because a JsonSerializerContext is built on the options and cannot be cached in their place.</summary>
    public const string NoFixOptionsBoundToContext = " (no fix: a context is built on them; cache the context)";

    /// <summary>JP0001's note: none where its fix is offered; why not where a context is built on the options, or the rule's page.</summary>
    internal static string OptionsFixNote(bool fixable, bool onlyBoundToContext)
        => fixable ? "" : onlyBoundToContext ? NoFixOptionsBoundToContext : NoAutomaticFix;

    /// <summary>The cost of a converter's options copied on every value.</summary>
    public const string OptionsCostCopy = "as copies of the converter's options, an allocation and a lookup per value";

    /// <summary>What JP0001 advises for a converter's copy of its options.</summary>
    public const string OptionsCacheCopy = "copy once per source options (a ConditionalWeakTable)";

    /// <summary>JP0001 on a converter's copy built from values of the call.</summary>
    public const string NoFixCopyState = " (no fix: the copy reads values of this call)";

    /// <summary>What JP0001 advises: the options, created once.</summary>
    public const string OptionsCache = "cache them in a static readonly field";

    /// <summary>What JP0001 advises for options holding a converter, policy or encoder built from the call's values.</summary>
    public const string OptionsCacheWithoutState = "build it without the call's values, then cache the options";

    /// <summary>The cost of options holding the call's state in a converter, policy or encoder (not cacheable as they are).</summary>
    public const string OptionsCostCallState = "hold a converter, policy or encoder made from the call's values, so metadata is rebuilt each time";

    /// <summary>Message argument of JP0001 when the options only hold value settings (a cache lookup per call).</summary>
    public const string OptionsCostLookup = "cost an allocation and a cache lookup each time";

    /// <summary>Message argument of JP0001 when the options create reference-compared instances (a cache miss per call).</summary>
    public const string OptionsCostRebuild = "hold new converters or policies, so metadata is rebuilt each time";

    /// <summary>
    /// Message argument of JP0001 at a call of the project's own factory method, reported where its result goes to the
    /// serializer: names the factory, then the cost (<see cref="OptionsCostLookup"/> or <see cref="OptionsCostRebuild"/>).
    /// </summary>
    internal static string OptionsCostThroughFactory(string factory, string cost) => "by '" + factory + "' " + cost;

    /// <summary>A coalescing factory (<c>o ?? new ...</c>) handed an optional parameter whose default is null.</summary>
    internal static string OptionsCostThroughFactoryByDefault(string factory, string parameter, string method, string cost)
        => "by '" + factory + "' when a call of '" + method + "' leaves '" + parameter + "' null " + cost;
}
