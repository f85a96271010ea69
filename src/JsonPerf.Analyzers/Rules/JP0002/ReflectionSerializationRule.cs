namespace JsonPerf.Analyzers;

// JP0002: its descriptor and why its fix is not offered at a site (what it hands its fixer: ReflectionSerializationFix).
internal static partial class Rules
{
    public const string ReflectionSerializationId = "JP0002";

    public static readonly DiagnosticDescriptor ReflectionSerialization = new(
        ReflectionSerializationId,
        title: "Use source-generated serialization metadata",
        messageFormat: "{0} builds the metadata of '{1}' with reflection at run time; declare it in a source-generated JsonSerializerContext and call the overload that takes JsonTypeInfo<{1}>{2}",
        Category,
        DiagnosticSeverity.Info,
        isEnabledByDefault: true,
        description: "Without a JsonTypeInfo or a JsonSerializerContext, the serializer discovers each type's members with reflection and " +
                     "compiles accessors at run time: the first call per type is slow, and the code is not trim- or AOT-safe (IL2026/IL3050). " +
                     "A partial class deriving from JsonSerializerContext with [JsonSerializable(typeof(T))] has the System.Text.Json " +
                     "source generator write that metadata at build time. Reported as a warning in projects that publish trimmed or " +
                     "native AOT, or that turn reflection off.",
        helpLinkUri: HelpLinkBase + ReflectionSerializationId + ".md");

    public static readonly RuleRegistration ReflectionSerializationRegistration = new(ReflectionSerialization, () => new ReflectionSerializationAnalyzer(), raisedInTrimmedApps: true, offInTestProjects: true);

    /// <summary>JP0002: an ASP.NET Core helper in a <c>RequestDelegate</c> passed to <c>MapGet</c>/<c>MapPost</c>/...</summary>
    public const string NoFixInRequestDelegate = " (no automatic fix here: the call is in a RequestDelegate endpoint, and with generated metadata in it ASP.NET Core's request delegate generator, which cannot see that metadata, would intercept the wrong MapGet overload and break the build)";

    /// <summary>JP0002 on ASP.NET Core's helpers without options: what they write depends on the app's configuration.</summary>
    public const string NoFixForAppOptions = " (no automatic fix here: without options ASP.NET Core serializes with the app's configured JSON options, which a context's metadata would replace)";

    /// <summary>JP0002 on JsonDocument, JsonElement or JsonNode where no DOM API does the same and no context of the project registers the type.</summary>
    public const string NoFixForDomType = " (no automatic fix here: JSON's own DOM types need no generated metadata, so the fix scaffolds no context for them, and no API of the type itself does exactly what this call does (options, a Stream, a null value to write: see the rule's page); a JsonSerializerContext of the project that registers the type is used where there is one)";

    /// <summary>JP0002 on options created at the call or in a local: JP0001's fix caches them first.</summary>
    public const string NoFixForOptionsPerCall = " (no automatic fix here: the options are created in the method; the fix applies once they are in a static readonly field)";

    /// <summary>JP0002 on private static options that are used otherwise than as a serializer call's argument.</summary>
    public const string NoFixForOptionsUsedElsewhere = " (no automatic fix here: these options are also returned, stored or passed to code other than a serializer call, which may change them after the fix; pass them only to serializer calls, or cache a context)";

    /// <summary>JP0002 on static options whose declaration has #if: each target compiles other settings, which one context cannot mirror.</summary>
    public const string NoFixForConditionalOptions = " (no automatic fix here: these options are declared with #if, so the project's targets compile different settings, and a context made for one set of preprocessor symbols would serialize differently for the others)";

    /// <summary>JP0002 in conditionally compiled code: a fix sees one set of preprocessor symbols, the other targets would break.</summary>
    public const string NoFixInConditionalCode = " (no automatic fix here: the call is in code compiled under #if, and a fix made for one set of preprocessor symbols could break or duplicate what the other targets compile)";
}
