namespace JsonPerf.Analyzers;

// JP0005: its descriptor.
internal static partial class Rules
{
    public const string Utf16DetourId = "JP0005";

    public static readonly DiagnosticDescriptor Utf16Detour = new(
        Utf16DetourId,
        title: "Serialize to and deserialize from UTF-8 directly",
        messageFormat: "{0} takes the JSON through a UTF-16 string: it is transcoded an extra time and held as text twice its UTF-8 size (on the large object heap above about 42 KB); {1}{2}",
        Category,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "System.Text.Json reads and writes UTF-8. JsonSerializer.Serialize to a string transcodes its UTF-8 output to UTF-16, " +
                     "and Encoding.UTF8.GetBytes or File.WriteAllText transcode it back; Encoding.UTF8.GetString, File.ReadAllText, " +
                     "StreamReader.ReadToEnd and HttpContent.ReadAsStringAsync make a UTF-16 string of UTF-8 bytes that Deserialize transcodes back. SerializeToUtf8Bytes, " +
                     "the Deserialize overloads that take a ReadOnlySpan<byte> or a Stream, and ReadFromJsonAsync, skip the detour. The fix is offered where " +
                     "the bytes stay identical (serializing); reading is reported without a fix, because a string decoder replaces " +
                     "invalid UTF-8 with U+FFFD (and StreamReader and File.ReadAllText also decode UTF-16 and UTF-32 by their byte order " +
                     "mark) where the UTF-8 overloads throw. Only detours written inline are reported: a string that is also logged, " +
                     "stored or returned is needed anyway.",
        helpLinkUri: HelpLinkBase + Utf16DetourId + ".md");

    /// <summary>JP0005 on a StringContent of a local that holds the serialized text.</summary>
    public const string NoFixStringContentOfLocal = " (no automatic fix here: the text is held in a local; serialize inline, then the fix applies)";

    public static readonly RuleRegistration Utf16DetourRegistration = new(Utf16Detour, () => new Utf16DetourAnalyzer());
}
