namespace JsonPerf.Analyzers;

// JP0011: its descriptor, the parts of its message and why it offers no fix.
internal static partial class Rules
{
    public const string DomBetweenJsonAndTypeId = "JP0011";

    public static readonly DiagnosticDescriptor DomBetweenJsonAndType = new(
        DomBetweenJsonAndTypeId,
        title: "Avoid a JSON DOM between JSON and a typed object",
        messageFormat: "{0}: {1}; {2}{3}",
        Category,
        DiagnosticSeverity.Info,
        isEnabledByDefault: true,
        description: "A JsonDocument, JsonElement or JsonNode held between JSON and a typed object makes the JSON pass through the " +
                     "serializer twice. Read side: JSON read into a DOM (JsonDocument.Parse, JsonNode.Parse, Deserialize<JsonElement>, " +
                     "ReadFromJsonAsync<JsonElement>, or an envelope whose property is a JsonNode) and then deserialized from it " +
                     "builds the tree, then walks it to write the typed object: reading the typed value in one pass (a typed envelope, " +
                     "ReadFromJsonAsync<T>) costs a fraction. Write side: SerializeToNode/SerializeToElement/SerializeToDocument of a " +
                     "value stored into a DOM property of an object that the serializer then writes serializes the value, parses or " +
                     "builds the tree, and writes it again: keep the typed value (or a delegate that writes it with its JsonTypeInfo) " +
                     "and write it in one pass. A whole object serialized to a tree only to take one of its properties serializes every " +
                     "other property too: serialize that property's value alone. Reported only where the DOM is not kept, returned or handed to other code, and where the " +
                     "code runs per call. No fix: the DOM comes through the project's own methods or envelope types, whose shape the " +
                     "fix would have to change.",
        helpLinkUri: HelpLinkBase + DomBetweenJsonAndTypeId + ".md");

    public static readonly RuleRegistration DomBetweenJsonAndTypeRegistration = new(DomBetweenJsonAndType, () => new DomBetweenJsonAndTypeAnalyzer(), offInTestProjects: true);

    internal static string DomReadThenDeserialized(string domType) => "JSON read into a " + domType + " is deserialized from it";

    internal static string DomDeserializedByHelper(string domType, string helper) => "JSON read into a " + domType + " is deserialized from it by " + helper;

    public const string DomTwoPasses = "two passes and a tree per call";

    public const string DomReadTypedOnce = "read the typed value in one pass";

    internal static string DomBuiltToBeWritten(string method, string domType) => method + " builds a " + domType + " only to be written";

    public const string DomWriteTypedOnce = "write the typed value with its type info";

    internal static string DomBuiltForOneProperty(string method, string type) => method + " builds a tree of a whole " + type + " to take one property";

    public const string DomOnePropertyCost = "every other property serialized and dropped";

    public const string DomSerializeOneProperty = "serialize only that property's value";

    public const string NoFixDomPropertyName = " (no fix: its JSON name maps to a property by the contract)";

    public const string NoFixDomThroughOwnCode = " (no fix: the DOM comes through the project's own code)";

    public const string NoFixDomPropertyType = " (no fix: the property's type is a DOM)";
}
