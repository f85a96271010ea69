namespace JsonPerf.Analyzers;

// JP0006: its descriptor, why its fix is not offered at a site, and what it hands its fixer.
internal static partial class Rules
{
    public const string ConvertWithoutTextId = "JP0006";

    public static readonly DiagnosticDescriptor ConvertWithoutText = new(
        ConvertWithoutTextId,
        title: "Convert between JSON representations without a string",
        messageFormat: "{0} {1}; call {2} instead{3}",
        Category,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "System.Text.Json reads and writes UTF-8. JsonSerializer.Serialize to a string, JsonElement.GetRawText() and " +
                     "JsonNode.ToJsonString() transcode the JSON to a UTF-16 string, and parsing that string transcodes it back. " +
                     "SerializeToDocument, SerializeToElement and SerializeToNode, and the Deserialize overloads that take a JsonElement " +
                     "or a JsonNode, convert directly: the text, twice its UTF-8 size as UTF-16 and on the large object heap above " +
                     "about 42 KB, is never made. A DOM serialized only to be written to a Utf8JsonWriter (SerializeToElement(x).WriteTo(writer)) " +
                     "is built, then read again (also when it is copied property by property between WriteStartObject and WriteEndObject): " +
                     "JsonSerializer.Serialize(writer, x) writes the same JSON directly. Only conversions " +
                     "written inline or through a local used once are reported: a string or DOM that is also logged, stored or read is needed anyway. " +
                     "The fix is not offered where the result could differ: a document made anew by SerializeToDocument loses the " +
                     "original whitespace and escaping; GetRawText().Length counts UTF-16 characters where the UTF-8 length counts bytes; " +
                     "JsonSerializer.SerializeToNode(element) without a JsonTypeInfo needs reflection metadata and throws where reflection " +
                     "is off, so the fix passes the metadata of a context that registers JsonElement ([JsonSerializable(typeof(JsonElement))]).",
        helpLinkUri: HelpLinkBase + ConvertWithoutTextId + ".md");

    public static readonly RuleRegistration ConvertWithoutTextRegistration = new(ConvertWithoutText, () => new ConvertWithoutTextAnalyzer());

    /// <summary>The cost JP0006 names for a conversion through text.</summary>
    public const string ThroughText = "makes a UTF-16 copy of the JSON";

    /// <summary>The cost JP0006 names for a DOM built only to be written.</summary>
    public const string DomOnlyWritten = "builds a DOM only to write it";

    /// <summary>The cost JP0006 names for a DOM's text made only for its length.</summary>
    public const string TextOnlyCounted = "builds a UTF-16 string only to count it";

    /// <summary>JP0006 on <c>element.GetRawText().Length</c>.</summary>
    public const string NoFixForUtf8Length = " (no fix: it counts UTF-8 bytes, not characters)";

    /// <summary>JP0006 on a serialized element copied to a writer property by property (EnumerateObject throws on a value that is not an object).</summary>
    public const string NoFixPropertyCopy = " (no fix: EnumerateObject throws on a non-object)";

    /// <summary>JP0006 on that copy with a property written beside the copied ones.</summary>
    public const string NoFixAddedProperty = " (no fix: it writes an added property)";

    /// <summary>JP0006 on a parse of a JsonObject's or JsonArray's ToString().</summary>
    public const string NoFixForNodeToString = " (no fix: the parser's options and number forms may differ)";

    /// <summary>JP0006 on a parse of a local that holds a DOM's text.</summary>
    public const string NoFixThroughLocal = " (no fix: the text is held in a local; convert inline)";


    /// <summary>JP0006 on <c>JsonDocument.Parse(element.GetRawText())</c>.</summary>
    public const string NoFixForDocumentText = " (no fix: it would lose the original whitespace and escaping)";

    /// <summary>JP0006 on <c>JsonNode.Parse(element.GetRawText())</c> where no context of the project registers JsonElement.</summary>
    public const string NoFixElementToNodeWithoutMetadata = " (no fix: register JsonElement on a JsonSerializerContext first)";
}

internal static partial class DiagnosticProperties
{
    /// <summary>JP0006's element to node copy: the context whose metadata the fix passes, fully qualified (the value).</summary>
    public const string Context = "Context";

    /// <summary>JP0006's element to node copy: the context's JsonTypeInfo&lt;JsonElement&gt; property (the value).</summary>
    public const string TypeInfoProperty = "TypeInfoProperty";
}
