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
                     "compared with literals, or only looked up in a fixed map of names, allocates a string that ValueTextEquals does without. A constant name or value passed to " +
                     "the writer as a string is transcoded and escaped each time; a static readonly JsonEncodedText is encoded once. A " +
                     "JsonElement parsed to read one scalar, or to walk an array of scalars front to back, allocates what the reader reads token by token. The fix is offered for " +
                     "constant names and values made of ASCII letters, digits, '_', '-' and '.'; the other shapes change how Read walks " +
                     "the JSON, and the rule's page shows the pattern to use. ValueTextEquals throws on a null token and returns false on " +
                     "malformed text where GetString() returns null or throws; JsonEncodedText.Encode escapes with the default encoder, " +
                     "where the writer's may escape differently; ParseValue also consumes an object or an array, which reading the scalar " +
                     "from the reader leaves for Read to skip.",
        helpLinkUri: HelpLinkBase + ConverterPerValueWorkId + ".md");

    public static readonly RuleRegistration ConverterPerValueWorkRegistration = new(ConverterPerValueWork, () => new ConverterPerValueWorkAnalyzer());

    internal static string ConverterParsesTwice(string domType) => "Read parses each value into a " + domType + ", then deserializes it again";

    public const string ConverterPeekWithReaderCopy = "peek at the discriminator on a reader copy, then deserialize";

    public const string ConverterComparesGetString = "GetString() allocates a string for each value only to compare it with literals";

    public const string ConverterUseValueTextEquals = "compare with ValueTextEquals(\"...\"u8), which allocates nothing";

    public const string ConverterLooksUpGetString = "GetString() allocates a string for each value only to look it up in a fixed map of names";

    public const string ConverterMatchNamesInPlace = "match the UTF-8 value in place";

    internal static string ConverterWritesConstant(string method) => method + " transcodes and escapes the same text for each value";

    internal static string ConverterWritesMappedName(string method) => method + " transcodes and escapes names of a fixed set for each value";

    public const string ConverterUseEncodedText = "pass a static readonly JsonEncodedText";

    internal static string ConverterParsesScalar(string domType) => "Read parses the value into a " + domType + " to read one scalar";

    public const string ConverterReadScalarDirectly = "read it from the reader (GetInt32() and the like)";

    internal static string ConverterParsesArrayWalk(string domType) => "Read parses each value into a " + domType + " only to walk an array of scalars in order";

    public const string ConverterReadArrayTokens = "read the array's tokens with the reader (StartArray, then each String or StartArray)";

    public const string NoFixConverterControlFlow = " (no fix: it changes how Read walks the JSON)";

    public const string NoFixValueTextEquals = " (no fix: ValueTextEquals differs on null and malformed text)";

    public const string NoFixEncoderMayDiffer = " (no fix: the writer's encoder may escape it differently)";

    public const string NoFixConstantNotStatic = " (no fix: a static field cannot read this constant)";

    public const string NoFixNameMap = " (no fix: the text comes from a map or a field)";

    public const string NoFixNameLookup = " (no fix: the names are in a map)";

    public const string NoFixScalarParse = " (no fix: ParseValue also consumes an object or array)";
}
