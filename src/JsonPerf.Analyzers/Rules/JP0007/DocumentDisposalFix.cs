namespace JsonPerf.Analyzers;

/// <summary>JP0007's fixes: the analyzer names one under <see cref="DiagnosticProperties.FixKind"/> at each site it can fix.</summary>
internal static class DocumentDisposalFix
{
    /// <summary>
    /// The document is a local whose elements are used up in its block or leave it from a JsonElement expression:
    /// add <c>using</c> to its declaration, and <c>.Clone()</c> at each such expression (none when nothing leaves).
    /// </summary>
    public const string Using = "Using";

    /// <summary><c>JsonDocument.Parse(x).RootElement</c> where <c>JsonElement.Parse(x)</c> exists (.NET 10+).</summary>
    public const string ElementParse = "ElementParse";

    /// <summary>
    /// <c>JsonDocument.Parse(x).RootElement...</c> at the start of a statement: <c>using var document = JsonDocument.Parse(x);</c>
    /// before it and <c>document.RootElement...</c> in it; <c>.Clone()</c> only where an element outlives the block
    /// (or on the root element when that cannot be told). Preferred to <see cref="ElementParse"/> when nothing
    /// outlives the block: the pooled buffers are reused and nothing is copied.
    /// </summary>
    public const string UsingBefore = "UsingBefore";

    /// <summary><c>JsonSerializer.SerializeToDocument(v, o).RootElement</c>: <c>JsonSerializer.SerializeToElement(v, o)</c>.</summary>
    public const string SerializeToElement = "SerializeToElement";
}
