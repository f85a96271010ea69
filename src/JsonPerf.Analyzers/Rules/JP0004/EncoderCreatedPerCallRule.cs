namespace JsonPerf.Analyzers;

// JP0004: its descriptor.
internal static partial class Rules
{
    public const string EncoderCreatedPerCallId = "JP0004";

    public static readonly DiagnosticDescriptor EncoderCreatedPerCall = new(
        EncoderCreatedPerCallId,
        title: "Cache JavaScriptEncoder instead of creating it per call",
        messageFormat: "JavaScriptEncoder.Create builds an 8 KB encoder per call, and options holding it miss the metadata cache; cache it in a static readonly field{0}",
        Category,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "JavaScriptEncoder.Create allocates and fills a new encoder each time. The serializer compares encoders by reference, so " +
                     "options that get a new encoder per call are a cache miss and rebuild all type metadata on every call. Encoders are " +
                     "immutable and thread-safe: create each one once. Do not switch to UnsafeRelaxedJsonEscaping to save the cost: it " +
                     "stops escaping HTML-sensitive characters.",
        helpLinkUri: HelpLinkBase + EncoderCreatedPerCallId + ".md");

    public static readonly RuleRegistration EncoderCreatedPerCallRegistration = new(EncoderCreatedPerCall, () => new JavaScriptEncoderCreatedPerCallAnalyzer());

    public const string NoFixDiscardedEncoder = " (no fix: nothing uses the encoder; remove the call)";
}
