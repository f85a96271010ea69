namespace JsonPerf.Analyzers;

// JP0005: its descriptor.
internal static partial class Rules
{
    public const string Utf16DetourId = "JP0005";

    public static readonly DiagnosticDescriptor Utf16Detour = new(
        Utf16DetourId,
        title: "Serialize to and deserialize from UTF-8 directly",
        messageFormat: "{0} makes a UTF-16 copy of the JSON; {1}{2}",
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
                     "stored or returned is needed anyway; JSON framed by other text before GetBytes ($\"data: {json}\\n\\n\") is reported where it runs " +
                     "per call, without a fix. The string is twice the UTF-8 size, on the large object heap above about 42 KB. " +
                     "ReadFromJsonAsync and GetFromJsonAsync without options use the Web defaults: pass the options Deserialize had " +
                     "(JsonSerializerOptions.Default where it had none) or its JsonTypeInfo; they decode a declared non-UTF-8 charset. " +
                     "Without System.Net.Http.Json (netstandard2.0 without the package), deserialize from ReadAsStreamAsync(). " +
                     "JsonContent.Create streams without a Content-Length, where a ByteArrayContent of SerializeToUtf8Bytes keeps it.",
        helpLinkUri: HelpLinkBase + Utf16DetourId + ".md");

    /// <summary>JP0005 on a StringContent of a local that holds the serialized text.</summary>
    public const string NoFixStringContentOfLocal = " (no fix: the text is held in a local; serialize inline)";

    public static readonly RuleRegistration Utf16DetourRegistration = new(Utf16Detour, () => new Utf16DetourAnalyzer());

    /// <summary>JP0005 on JSON framed by other text (<c>GetBytes($"data: {json}\n\n")</c>): without the string, the text around the JSON is written apart.</summary>
    public const string NoFixFramedJson = " (no fix: it takes separate writes)";

    /// <summary>JP0005 on a read whose UTF-8 counterpart throws on invalid UTF-8, where the string's decoder substitutes U+FFFD.</summary>
    public const string NoFixInvalidUtf8 = " (no fix: it throws on invalid UTF-8)";

    /// <summary>JP0005 on a read whose UTF-8 counterpart reads only UTF-8, where the string's reader also decodes UTF-16 and UTF-32 by their byte order mark.</summary>
    public const string NoFixOnlyUtf8 = " (no fix: it reads only UTF-8)";
}
