namespace JsonPerf.Analyzers;

// JP0006: why its fix is not offered at a site, and what it hands its fixer.
internal static partial class Rules
{
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
