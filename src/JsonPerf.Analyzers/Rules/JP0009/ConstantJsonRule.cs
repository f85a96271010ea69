namespace JsonPerf.Analyzers;

// JP0009: its descriptor, why its fix is not offered at a site, and what it hands its fixer.
internal static partial class Rules
{
    public const string ConstantJsonPerCallId = "JP0009";

    public static readonly DiagnosticDescriptor ConstantJsonPerCall = new(
        ConstantJsonPerCallId,
        title: "Build constant JSON once",
        messageFormat: "{0} rebuilds the same JSON on every call ({1} each time); {2}{3}",
        Category,
        DiagnosticSeverity.Info,
        isEnabledByDefault: true,
        description: "JSON built only from constants (a literal parsed with JsonElement.Parse or JsonDocument.Parse(...).RootElement.Clone(), " +
                     "an anonymous object serialized with SerializeToElement, BinaryData.FromObjectAsJson) is the same on every read, yet " +
                     "a getter or method that builds it parses or serializes it again and allocates a new copy each time. JsonElement and " +
                     "BinaryData are immutable and safe to share: build the value once in a static readonly field. A JsonNode is mutable, " +
                     "so a shared one could be changed by any reader: share a JsonElement instead, or keep building a JsonNode per read.",
        helpLinkUri: HelpLinkBase + ConstantJsonPerCallId + ".md");

    public static readonly RuleRegistration ConstantJsonPerCallRegistration = new(ConstantJsonPerCall, () => new ConstantJsonAnalyzer());

    /// <summary>JP0009 on a call returning a JsonNode.</summary>
    public const string NoFixMutableNode = " (no automatic fix here: a JsonNode handed out can be changed by its reader; share a JsonElement instead, or clone the node per read)";

    /// <summary>JP0009 on a literal the analyzer cannot prove to be valid JSON.</summary>
    public const string NoFixUnprovenText = " (no automatic fix here: the text is not JSON the analyzer can prove valid with default reader options, and a parse error in a static field would make the whole type unusable)";

    /// <summary>JP0009 on a serialized value whose serialization could throw or run code of the project.</summary>
    public const string NoFixUnsafeValue = " (no automatic fix here: serializing this value could throw or run code of the project (NaN, a lone surrogate, a Type, a converter, custom options), and in a static field that would make the whole type unusable)";

    /// <summary>JP0009 in a trimmed or AOT project on a call that serializes through reflection.</summary>
    public const string NoFixReflectionOff = " (no automatic fix here: the call serializes through reflection, which this trimmed or AOT project turns off, and in a static field its failure would make the whole type unusable; pass source-generated metadata first)";

    /// <summary>JP0009 where an initializer of the type reads the member before the new field would be set.</summary>
    public const string NoFixReadDuringTypeInit = " (no automatic fix here: a static initializer of the type may read this member before a new static field would be set)";

    /// <summary>JP0009 where no static field can be added (an interface, top-level statements before C# 10).</summary>
    public const string NoFixNoStaticField = " (no automatic fix here: no static field can be added where the code is)";

    /// <summary>JP0009 on a call whose result nothing uses.</summary>
    public const string NoFixDiscardedJson = " (no automatic fix here: nothing uses the JSON this call builds; remove the call)";
}

internal static partial class DiagnosticProperties
{
    /// <summary>JP0009: what the new field is named after (the member, the local or the parameter that receives the JSON).</summary>
    public const string FieldName = "FieldName";
}
