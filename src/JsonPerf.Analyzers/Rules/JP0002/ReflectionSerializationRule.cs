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

    public const string NoFixInRequestDelegate = " (no automatic fix here: the call is in a RequestDelegate endpoint, and with generated metadata in it ASP.NET Core's request delegate generator, which cannot see that metadata, would intercept the wrong MapGet overload and break the build)";

    public const string NoFixForAppOptions = " (no automatic fix here: without options ASP.NET Core serializes with the app's configured JSON options, which a context's metadata would replace)";

    public const string NoFixForDomType = " (no automatic fix here: JSON's own DOM types need no generated metadata, so the fix scaffolds no context for them, and no API of the type itself does exactly what this call does (options, a Stream, a null value to write: see the rule's page); a JsonSerializerContext of the project that registers the type is used where there is one)";

    public const string NoFixForOptionsPerCall = " (no automatic fix here: the options are created in the method; the fix applies once they are in a static readonly field)";

    public const string NoFixForOptionsUsedElsewhere = " (no automatic fix here: these options are also returned, stored or passed to code other than a serializer call, which may change them after the fix; pass them only to serializer calls, or cache a context)";

    public const string NoFixForConditionalOptions = " (no automatic fix here: these options are declared with #if, so the project's targets compile different settings, and a context made for one set of preprocessor symbols would serialize differently for the others)";

    public const string NoFixInConditionalCode = " (no automatic fix here: the call is in code compiled under #if, and a fix made for one set of preprocessor symbols could break or duplicate what the other targets compile)";
}
