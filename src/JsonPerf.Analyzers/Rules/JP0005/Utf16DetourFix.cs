namespace JsonPerf.Analyzers;

/// <summary>JP0005's fixes: the analyzer names one under <see cref="DiagnosticProperties.FixKind"/> at each site it can fix.</summary>
internal static class Utf16DetourFix
{
    /// <summary><c>Encoding.UTF8.GetBytes(JsonSerializer.Serialize(...))</c>: the fix calls <c>SerializeToUtf8Bytes</c> with the same arguments.</summary>
    public const string SerializeToUtf8Bytes = "SerializeToUtf8Bytes";

    /// <summary><c>File.WriteAllText[Async](path, JsonSerializer.Serialize(...)[, ct])</c>: the fix writes <c>SerializeToUtf8Bytes</c> with <c>WriteAllBytes[Async]</c>.</summary>
    public const string WriteAllBytes = "WriteAllBytes";

    /// <summary><c>var json = JsonSerializer.Serialize(...);</c> right before <c>Encoding.UTF8.GetBytes(json)</c>: the fix folds the declaration into <c>SerializeToUtf8Bytes</c>.</summary>
    public const string FoldLocalToUtf8Bytes = "FoldLocalToUtf8Bytes";

    /// <summary><c>new StringContent(JsonSerializer.Serialize(...)[, Encoding.UTF8[, mediaType]])</c>: the fix sends a ByteArrayContent of SerializeToUtf8Bytes.</summary>
    public const string ByteArrayContent = "ByteArrayContent";

    /// <summary><c>JsonSerializer.Deserialize(JsonSerializer.Serialize(...), ...)</c>: the inner call becomes <c>SerializeToUtf8Bytes</c>, read by the span overload.</summary>
    public const string RoundTrip = "RoundTrip";

    /// <summary><c>var json = JsonSerializer.Serialize(...);</c> read only by <c>Deserialize(json, ...)</c>: the local holds <c>SerializeToUtf8Bytes(...)</c>.</summary>
    public const string RoundTripLocal = "RoundTripLocal";

    /// <summary><c>BinaryData.FromString(JsonSerializer.Serialize(...))</c>: <c>new BinaryData(JsonSerializer.SerializeToUtf8Bytes(...))</c>.</summary>
    public const string BinaryDataBytes = "BinaryDataBytes";
}
