namespace JsonPerf.Analyzers;

// JP0006: its descriptor, why its fix is not offered at a site, and what it hands its fixer.
internal static partial class Rules
{
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

    public static readonly RuleRegistration ConvertWithoutTextRegistration = new(ConvertWithoutText, () => new ConvertWithoutTextAnalyzer());

    /// <summary>JP0006 on <c>JsonDocument.Parse(element.GetRawText())</c>.</summary>
    public const string NoFixForDocumentText = " (no automatic fix here: SerializeToDocument writes the element anew, so the new document's raw text would lose the original whitespace and escaping)";

    /// <summary>JP0006 on <c>JsonNode.Parse(element.GetRawText())</c> where no context of the project registers JsonElement.</summary>
    public const string NoFixElementToNodeWithoutMetadata = " (no automatic fix here: JsonSerializer.SerializeToNode(element) without a JsonTypeInfo needs reflection metadata, which this call does not, and throws where reflection is off (an AOT app loading this code); register JsonElement on a JsonSerializerContext of the project ([JsonSerializable(typeof(JsonElement))]) and the fix passes its metadata)";
}

internal static partial class DiagnosticProperties
{
    /// <summary>JP0006's element to node copy: the context whose metadata the fix passes, fully qualified (the value).</summary>
    public const string Context = "Context";

    /// <summary>JP0006's element to node copy: the context's JsonTypeInfo&lt;JsonElement&gt; property (the value).</summary>
    public const string TypeInfoProperty = "TypeInfoProperty";
}
