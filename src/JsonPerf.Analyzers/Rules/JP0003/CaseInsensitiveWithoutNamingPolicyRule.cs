namespace JsonPerf.Analyzers;

// JP0003: its descriptor.
internal static partial class Rules
{
    public const string CaseInsensitiveWithoutNamingPolicyId = "JP0003";

    public static readonly DiagnosticDescriptor CaseInsensitiveWithoutNamingPolicy = new(
        CaseInsensitiveWithoutNamingPolicyId,
        title: "Add a naming policy to case-insensitive property matching",
        messageFormat: "PropertyNameCaseInsensitive without a naming policy: camelCase JSON only matches case-insensitively; set a camelCase PropertyNamingPolicy{0}",
        Category,
        DiagnosticSeverity.Hidden,
        isEnabledByDefault: true,
        description: "With PropertyNameCaseInsensitive = true and no PropertyNamingPolicy, camelCase JSON never matches the PascalCase " +
                     "property names exactly and the serializer falls back to a case-insensitive comparison. That cost 1.5x-1.7x on " +
                     ".NET Core 3.1 and .NET 5; on .NET 10 the serializer's name cache makes it unmeasurable after warm-up, so the rule is " +
                     "hidden by default. A naming policy also renames properties when serializing, so the fix is only offered for options " +
                     "used only to deserialize. Case-insensitive matching stays as a fallback for JSON in other casings.",
        helpLinkUri: HelpLinkBase + CaseInsensitiveWithoutNamingPolicyId + ".md");

    public static readonly RuleRegistration CaseInsensitiveWithoutNamingPolicyRegistration = new(CaseInsensitiveWithoutNamingPolicy, () => new PropertyNameCaseInsensitiveWithoutNamingPolicyAnalyzer());

    public const string NoFixSerializes = " (no fix: a policy would rename what they serialize)";

    public const string NoFixPublicOptions = " (no fix: the options are public)";
}
