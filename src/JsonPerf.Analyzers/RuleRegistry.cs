namespace JsonPerf.Analyzers;

/// <summary>
/// Every rule of the package, each by the registration in its folder (<see cref="RuleRegistration"/>). A new rule adds
/// its line here; the tests fail until every other list agrees (RuleCatalogTests, RegistrationTests).
/// </summary>
internal static class RuleRegistry
{
    public static readonly ImmutableArray<RuleRegistration> All = ImmutableArray.Create(
        Rules.OptionsCreatedPerCallRegistration,
        Rules.ReflectionSerializationRegistration,
        Rules.CaseInsensitiveWithoutNamingPolicyRegistration,
        Rules.EncoderCreatedPerCallRegistration,
        Rules.Utf16DetourRegistration,
        Rules.ConvertWithoutTextRegistration,
        Rules.JsonDocumentNotDisposedRegistration,
        Rules.MinimalApiTypeWithoutMetadataRegistration,
        Rules.ConstantJsonPerCallRegistration);

    /// <summary>The registration of a rule id, or null.</summary>
    public static RuleRegistration? For(string id)
    {
        foreach (var rule in All)
        {
            if (rule.Id == id)
            {
                return rule;
            }
        }

        return null;
    }
}
