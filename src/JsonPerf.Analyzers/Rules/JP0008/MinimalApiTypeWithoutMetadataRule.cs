namespace JsonPerf.Analyzers;

// JP0008: what it hands its fixer.
internal static partial class DiagnosticProperties
{
    /// <summary>JP0008: the type to register, fully qualified (the value).</summary>
    public const string TypeName = "Type";
}
