namespace JsonPerf.Analyzers;

/// <summary>JP0003's fixes: the analyzer names one under <see cref="DiagnosticProperties.FixKind"/> at each site it can fix.</summary>
internal static class CaseInsensitiveFix
{
    /// <summary><c>PropertyNameCaseInsensitive = true</c> in an object initializer: the policy is added after it.</summary>
    public const string InitializerEntry = "InitializerEntry";

    /// <summary><c>options.PropertyNameCaseInsensitive = true;</c> as a statement: a statement setting the policy follows it.</summary>
    public const string Statement = "Statement";

    /// <summary>The named argument of <c>[JsonSourceGenerationOptions]</c>: the policy's argument follows it.</summary>
    public const string Attribute = "Attribute";

    /// <summary>The property the fix sets.</summary>
    public const string NamingPolicy = "PropertyNamingPolicy";
}
