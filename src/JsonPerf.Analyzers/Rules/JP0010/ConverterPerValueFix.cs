namespace JsonPerf.Analyzers;

/// <summary>JP0010's fix: the analyzer names it under <see cref="DiagnosticProperties.FixKind"/> at each site it can fix.</summary>
internal static class ConverterPerValueFix
{
    /// <summary>A constant string passed to the writer becomes <c>JsonEncodedText.Encode(constant)</c> in a static readonly field.</summary>
    public const string EncodeOnce = "EncodeOnce";
}
