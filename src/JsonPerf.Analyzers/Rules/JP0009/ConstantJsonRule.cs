namespace JsonPerf.Analyzers;

// JP0009: its descriptor, why its fix is not offered at a site, and what it hands its fixer.
internal static partial class Rules
{
    public const string ConstantJsonPerCallId = "JP0009";

    public static readonly DiagnosticDescriptor ConstantJsonPerCall = new(
        ConstantJsonPerCallId,
        title: "Build constant JSON once",
        messageFormat: "{0} rebuilds constant JSON per call ({1} each time); {2}{3}",
        Category,
        DiagnosticSeverity.Info,
        isEnabledByDefault: true,
        description: "JSON built only from constants (a literal parsed with JsonElement.Parse or JsonDocument.Parse(...).RootElement.Clone(), " +
                     "an anonymous object serialized with SerializeToElement, BinaryData.FromObjectAsJson) is the same on every read, yet " +
                     "a getter or method that builds it parses or serializes it again and allocates a new copy each time. JsonElement and " +
                     "BinaryData are immutable and safe to share: build the value once in a static readonly field. A JsonNode is mutable, " +
                     "so a shared one could be changed by any reader: share a JsonElement instead, or keep building a JsonNode per read. " +
                     "An enum value's name made with Serialize(value, options).Trim('\"') is the same for each value on every call: map the names once. " +
                     "A type's JSON names read by reflection (GetCustomAttribute<JsonPropertyNameAttribute> over GetProperties()) never change: read them once per type. " +
                     "The fix is not offered where building the value in a static field could fail, since a static initializer that " +
                     "throws makes the whole type unusable: text the analyzer cannot prove valid JSON, a value whose serialization could " +
                     "throw or run the project's code (NaN, a lone surrogate, a converter, custom options), or serialization through " +
                     "reflection in a trimmed or AOT project; nor where a static initializer may read the member before the field is set.",
        helpLinkUri: HelpLinkBase + ConstantJsonPerCallId + ".md");

    public static readonly RuleRegistration ConstantJsonPerCallRegistration = new(ConstantJsonPerCall, () => new ConstantJsonAnalyzer());

    /// <summary>JP0009 on an enum value's name made with <c>Serialize(value).Trim('"')</c>: the names depend on the options.</summary>
    public const string NoFixEnumNames = " (no fix: the options decide the names)";

    /// <summary>JP0009 on a type's JSON names read by reflection per call: the cache to keep them in depends on how they are used.</summary>
    public const string NoFixReflectedNames = " (no fix: what to cache depends on the code)";

    /// <summary>JP0009 on a call returning a JsonNode.</summary>
    public const string NoFixMutableNode = " (no fix: a shared JsonNode could be changed by its readers)";

    /// <summary>JP0009 on a literal the analyzer cannot prove to be valid JSON.</summary>
    public const string NoFixUnprovenText = " (no fix: the text is not provably valid JSON)";

    /// <summary>JP0009 on a serialized value whose serialization could throw or run code of the project.</summary>
    public const string NoFixUnsafeValue = " (no fix: serializing it could throw or run project code)";

    /// <summary>JP0009 in a trimmed or AOT project on a call that serializes through reflection.</summary>
    public const string NoFixReflectionOff = " (no fix: it needs reflection, which this project turns off)";

    /// <summary>JP0009 where an initializer of the type reads the member before the new field would be set.</summary>
    public const string NoFixReadDuringTypeInit = " (no fix: a static initializer may read it before the field is set)";

    /// <summary>JP0009 where no static field can be added (an interface, top-level statements before C# 10).</summary>
    public const string NoFixNoStaticField = " (no fix: no static field can be added here)";

    /// <summary>JP0009 on a call whose result nothing uses.</summary>
    public const string NoFixDiscardedJson = " (no fix: nothing uses this JSON; remove the call)";
}

internal static partial class DiagnosticProperties
{
    /// <summary>JP0009: what the new field is named after (the member, the local or the parameter that receives the JSON).</summary>
    public const string FieldName = "FieldName";
}
