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

    // {2}, why there is no fix (Rules.FixNote where the rule's page says why).
    public const string NoFixFactoryCallersMayChange = " (no fix: callers of the factory may change the options)";
    public const string NoFixGetterReadersMayChange = " (no fix: readers of the property may change the options)";
    public const string NoFixOptionsBoundToContext = " (no fix: a context is built on them; cache the context)";
    public const string NoFixFieldAssignedInConstructor = " (no fix: a constructor assigns the field)";
    public const string NoFixCopyState = " (no fix: the copy reads values of this call)";

    internal static string OptionsFixNote(bool fixable, bool onlyBoundToContext)
        => fixable ? "" : onlyBoundToContext ? NoFixOptionsBoundToContext : NoAutomaticFix;

    // {0}, the cost: a lookup where the options hold value settings only, a cache miss where they create instances the
    // serializer compares by reference (converters, policies, encoders, resolvers).
    public const string OptionsCostLookup = "cost an allocation and a cache lookup each time";
    public const string OptionsCostRebuild = "hold new converters or policies, so metadata is rebuilt each time";
    public const string OptionsCostCallState = "hold a converter, policy or encoder made from the call's values, so metadata is rebuilt each time";
    public const string OptionsCostCopy = "as copies of the converter's options, an allocation and a lookup per value";

    // {1}, what to do.
    public const string OptionsCache = "cache them in a static readonly field";
    public const string OptionsCacheWithoutState = "build it without the call's values, then cache the options";
    public const string OptionsCacheCopy = "copy once per source options (a ConditionalWeakTable)";

    /// <summary>
    /// {0} at a call of the project's own factory whose result goes to the serializer: the factory, then the cost; with
    /// <paramref name="byDefault"/>, a coalescing factory (<c>o ?? new ...</c>) handed the caller's optional parameter whose default is null.
    /// </summary>
    internal static string OptionsCostThroughFactory(string factory, string cost, IParameterSymbol? byDefault = null)
        => "by '" + factory + "' " + (byDefault is null ? "" : "when a call of '" + byDefault.ContainingSymbol.Name + "' leaves '" + byDefault.Name + "' null ") + cost;
}
