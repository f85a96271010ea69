namespace JsonPerf.Analyzers;

/// <summary>JP0001's fixes: the analyzer names one under <see cref="DiagnosticProperties.FixKind"/> at each site it can fix.</summary>
internal static class OptionsPerCallFix
{
    /// <summary>The creation, where it stands, becomes a static readonly field (or JsonSerializerOptions.Default/Web).</summary>
    public const string Hoist = "Hoist";

    /// <summary>A local's creation and the statements that configure it become one field; the local's uses read it.</summary>
    public const string FoldLocal = "FoldLocal";

    /// <summary>A getter that builds options on every read becomes a get-only auto-property.</summary>
    public const string Getter = "Getter";

    /// <summary>An instance field of a type created per request becomes static.</summary>
    public const string StaticField = "StaticField";

    /// <summary>The project's factory returns one cached field; its calls stay.</summary>
    public const string Factory = "Factory";

    /// <summary>A converter's copy of its options is made once per source options, in a ConditionalWeakTable of the converter.</summary>
    public const string CachePerSource = "CachePerSource";

    /// <summary>The context built on the options is cached instead (shared, the options would be bound by the first).</summary>
    public const string CacheContext = "CacheContext";
}
