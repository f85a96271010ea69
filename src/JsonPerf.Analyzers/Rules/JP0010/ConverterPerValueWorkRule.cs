namespace JsonPerf.Analyzers;

// JP0010: its descriptor, the parts of its message and why its fix is not offered at a site.
internal static partial class Rules
{
    public const string ConverterPerValueWorkId = "JP0010";

    public static readonly DiagnosticDescriptor ConverterPerValueWork = new(
        ConverterPerValueWorkId,
        title: "Avoid per-value work in JSON converters",
        messageFormat: "{0}; {1}{2}",
        Category,
        DiagnosticSeverity.Info,
        isEnabledByDefault: true,
        description: "A JsonConverter<T>'s Read and Write run once for every value of their type the serializer meets. Parsing the value " +
                     "into a JsonDocument to read a discriminator and then deserializing it again parses it twice and allocates a DOM; " +
                     "a copy of the reader (a struct) can peek at the discriminator, or [JsonPolymorphic] can do it for you. GetString() " +
                     "compared with literals allocates a string that ValueTextEquals does without. A constant name or value passed to " +
                     "the writer as a string is transcoded and escaped each time; a static readonly JsonEncodedText is encoded once. A " +
                     "JsonElement parsed to read one scalar allocates what the reader's getters read directly. The fix is offered for " +
                     "constant names and values made of ASCII letters, digits, '_', '-' and '.'; the other shapes change how Read walks " +
                     "the JSON, and the rule's page shows the pattern to use.",
        helpLinkUri: HelpLinkBase + ConverterPerValueWorkId + ".md");

    public static readonly RuleRegistration ConverterPerValueWorkRegistration = new(ConverterPerValueWork, () => new ConverterPerValueWorkAnalyzer());

    internal static string ConverterParsesTwice(string domType) => "Read parses each value into a " + domType + " and then deserializes it again";

    public const string ConverterPeekWithReaderCopy = "peek at the discriminator on a copy of the reader, then deserialize from the reader";

    public const string ConverterComparesGetString = "GetString() allocates a string for each value only to compare it with literals";

    public const string ConverterUseValueTextEquals = "compare with ValueTextEquals(\"...\"u8), which allocates nothing";

    internal static string ConverterWritesConstant(string method) => method + " transcodes and escapes the same constant text for each value";

    internal static string ConverterWritesMappedName(string method) => method + " transcodes and escapes a name from a fixed set for each value";

    public const string ConverterUseEncodedText = "pass a static readonly JsonEncodedText, encoded once";

    internal static string ConverterParsesScalar(string domType) => "Read parses the value into a " + domType + " to read one scalar";

    public const string ConverterReadScalarDirectly = "read it from the reader (TokenType, GetInt32() and the like)";

    public const string NoFixConverterControlFlow = " (no automatic fix here: the pattern changes how Read walks the JSON; the rule's page shows it)";

    public const string NoFixValueTextEquals = " (no automatic fix here: ValueTextEquals throws on a null token and returns false on malformed text, where GetString() returns null or throws)";

    public const string NoFixEncoderMayDiffer = " (no automatic fix here: JsonEncodedText.Encode escapes with the default encoder, and the writer's encoder may escape this text differently)";

    public const string NoFixConstantNotStatic = " (no automatic fix here: a static field cannot read this constant as it is written (a local constant, say); make it a const field)";

    public const string NoFixNameMap = " (no automatic fix here: the text comes from a map or a field; keep JsonEncodedText values there instead)";

    public const string NoFixScalarParse = " (no automatic fix here: ParseValue also consumes an object or an array, which reading the scalar from the reader leaves for Read to skip)";
}
