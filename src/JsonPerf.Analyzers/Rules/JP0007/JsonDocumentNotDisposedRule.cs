namespace JsonPerf.Analyzers;

// JP0007: its descriptor.
internal static partial class Rules
{
    public const string JsonDocumentNotDisposedId = "JP0007";

    public static readonly DiagnosticDescriptor JsonDocumentNotDisposed = new(
        JsonDocumentNotDisposedId,
        title: "Dispose JsonDocument to return its pooled buffers",
        messageFormat: "{0} returns a JsonDocument never disposed, so its pooled arrays are not returned; dispose it with 'using', or Clone() an element to keep{1}",
        Category,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "JsonDocument rents the UTF-8 copy of its input and its token table from ArrayPool<byte>.Shared and returns them on " +
                     "Dispose. A document that is never disposed leaves those arrays to the garbage collector: the pool stays empty, every " +
                     "parse allocates fresh arrays (large ones on the Large Object Heap), and the process pays for more collections. " +
                     "Dispose the document where its elements are no longer used; an element that must outlive it comes from " +
                     "JsonElement.Parse (.NET 10) or RootElement.Clone().",
        helpLinkUri: HelpLinkBase + JsonDocumentNotDisposedId + ".md");

    public static readonly RuleRegistration JsonDocumentNotDisposedRegistration = new(JsonDocumentNotDisposed, () => new JsonDocumentNotDisposedAnalyzer());
}
