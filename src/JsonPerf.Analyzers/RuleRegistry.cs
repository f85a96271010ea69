namespace JsonPerf.Analyzers;

/// <summary>Every rule of the package: a new rule adds its line here, and the tests fail until every other list agrees.</summary>
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
        Rules.ConstantJsonPerCallRegistration,
        Rules.ConverterPerValueWorkRegistration,
        Rules.DomBetweenJsonAndTypeRegistration);

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
