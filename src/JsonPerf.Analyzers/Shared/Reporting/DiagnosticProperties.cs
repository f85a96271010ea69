namespace JsonPerf.Analyzers;

/// <summary>What an analyzer hands its fixer through <see cref="Diagnostic.Properties"/> (keys; the value is "true" unless said).</summary>
internal static partial class DiagnosticProperties
{
    /// <summary>Which fix applies: the value is a kind of the rule's Fix class (each rule's folder declares its own); absent: no fix.</summary>
    public const string FixKind = "Fix";

    public static readonly ImmutableDictionary<string, string?> None = ImmutableDictionary<string, string?>.Empty;

    // The flags ("true") are few and reported at every site: one dictionary each, shared (they are immutable).
    private static readonly System.Collections.Concurrent.ConcurrentDictionary<string, ImmutableDictionary<string, string?>> s_flags = new(StringComparer.Ordinal);

    public static ImmutableDictionary<string, string?> With(string key, string value = "true")
        => value == "true" ? s_flags.GetOrAdd(key, static k => None.Add(k, "true")) : None.Add(key, value);
}
