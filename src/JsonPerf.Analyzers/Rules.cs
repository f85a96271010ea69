namespace JsonPerf.Analyzers;

/// <summary>
/// The one table of rules: ids, titles, messages, severities and help links. Analyzers, the fixers,
/// the tests that check the docs and the release tracking all read these descriptors. The notes a message appends
/// where no fix is offered are in Shared/NoFixNotes.cs and, for one rule's own reasons, in its folder.
/// </summary>
internal static partial class Rules
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
