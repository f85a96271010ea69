namespace JsonPerf.Analyzers;

/// <summary>What an analyzer hands its fixer through <see cref="Diagnostic.Properties"/> (keys; the value is "true" unless said).</summary>
internal static partial class DiagnosticProperties
{
    /// <summary>JP0001, JP0004: the fix can move the value (and folded statements) into a static readonly field.</summary>
    public const string Fixable = "Fixable";

    /// <summary>JP0005, JP0006, JP0007: which rewrite the fix applies (the value is one of the analyzer's Fix* constants); absent: no fix.</summary>
    public const string FixKind = "Fix";

    public static readonly ImmutableDictionary<string, string?> None = ImmutableDictionary<string, string?>.Empty;

    // The flags ("true") are few and reported at every site: one dictionary each, shared (they are immutable).
    private static readonly System.Collections.Concurrent.ConcurrentDictionary<string, ImmutableDictionary<string, string?>> s_flags = new(StringComparer.Ordinal);

    public static ImmutableDictionary<string, string?> With(string key, string value = "true")
        => value == "true" ? s_flags.GetOrAdd(key, static k => None.Add(k, "true")) : None.Add(key, value);
}
