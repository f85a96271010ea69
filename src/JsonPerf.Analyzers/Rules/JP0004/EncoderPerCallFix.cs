namespace JsonPerf.Analyzers;

/// <summary>JP0004's fix: the analyzer names it under <see cref="DiagnosticProperties.FixKind"/> at each site it can fix.</summary>
internal static class EncoderPerCallFix
{
    /// <summary>The encoder's creation becomes a static readonly field (one equivalent field is reused).</summary>
    public const string Hoist = "Hoist";
}
