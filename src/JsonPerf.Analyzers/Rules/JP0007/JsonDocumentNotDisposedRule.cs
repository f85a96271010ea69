namespace JsonPerf.Analyzers;

// JP0007: its descriptor, and why its fix is not offered at a site.
internal static partial class Rules
{
    public const string JsonDocumentNotDisposedId = "JP0007";

    public static readonly DiagnosticDescriptor JsonDocumentNotDisposed = new(
        JsonDocumentNotDisposedId,
        title: "Dispose JsonDocument to return its pooled buffers",
        messageFormat: "{0} returns a JsonDocument that is never disposed, so its pooled buffers are lost; dispose it with 'using', or use JsonElement.Parse for an element that outlives it{1}",
        Category,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "JsonDocument rents the UTF-8 copy of its input and its token table from ArrayPool<byte>.Shared and returns them on " +
                     "Dispose. A document that is never disposed leaves those arrays to the garbage collector: the pool stays empty, every " +
                     "parse allocates fresh arrays (large ones on the Large Object Heap), and the process pays for more collections. " +
                     "Dispose the document where its elements are no longer used; an element that must outlive it comes from " +
                     "JsonElement.Parse (.NET 10), JsonElement.ParseValue or RootElement.Clone().",
        helpLinkUri: HelpLinkBase + JsonDocumentNotDisposedId + ".md");

    public static readonly RuleRegistration JsonDocumentNotDisposedRegistration = new(JsonDocumentNotDisposed, () => new JsonDocumentNotDisposedAnalyzer());

    internal static string DocumentNoFix(string why) => " (no fix: " + why + ")";

    internal const string DocumentNeedsCSharp8 = "using declarations need C# 8";

    internal const string DocumentNotAtStatementStart = "the call does not start a statement of a block";

    internal const string DocumentBlockHasLabels = "the block has labels, and a goto could jump over a using";

    internal const string DocumentIsOutVariable = "the document is TryParseValue's out variable";

    internal const string DocumentDiscarded = "the document is discarded";

    internal const string DocumentReadWithConditionalAccess = "the document is read with ?.";

    internal const string DocumentFromBranch = "the document comes from a branch of ?:, ?? or switch";

    internal const string DocumentConverted = "the call is wrapped in a cast or conversion";

    internal const string DocumentAssignedLater = "the local is assigned after its declaration";

    internal const string DocumentSharesDeclaration = "the declaration declares other variables too";

    internal const string DocumentLocalOfOtherType = "the local is not declared as JsonDocument";

    internal const string DocumentNotInBlock = "the local is not declared in a block";

    internal const string DocumentNoSerializeToElement = "JsonSerializer.SerializeToElement needs .NET 6";

    internal const string DocumentNoElementParseAsync = "there is no JsonElement.ParseAsync";

    internal const string DocumentNoElementParse = "JsonElement.Parse needs .NET 10";

    internal const string DocumentNoElementParseValue = "JsonElement.ParseValue is missing";

    internal static string DocumentCalledInPlace(string method) => method + " is called on the document in place";

    internal static string DocumentElementParseTakesNo(string type) => "JsonElement.Parse takes no " + type;
}
