namespace JsonPerf.Analyzers;

/// <summary>
/// JP0007's fixes: the analyzer names one under <see cref="DiagnosticProperties.FixKind"/> at each site it can fix, and
/// the element expressions that get <c>.Clone()</c> as the diagnostic's additional locations.
/// </summary>
internal static class DocumentDisposalFix
{
    /// <summary>A local document: <c>using</c> on its declaration.</summary>
    public const string Using = "Using";

    /// <summary><c>JsonDocument.Parse(x).RootElement</c> or <c>ParseValue(ref r).RootElement</c>: <c>JsonElement.Parse(x)</c> (.NET 10) or <c>JsonElement.ParseValue(ref r)</c>.</summary>
    public const string ElementParse = "ElementParse";

    /// <summary>A statement that starts with <c>JsonDocument.Parse(x).RootElement...</c>: <c>using var document = JsonDocument.Parse(x);</c> before it.</summary>
    public const string UsingBefore = "UsingBefore";

    /// <summary><c>JsonSerializer.SerializeToDocument(v, o).RootElement</c>: <c>JsonSerializer.SerializeToElement(v, o)</c>.</summary>
    public const string SerializeToElement = "SerializeToElement";
}
