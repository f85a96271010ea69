namespace JsonPerf.Analyzers;

/// <summary>JP0009's fix: the analyzer names it under <see cref="DiagnosticProperties.FixKind"/> at each site it can fix.</summary>
internal static class ConstantJsonFix
{
    /// <summary>
    /// The call moves, as written, into a static readonly field of its type (one equal field is reused), and the site
    /// reads the field; <see cref="DiagnosticProperties.FieldName"/> names what the field is named after.
    /// </summary>
    public const string Hoist = "Hoist";
}
