using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis.Testing;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.DomBetweenJsonAndTypeAnalyzer,
    Microsoft.CodeAnalysis.Testing.EmptyCodeFixProvider>;

namespace JsonPerf.Analyzers.Tests.JP0011;

/// <summary>JP0011's one-property shape (A24): a whole object serialized to a tree only to take one of its properties.</summary>
public partial class AnalyzerTests
{
    internal const string Card = """
        public class Card { [JsonPropertyName("name")] public string Name { get; set; } [JsonPropertyName("supportedInterfaces")] public List<string> SupportedInterfaces { get; set; } }
        [JsonPolymorphic, JsonDerivedType(typeof(Circle), "circle")] public class Shape { public string Color { get; set; } }
        public class Circle : Shape { }
        [JsonConverter(typeof(WrittenConverter))] public class Written { public string Name { get; set; } }
        public class WrittenConverter : JsonConverter<Written> { public override Written Read(ref Utf8JsonReader r, Type t, JsonSerializerOptions o) => null; public override void Write(Utf8JsonWriter w, Written v, JsonSerializerOptions o) { } }
        public class Dated { [JsonConverter(typeof(JsonStringEnumConverter))] public DayOfWeek When { get; set; } [JsonExtensionData] public Dictionary<string, object> Extra { get; set; } }

        """;

    public static TheoryData<string> ReportedOneProperty() => new()
    {
        // A24, as the compat server blends an agent card per request.
        """
        JsonObject Blend(Card card, JsonTypeInfo<Card> info)
        {
            var blended = new JsonObject();
            var v1Json = {|JP0011:JsonSerializer.SerializeToNode(card, info)|}!.AsObject();
            if (v1Json.TryGetPropertyValue("supportedInterfaces", out var interfaces))
                blended["supportedInterfaces"] = interfaces?.DeepClone();
            return blended;
        }
        """,
        """JsonNode W(Card c) => {|JP0011:JsonSerializer.SerializeToNode(c)|}?["name"];""",
        """string W(Card c) => {|JP0011:JsonSerializer.SerializeToElement(c, s_shared)|}.GetProperty("name").GetRawText();""",
        """string W(Order o) { var e = {|JP0011:JsonSerializer.SerializeToElement(o)|}; return e.TryGetProperty("Id", out var id) ? id.GetRawText() : null; }""",
    };

    public static TheoryData<string> NotReportedOneProperty() => new()
    {
        // The tree is used again, kept, changed, or looked up by a name known only at run time.
        """string N(Card c) { var e = JsonSerializer.SerializeToElement(c); return e.GetProperty("name").GetRawText() + e.GetProperty("supportedInterfaces").GetRawText(); }""",
        """JsonNode N(Card c) { var n = JsonSerializer.SerializeToNode(c); Keep(n["name"]); return n; }""",
        """void N(Card c) { var n = JsonSerializer.SerializeToNode(c); n["name"] = "x"; }""",
        """JsonNode N(Card c, string name) => JsonSerializer.SerializeToNode(c)?[name];""",
        // Not a whole object: a collection, a map, a DOM, an anonymous object (JP0009's when constant).
        """JsonNode N(List<Card> cards) => JsonSerializer.SerializeToNode(cards)?["0"];""",
        """JsonNode N(Dictionary<string, int> map) => JsonSerializer.SerializeToNode(map)?["k"];""",
        """JsonElement N(JsonElement e) => JsonSerializer.SerializeToElement(e).GetProperty("k");""",
        """JsonNode N(int id) => JsonSerializer.SerializeToNode(new { id })?["id"];""",
        // Code run once.
        """static readonly JsonNode s_name = JsonSerializer.SerializeToNode(new Card())?["name"];""",
        // The review's probes: a name that is no property of the type, a metadata name, a type that writes itself, a
        // property with its own converter, or only a test of whether the contract writes the name.
        """JsonNode N(Card c) => JsonSerializer.SerializeToNode(c)?["missing"];""",
        """JsonNode N(Shape s) => JsonSerializer.SerializeToNode(s)?["$type"];""",
        """JsonNode N(Shape s) => JsonSerializer.SerializeToNode(s)?["color"];""",
        """JsonNode N(Written w) => JsonSerializer.SerializeToNode(w)?["name"];""",
        """JsonNode N(Dated d) => JsonSerializer.SerializeToNode(d)?["when"];""",
        """bool N(Card c) => JsonSerializer.SerializeToElement(c, s_shared).TryGetProperty("name", out _);""",
        """bool N(Card c) => JsonSerializer.SerializeToNode(c)!.AsObject().TryGetPropertyValue("name", out var value);""",
    };

    [Theory]
    [MemberData(nameof(ReportedOneProperty))]
    public Task Reports_a_whole_object_serialized_for_one_property(string members)
        => Verify.VerifyAnalyzerAsync(Snippets.InClass(Envelopes + Card + members));

    [Theory]
    [MemberData(nameof(NotReportedOneProperty))]
    public Task Does_not_report_a_tree_used_for_more_or_a_value_that_is_no_object(string members)
        => Verify.VerifyAnalyzerAsync(Snippets.InClass(Envelopes + Card + members));

    public static TheoryData<string> BrokenOneProperty() => new()
    {
        """JsonNode W(Card c) => JsonSerializer.SerializeToNode(c)?[""",
        """JsonNode W(Card c) => JsonSerializer.SerializeToNode(c).AsObject()[Missing];""",
        """JsonNode W(Missing c) => JsonSerializer.SerializeToNode(c)?["name"];""",
        """string W(Card c) { var e = JsonSerializer.SerializeToElement(c); return e.GetProperty(); }""",
        """JsonNode W(Card c) { var n = JsonSerializer.SerializeToNode(c); return n?["name"]?.; }""",
    };

    [Theory]
    [MemberData(nameof(BrokenOneProperty))]
    public Task Broken_code_around_one_property_never_throws(string members)
        => new Verify.Test { TestCode = Snippets.InClass(Envelopes + Card + members), CompilerDiagnostics = CompilerDiagnostics.None }.RunAsync();

    [Fact]
    public Task The_one_property_message_names_the_type_and_why_there_is_no_fix()
        => new Verify.Test
        {
            TestCode = Snippets.InClass(Envelopes + Card + """JsonNode W(Card c) => {|#0:JsonSerializer.SerializeToNode(c)|}?["name"];"""),
            ExpectedDiagnostics =
            {
                new DiagnosticResult(Rules.DomBetweenJsonAndType).WithLocation(0)
                    .WithArguments("SerializeToNode builds a tree of a whole Card to take one property", Rules.DomOnePropertyCost, Rules.DomSerializeOneProperty, Rules.NoFixDomPropertyName),
            },
        }.RunAsync();
}
