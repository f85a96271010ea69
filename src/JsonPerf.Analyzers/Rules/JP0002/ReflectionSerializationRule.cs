namespace JsonPerf.Analyzers;

// JP0002: its descriptor and why its fix is not offered at a site (what it hands its fixer: ReflectionSerializationFix).
internal static partial class Rules
{
    public const string ReflectionSerializationId = "JP0002";

    public static readonly DiagnosticDescriptor ReflectionSerialization = new(
        ReflectionSerializationId,
        title: "Use source-generated serialization metadata",
        messageFormat: "{0} builds '{1}' metadata by reflection; {2}{3}",
        Category,
        DiagnosticSeverity.Info,
        isEnabledByDefault: true,
        description: "Without a JsonTypeInfo or a JsonSerializerContext, the serializer discovers each type's members with reflection and " +
                     "compiles accessors at run time: the first call per type is slow, and the code is not trim- or AOT-safe (IL2026/IL3050). " +
                     "A partial class deriving from JsonSerializerContext with [JsonSerializable(typeof(T))] has the System.Text.Json " +
                     "source generator write that metadata at build time. Reported as a warning in projects that publish trimmed or " +
                     "native AOT, or that turn reflection off. JSON's own DOM types need no metadata: JsonDocument.ParseValue(ref reader), " +
                     "JsonElement.Parse, element.WriteTo(writer), node.DeepClone() and element.Clone() do what such a call does without it. " +
                     "The fix is not offered where it could change what is serialized or break the build: options created in the method " +
                     "(JP0001's fix caches them first), options also used outside serializer calls, options setting what does not carry " +
                     "to a context (ReferenceHandler, IncludeFields, ...), ASP.NET Core's helpers on the app's configured options, code " +
                     "under #if, and RequestDelegate endpoints (whose request delegate generator cannot see the generated metadata).",
        helpLinkUri: HelpLinkBase + ReflectionSerializationId + ".md");

    public static readonly RuleRegistration ReflectionSerializationRegistration = new(ReflectionSerialization, () => new ReflectionSerializationAnalyzer(), raisedInTrimmedApps: true, offInTestProjects: true);

    /// <summary>What JP0002 advises for most types: metadata from a context.</summary>
    internal static string ReflectionUseContext(string type) => "pass JsonTypeInfo<" + type + "> from a JsonSerializerContext";

    /// <summary>What JP0002 advises for a DOM type whose own API does not do the same here.</summary>
    internal static string ReflectionDomOwnApi(string type) => "use " + type + "'s own API, or a context's JsonTypeInfo<" + type + ">";

    public const string NoFixInRequestDelegate = " (no fix: it would break the build in a RequestDelegate endpoint)";

    public const string NoFixForAppOptions = " (no fix: the app's JSON options apply)";

    public const string NoFixForDomType = " (no fix: no context registers it, and its own API differs here)";

    public const string NoFixForOptionsPerCall = " (no fix: options created per call)";

    public const string NoFixForOptionsUsedElsewhere = " (no fix: the options are used outside serializer calls)";

    public const string NoFixForConditionalOptions = " (no fix: the options are declared under #if)";

    public const string NoFixInConditionalCode = " (no fix: the call is under #if)";

    /// <summary>JP0002 on static options that set what does not carry to a context used as their resolver (ReferenceHandler, IncludeFields, ...).</summary>
    internal static string NoFixForSetting(string setting) => " (no fix: " + setting + " does not carry to a context)";
}
