using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers;

/// <summary>
/// The one table of rules: ids, titles, messages, severities and help links. Analyzers, the fixers,
/// the tests that check the docs and the release tracking all read these descriptors.
/// </summary>
internal static class Rules
{
    public const string Category = "Performance";
    public const string HelpLinkBase = "https://github.com/JsonPerf/JsonPerf.Analyzers/blob/main/docs/rules/";

    public const string OptionsCreatedPerCallId = "JP0001";

    public static readonly DiagnosticDescriptor OptionsCreatedPerCall = new(
        OptionsCreatedPerCallId,
        title: "Cache JsonSerializerOptions instead of creating them per call",
        messageFormat: "JsonSerializerOptions created on every call {0}; cache them in a static readonly field and reuse them",
        Category,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "Each JsonSerializerOptions instance owns the serializer's cache of per-type metadata. Options created per call " +
                     "allocate and look that cache up on every call; when they also create converter, encoder, naming-policy or resolver " +
                     "instances, the lookup misses and every call rebuilds the metadata with reflection and JIT. Create the options once.",
        helpLinkUri: HelpLinkBase + OptionsCreatedPerCallId + ".md");

    /// <summary>Message argument of JP0001 when the options only hold value settings (a cache lookup per call).</summary>
    public const string OptionsCostLookup = "cost an allocation and a metadata-cache lookup each time";

    /// <summary>Message argument of JP0001 when the options create reference-compared instances (a cache miss per call).</summary>
    public const string OptionsCostRebuild = "hold new converter, encoder, policy or resolver instances, so the serializer's metadata cache misses and rebuilds type metadata each time";
}
