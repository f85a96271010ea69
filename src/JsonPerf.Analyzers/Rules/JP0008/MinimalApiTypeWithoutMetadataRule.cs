namespace JsonPerf.Analyzers;

// JP0008: its descriptor and what it hands its fixer.
internal static partial class DiagnosticProperties
{
    /// <summary>JP0008: the type to register, fully qualified (the value).</summary>
    public const string TypeName = "Type";

    /// <summary>
    /// JP0008: the contexts of <c>ConfigureHttpJsonOptions</c>'s chain, by metadata name, in order, separated by ';': the
    /// fix takes the chain from them rather than reading the whole project again (an editor asks after every edit).
    /// </summary>
    public const string Contexts = "Contexts";
}

internal static partial class Rules
{
    public const string MinimalApiTypeWithoutMetadataId = "JP0008";

    public static readonly DiagnosticDescriptor MinimalApiTypeWithoutMetadata = new(
        MinimalApiTypeWithoutMetadataId,
        title: "Register minimal API request and response types on the context of ConfigureHttpJsonOptions",
        messageFormat: "'{0}' is {1} but has no metadata in ConfigureHttpJsonOptions's contexts (NotSupportedException); add [JsonSerializable(typeof({0}))] to {2}{3}",
        Category,
        DiagnosticSeverity.Info,
        isEnabledByDefault: true,
        description: "In a native-AOT or trimmed ASP.NET Core app, reflection-based serialization is off and minimal API endpoints read " +
                     "request bodies and write responses with the metadata of the resolvers set by ConfigureHttpJsonOptions. A body or " +
                     "response type that none of those contexts registers makes building the endpoints (or writing a typed result) throw " +
                     "NotSupportedException (JsonTypeInfo metadata not provided) at run time; neither the build, the publish nor ASP.NET Core's analyzers report it. Reported " +
                     "only where the project's own code configures the options with contexts alone. A warning in projects that publish " +
                     "trimmed or native AOT, or that turn reflection off.",
        helpLinkUri: HelpLinkBase + MinimalApiTypeWithoutMetadataId + ".md");

    public static readonly RuleRegistration MinimalApiTypeWithoutMetadataRegistration = new(MinimalApiTypeWithoutMetadata, () => new MinimalApiMetadataAnalyzer(), raisedInTrimmedApps: true);
}
