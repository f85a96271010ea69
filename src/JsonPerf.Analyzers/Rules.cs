namespace JsonPerf.Analyzers;

/// <summary>
/// The one table of rules: ids, titles, messages, severities and help links. Analyzers, the fixers,
/// the tests that check the docs and the release tracking all read these descriptors.
/// </summary>
internal static class Rules
{
    public const string Category = "Performance";

    /// <summary>The rule docs of the version this package shipped as (the tag v{Version}), not of the newest commit.</summary>
    public const string HelpLinkBase = PackageInfo.RepositoryUrl + "/blob/v" + PackageInfo.Version + "/docs/rules/";

    public const string OptionsCreatedPerCallId = "JP0001";

    public static readonly DiagnosticDescriptor OptionsCreatedPerCall = new(
        OptionsCreatedPerCallId,
        title: "Cache JsonSerializerOptions instead of creating them per call",
        messageFormat: "JsonSerializerOptions created on every call {0}; cache them in a static readonly field and reuse them{1}",
        Category,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "Each JsonSerializerOptions instance owns the serializer's cache of per-type metadata. Options created per call " +
                     "allocate and look that cache up on every call; when they also create converter, encoder, naming-policy or resolver " +
                     "instances, the lookup misses and every call rebuilds the metadata with reflection and JIT. Create the options once.",
        helpLinkUri: HelpLinkBase + OptionsCreatedPerCallId + ".md");

    /// <summary>Message argument of JP0001 when the options only hold value settings (a cache lookup per call).</summary>
    /// <summary>
    /// Appended to the message of a rule whose analyzer already knows that its fix is not offered at the site (the
    /// lightbulb and dotnet format would otherwise just say nothing); empty where the fix is offered.
    /// </summary>
    public const string NoAutomaticFix = " (no automatic fix here: see 'When the fix is not offered' on the rule's page)";

    /// <summary>JP0001 where the fix is declined only because a JsonSerializerContext is built on the options and cannot be cached in their place.</summary>
    public const string NoFixOptionsBoundToContext = " (no automatic fix here: a JsonSerializerContext built on these options makes them its own, so they cannot be shared; cache the context instead)";

    internal static string FixNote(bool fixable, bool onlyBoundToContext = false)
        => fixable ? "" : onlyBoundToContext ? NoFixOptionsBoundToContext : NoAutomaticFix;

    /// <summary>JP0002: an ASP.NET Core helper in a <c>RequestDelegate</c> passed to <c>MapGet</c>/<c>MapPost</c>/...</summary>
    public const string NoFixInRequestDelegate = " (no automatic fix here: the call is in a RequestDelegate endpoint, and with generated metadata in it ASP.NET Core's request delegate generator, which cannot see that metadata, would intercept the wrong MapGet overload and break the build)";

    /// <summary>JP0002 on ASP.NET Core's helpers without options: what they write depends on the app's configuration.</summary>
    public const string NoFixForAppOptions = " (no automatic fix here: without options ASP.NET Core serializes with the app's configured JSON options, which a context's metadata would replace)";

    /// <summary>JP0006 on <c>JsonDocument.Parse(element.GetRawText())</c>.</summary>
    public const string NoFixForDocumentText = " (no automatic fix here: SerializeToDocument writes the element anew, so the new document's raw text would lose the original whitespace and escaping)";

    /// <summary>JP0002 on JsonDocument, JsonElement or JsonNode where no DOM API does the same and no context of the project registers the type.</summary>
    public const string NoFixForDomType = " (no automatic fix here: JSON's own DOM types need no generated metadata, so the fix scaffolds no context for them, and no API of the type itself does exactly what this call does (options, a Stream, a null value to write: see the rule's page); a JsonSerializerContext of the project that registers the type is used where there is one)";

    /// <summary>JP0006 on <c>JsonNode.Parse(element.GetRawText())</c> where no context of the project registers JsonElement.</summary>
    public const string NoFixElementToNodeWithoutMetadata = " (no automatic fix here: JsonSerializer.SerializeToNode(element) without a JsonTypeInfo needs reflection metadata, which this call does not, and throws where reflection is off (an AOT app loading this code); register JsonElement on a JsonSerializerContext of the project ([JsonSerializable(typeof(JsonElement))]) and the fix passes its metadata)";

    /// <summary>JP0002 on options created at the call or in a local: JP0001's fix caches them first.</summary>
    public const string NoFixForOptionsPerCall = " (no automatic fix here: the options are created in the method; cache them in a static readonly field first (JP0001's fix), and this fix applies there)";

    /// <summary>JP0002 on private static options that are used otherwise than as a serializer call's argument.</summary>
    public const string NoFixForOptionsUsedElsewhere = " (no automatic fix here: these options are also returned, stored or passed to code other than a serializer call, which may change them after the fix; pass them only to serializer calls, or cache a context)";

    /// <summary>JP0002 on static options whose declaration has #if: each target compiles other settings, which one context cannot mirror.</summary>
    public const string NoFixForConditionalOptions = " (no automatic fix here: these options are declared with #if, so the project's targets compile different settings, and a context made for one set of preprocessor symbols would serialize differently for the others)";

    /// <summary>Any rule, under #if in a project with several target frameworks: a fix makes one edit for every target.</summary>
    public const string NoFixForTargets = " (no automatic fix here: the code is under #if in a project with several target frameworks, and a fix must make the same edit for every target)";

    /// <summary>JP0002 in conditionally compiled code: a fix sees one set of preprocessor symbols, the other targets would break.</summary>
    public const string NoFixInConditionalCode = " (no automatic fix here: the call is in code compiled under #if, and a fix made for one set of preprocessor symbols could break or duplicate what the other targets compile)";

    public const string OptionsCostLookup = "cost an allocation and a metadata-cache lookup each time";

    /// <summary>Message argument of JP0001 when the options create reference-compared instances (a cache miss per call).</summary>
    public const string OptionsCostRebuild = "hold new converter, encoder, policy or resolver instances, so the serializer's metadata cache misses and rebuilds type metadata each time";

    /// <summary>
    /// Message argument of JP0001 at a call of the project's own factory method, reported where its result goes to the
    /// serializer: names the factory, then the cost (<see cref="OptionsCostLookup"/> or <see cref="OptionsCostRebuild"/>).
    /// </summary>
    internal static string OptionsCostThroughFactory(string factory, string cost) => "by the factory method '" + factory + "' " + cost;

    /// <summary>A coalescing factory (<c>o ?? new ...</c>) handed an optional parameter whose default is null.</summary>
    internal static string OptionsCostThroughFactoryByDefault(string factory, string parameter, string method, string cost)
        => "by the factory method '" + factory + "' whenever '" + parameter + "' is null, its default (each call of '" + method + "' that leaves it out) " + cost;

    public const string EncoderCreatedPerCallId = "JP0004";

    public static readonly DiagnosticDescriptor EncoderCreatedPerCall = new(
        EncoderCreatedPerCallId,
        title: "Cache JavaScriptEncoder instead of creating it per call",
        messageFormat: "JavaScriptEncoder.Create builds a new encoder, with an 8 KB table of allowed characters, on every call, and serializer options holding a new encoder miss the metadata cache; cache the encoder in a static readonly field{0}",
        Category,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "JavaScriptEncoder.Create allocates and fills a new encoder each time. The serializer compares encoders by reference, so " +
                     "options that get a new encoder per call are a cache miss and rebuild all type metadata on every call. Encoders are " +
                     "immutable and thread-safe: create each one once. Do not switch to UnsafeRelaxedJsonEscaping to save the cost: it " +
                     "stops escaping HTML-sensitive characters.",
        helpLinkUri: HelpLinkBase + EncoderCreatedPerCallId + ".md");

    public const string CaseInsensitiveWithoutNamingPolicyId = "JP0003";

    public static readonly DiagnosticDescriptor CaseInsensitiveWithoutNamingPolicy = new(
        CaseInsensitiveWithoutNamingPolicyId,
        title: "Add a naming policy to case-insensitive property matching",
        messageFormat: "PropertyNameCaseInsensitive without a naming policy: JSON written in camelCase matches exactly, and faster, with a camelCase naming policy; case-insensitive matching stays as a fallback",
        Category,
        DiagnosticSeverity.Hidden,
        isEnabledByDefault: true,
        description: "With PropertyNameCaseInsensitive = true and no PropertyNamingPolicy, camelCase JSON never matches the PascalCase " +
                     "property names exactly and the serializer falls back to a case-insensitive comparison. That cost 1.5x-1.7x on " +
                     ".NET Core 3.1 and .NET 5; on .NET 10 the serializer's name cache makes it unmeasurable after warm-up, so the rule is " +
                     "hidden by default. A naming policy also renames properties when serializing, so the fix is only offered for options " +
                     "used only to deserialize.",
        helpLinkUri: HelpLinkBase + CaseInsensitiveWithoutNamingPolicyId + ".md");

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

    public const string Utf16DetourId = "JP0005";

    public static readonly DiagnosticDescriptor Utf16Detour = new(
        Utf16DetourId,
        title: "Serialize to and deserialize from UTF-8 directly",
        messageFormat: "{0} takes the JSON through a UTF-16 string: it is transcoded an extra time and held as text twice its UTF-8 size (on the large object heap above about 42 KB); {1}{2}",
        Category,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "System.Text.Json reads and writes UTF-8. JsonSerializer.Serialize to a string transcodes its UTF-8 output to UTF-16, " +
                     "and Encoding.UTF8.GetBytes or File.WriteAllText transcode it back; Encoding.UTF8.GetString, File.ReadAllText, " +
                     "StreamReader.ReadToEnd and HttpContent.ReadAsStringAsync make a UTF-16 string of UTF-8 bytes that Deserialize transcodes back. SerializeToUtf8Bytes, " +
                     "the Deserialize overloads that take a ReadOnlySpan<byte> or a Stream, and ReadFromJsonAsync, skip the detour. The fix is offered where " +
                     "the bytes stay identical (serializing); reading is reported without a fix, because a string decoder replaces " +
                     "invalid UTF-8 with U+FFFD (and StreamReader and File.ReadAllText also decode UTF-16 and UTF-32 by their byte order " +
                     "mark) where the UTF-8 overloads throw. Only detours written inline are reported: a string that is also logged, " +
                     "stored or returned is needed anyway.",
        helpLinkUri: HelpLinkBase + Utf16DetourId + ".md");

    public const string ConvertWithoutTextId = "JP0006";

    public static readonly DiagnosticDescriptor ConvertWithoutText = new(
        ConvertWithoutTextId,
        title: "Convert between JSON representations without a string",
        messageFormat: "{0} goes through a UTF-16 string: the JSON is transcoded from and back to UTF-8 and held as text twice its UTF-8 size (on the large object heap above about 42 KB); call {1} instead{2}",
        Category,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "System.Text.Json reads and writes UTF-8. JsonSerializer.Serialize to a string, JsonElement.GetRawText() and " +
                     "JsonNode.ToJsonString() transcode the JSON to a UTF-16 string, and parsing that string transcodes it back. " +
                     "SerializeToDocument, SerializeToElement and SerializeToNode, and the Deserialize overloads that take a JsonElement " +
                     "or a JsonNode, convert directly. Only conversions written inline are reported: a string that is also logged, " +
                     "stored or returned is needed anyway.",
        helpLinkUri: HelpLinkBase + ConvertWithoutTextId + ".md");

    public const string JsonDocumentNotDisposedId = "JP0007";

    public static readonly DiagnosticDescriptor JsonDocumentNotDisposed = new(
        JsonDocumentNotDisposedId,
        title: "Dispose JsonDocument to return its pooled buffers",
        messageFormat: "{0} returns a JsonDocument that is never disposed, so its buffers rented from the shared ArrayPool are never returned and every parse allocates new ones; dispose it with 'using', or use JsonElement.Parse or RootElement.Clone() for an element that must outlive it{1}",
        Category,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "JsonDocument rents the UTF-8 copy of its input and its token table from ArrayPool<byte>.Shared and returns them on " +
                     "Dispose. A document that is never disposed leaves those arrays to the garbage collector: the pool stays empty, every " +
                     "parse allocates fresh arrays (large ones on the Large Object Heap), and the process pays for more collections. " +
                     "Dispose the document where its elements are no longer used; an element that must outlive it comes from " +
                     "JsonElement.Parse (.NET 10) or RootElement.Clone().",
        helpLinkUri: HelpLinkBase + JsonDocumentNotDisposedId + ".md");

    public const string MinimalApiTypeWithoutMetadataId = "JP0008";

    public static readonly DiagnosticDescriptor MinimalApiTypeWithoutMetadata = new(
        MinimalApiTypeWithoutMetadataId,
        title: "Register minimal API request and response types on the context of ConfigureHttpJsonOptions",
        messageFormat: "'{0}' is {1}, and no JsonSerializerContext that ConfigureHttpJsonOptions adds has metadata for it: with reflection-based serialization off, the app throws NotSupportedException (JsonTypeInfo metadata not provided) at run time; register it with [JsonSerializable(typeof({0}))] on {2}",
        Category,
        DiagnosticSeverity.Info,
        isEnabledByDefault: true,
        description: "In a native-AOT or trimmed ASP.NET Core app, reflection-based serialization is off and minimal API endpoints read " +
                     "request bodies and write responses with the metadata of the resolvers set by ConfigureHttpJsonOptions. A body or " +
                     "response type that none of those contexts registers makes building the endpoints (or writing a typed result) throw " +
                     "NotSupportedException at run time; neither the build, the publish nor ASP.NET Core's analyzers report it. Reported " +
                     "only where the project's own code configures the options with contexts alone. A warning in projects that publish " +
                     "trimmed or native AOT, or that turn reflection off.",
        helpLinkUri: HelpLinkBase + MinimalApiTypeWithoutMetadataId + ".md");
}

/// <summary>What an analyzer hands its fixer through <see cref="Diagnostic.Properties"/> (keys; the value is "true" unless said).</summary>
internal static class DiagnosticProperties
{
    /// <summary>JP0001, JP0004: the fix can move the value (and folded statements) into a static readonly field.</summary>
    public const string Fixable = "Fixable";

    /// <summary>JP0001, with <see cref="Fixable"/>: the options go to a JsonSerializerContext's constructor, and the fix caches that context.</summary>
    public const string CacheContext = "CacheContext";

    /// <summary>JP0001: <see cref="Fixable"/> and <see cref="CacheContext"/>.</summary>
    public static readonly ImmutableDictionary<string, string?> FixableByCachingContext = ImmutableDictionary<string, string?>.Empty.Add(Fixable, "true").Add(CacheContext, "true");

    /// <summary>JP0002: the call uses the default options (none, <c>null</c> or <c>JsonSerializerOptions.Default</c>).</summary>
    public const string DefaultOptions = "DefaultOptions";

    /// <summary>JP0002: the options are a static field or property initialized in source.</summary>
    public const string StaticOptions = "StaticOptions";

    /// <summary>JP0002: a System.Net.Http.Json call without options (or with <c>null</c>): it serializes with the Web defaults.</summary>
    public const string WebDefaults = "WebDefaults";

    /// <summary>
    /// JP0002: an ASP.NET Core helper without options in a trimmed/AOT app whose configured JSON options are ASP.NET Core's
    /// defaults with one context first in the chain (<c>HttpDefaultsContext</c>): the call takes that context's metadata on the same settings.
    /// </summary>
    public const string HttpDefaults = "HttpDefaults";

    /// <summary>
    /// JP0002 on a DOM type: the call becomes the type's own API (the value: <c>Parse</c>, <c>ParseValue</c> or <c>WriteTo</c>,
    /// the analyzer's Dom* constants), with no context.
    /// </summary>
    public const string DomApi = "DomApi";

    /// <summary>JP0008: the type to register, fully qualified (the value).</summary>
    public const string TypeName = "Type";

    /// <summary>JP0006's element to node copy: the context whose metadata the fix passes, fully qualified (the value).</summary>
    public const string Context = "Context";

    /// <summary>JP0006's element to node copy: the context's JsonTypeInfo&lt;JsonElement&gt; property (the value).</summary>
    public const string TypeInfoProperty = "TypeInfoProperty";

    /// <summary>JP0005, JP0006, JP0007: which rewrite the fix applies (the value is one of the analyzer's Fix* constants); absent: no fix.</summary>
    public const string FixKind = "Fix";

    public static readonly ImmutableDictionary<string, string?> None = ImmutableDictionary<string, string?>.Empty;

    // The flags ("true") are few and reported at every site: one dictionary each, shared (they are immutable).
    private static readonly System.Collections.Concurrent.ConcurrentDictionary<string, ImmutableDictionary<string, string?>> s_flags = new(StringComparer.Ordinal);

    public static ImmutableDictionary<string, string?> With(string key, string value = "true")
        => value == "true" ? s_flags.GetOrAdd(key, static k => None.Add(k, "true")) : None.Add(key, value);
}
