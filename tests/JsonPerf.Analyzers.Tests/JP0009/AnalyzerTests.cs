using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis.Testing;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.ConstantJsonAnalyzer,
    JsonPerf.CodeFixes.ConstantJsonFixer>;

namespace JsonPerf.Analyzers.Tests.JP0009;

public partial class AnalyzerTests
{
    public static TheoryData<string, string> ReportedStatements() => Cases.WithLanguageVersions(
        """var schema = {|JP0009:JsonSerializer.SerializeToElement(new { type = "object", properties = new { name = new { type = "string" } }, required = new[] { "name" } })|}; Console.WriteLine(schema);""",
        """Console.WriteLine({|JP0009:JsonElement.Parse("{\"type\":\"object\"}")|});""",
        """var day = DateTime.Now.DayOfWeek; Console.WriteLine({|JP0009:JsonSerializer.Serialize(day, s_shared).Trim('"')|});""",
        """Console.WriteLine({|JP0009:JsonDocument.Parse("[1, 2, 3]").RootElement.Clone()|});""",
        """Console.WriteLine({|JP0009:JsonSerializer.Deserialize<JsonElement>("{\"a\":true}")|});""",
        """Console.WriteLine({|JP0009:JsonSerializer.SerializeToElement(new { a = 1 }, s_camel)|});""",
        """Console.WriteLine({|JP0009:JsonSerializer.SerializeToElement(new { a = 1.5, b = 'c', c = (string)null }, JsonSerializerOptions.Default)|});""",
        """Console.WriteLine({|JP0009:JsonSerializer.SerializeToElement(new Order { Id = 1, Name = "a" })|});""",
        """Console.WriteLine({|JP0009:JsonSerializer.SerializeToElement(new { name = nameof(Order), items = new List<int> { 1, 2 }, map = new Dictionary<string, object> { ["type"] = "object" } })|});""",
        """Console.WriteLine({|JP0009:JsonSerializer.SerializeToElement(new { a = 1 }, typeof(object))|});""",
        """Console.WriteLine({|JP0009:JsonNode.Parse("{}")|});""",
        """Console.WriteLine({|JP0009:JsonSerializer.SerializeToNode(new { a = 1 })|});""",
        """Console.WriteLine({|JP0009:System.Text.Json.Schema.JsonSchemaExporter.GetJsonSchemaAsNode(JsonSerializerOptions.Default, typeof(Order))|});""",
        """Func<JsonElement> make = () => {|JP0009:JsonElement.Parse("[]")|}; Console.WriteLine(make());""",
        """for (var i = 0; i < 2; i++) { Console.WriteLine({|JP0009:JsonElement.Parse("null")|}); }""",
        """{|JP0009:JsonElement.Parse("{}")|};""");

    public static TheoryData<string, string> ReportedMembers() => Cases.WithLanguageVersions(
        """public JsonElement Schema => {|JP0009:JsonSerializer.SerializeToElement(new { type = "object" })|};""",
        """public JsonElement Schema2 { get { return {|JP0009:JsonElement.Parse("{}")|}; } }""",
        """const string Text = "[1,2]"; public JsonElement Parsed() => {|JP0009:JsonElement.Parse(Text)|};""",
        """static readonly string s_name = "x"; JsonElement Named() => {|JP0009:JsonSerializer.SerializeToElement(new { name = s_name, empty = string.Empty })|};""",
        """JsonElement Built() { var s = {|JP0009:JsonElement.Parse("{}")|}; return s; }""",
        """public C() { Console.WriteLine({|JP0009:JsonElement.Parse("1")|}); }""");

    public static TheoryData<string, string> NotReportedStatements() => Cases.WithLanguageVersions(
        "Console.WriteLine(JsonSerializer.SerializeToElement(order));",
        "var day = DateTime.Now.DayOfWeek; Console.WriteLine(JsonSerializer.Serialize(day, options).Trim('\"'));",
        "Console.WriteLine(JsonSerializer.SerializeToElement(new { id = order.Id }));",
        "Console.WriteLine(JsonElement.Parse(json));",
        """var text = "{}"; Console.WriteLine(JsonElement.Parse(text));""",
        "Console.WriteLine(JsonSerializer.SerializeToElement(new { a = 1 }, options));",
        "Console.WriteLine(JsonSerializer.SerializeToElement(new { a = 1 }, new JsonSerializerOptions()));",
        "Console.WriteLine(JsonSerializer.SerializeToElement(new { a = 1 }, _instanceOptions));",
        "Console.WriteLine(JsonSerializer.SerializeToElement(new { a = 1 }, s_cache));",
        "Console.WriteLine(JsonSerializer.SerializeToElement(new { at = DateTime.UtcNow }));",
        "Console.WriteLine(JsonSerializer.SerializeToElement(new { a = this }));",
        """Console.WriteLine(JsonDocument.Parse("{}").RootElement);""",
        """Console.WriteLine(JsonSerializer.Deserialize<Order>("{}"));""",
        """Console.WriteLine(JsonSerializer.Serialize(new { a = 1 }));""",
        """Console.WriteLine(JsonSerializer.Deserialize<JsonElement>(json));""",
        """System.Linq.Expressions.Expression<Func<JsonElement>> e = () => JsonElement.Parse("{}", default(JsonDocumentOptions));""",
        """var cache = new System.Collections.Concurrent.ConcurrentDictionary<int, JsonElement>(); cache.GetOrAdd(1, _ => JsonElement.Parse("{}"));""",
        """var lazy = new Lazy<JsonElement>(() => JsonElement.Parse("{}")); Console.WriteLine(lazy.Value);""",
        """Console.WriteLine(JsonElement.Parse("{}", new JsonDocumentOptions { MaxDepth = flag ? 1 : 2 }));""");

    public static TheoryData<string, string> NotReportedMembers() => Cases.WithLanguageVersions(
        """static readonly JsonElement s_e = JsonElement.Parse("{}");""",
        """static JsonElement E { get; } = JsonSerializer.SerializeToElement(new { a = 1 });""",
        """readonly JsonElement _e = JsonElement.Parse("{}");""",
        """static C() { s_x = JsonElement.Parse("{}"); } static JsonElement s_x;""",
        """static readonly Lazy<JsonElement> s_lazy = new Lazy<JsonElement>(() => JsonElement.Parse("{}"));""",
        """static readonly JsonElement s_built = Build(); private static JsonElement Build() { return JsonElement.Parse("{}"); }""",
        """JsonElement _cached; JsonElement Cached() { return _cached.ValueKind == JsonValueKind.Undefined ? (_cached = JsonElement.Parse("{}")) : _cached; }""",
        """static JsonElement? s_memo; JsonElement Memo() { return (s_memo ?? (s_memo = JsonElement.Parse("{}"))).Value; }""",
        """static int s_counter; JsonElement Counter() => JsonSerializer.SerializeToElement(new { n = s_counter });""",
        """static readonly int[] s_ids = { 1 }; JsonElement Ids() => JsonSerializer.SerializeToElement(new { ids = s_ids });""",
        """class Computed { public string Name => DateTime.Now.ToString(); } JsonElement Now() => JsonSerializer.SerializeToElement(new Computed());""",
        """class Made { public Made() { Console.WriteLine(); } public int A { get; set; } } JsonElement M2() => JsonSerializer.SerializeToElement(new Made { A = 1 });""",
        """JsonElement Local(int n) => JsonSerializer.SerializeToElement(new { n });""");

    [Theory]
    [MemberData(nameof(ReportedStatements))]
    public Task Reports_constant_JSON_built_in_a_method(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InMethod(snippet), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(ReportedMembers))]
    public Task Reports_constant_JSON_built_in_getters_methods_and_constructors(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InClass(snippet), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(NotReportedStatements))]
    public Task Does_not_report_JSON_from_parameters_locals_state_or_caches(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InMethod(snippet), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(NotReportedMembers))]
    public Task Does_not_report_initializers_run_once_code_caches_or_values_that_change(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InClass(snippet), Cases.Parse(languageVersion));

    [Fact]
    public Task Top_level_statements_run_once_outside_their_loops_and_lambdas()
        => Verify.VerifyAnalyzerAsync(
            Snippets.Usings + """
            var once = JsonElement.Parse("{}");
            Console.WriteLine(JsonSerializer.SerializeToElement(new { a = 1 }));
            for (var i = 0; i < 2; i++)
            {
                Console.WriteLine({|JP0009:JsonElement.Parse("[]")|});
            }

            Func<JsonElement> handler = () => {|JP0009:JsonSerializer.SerializeToElement(new { b = 2 })|};
            Console.WriteLine(handler().ToString() + once);
            """,
            outputKind: Microsoft.CodeAnalysis.OutputKind.ConsoleApplication);

    [Fact]
    public Task A_JsonNode_is_reported_without_a_fix_and_says_why()
        => new Verify.Test
        {
            TestCode = Snippets.InClass("""public JsonNode Schema => {|#0:JsonNode.Parse("{\"type\":\"object\"}")|};"""),
            ExpectedDiagnostics =
            {
                new DiagnosticResult(Rules.ConstantJsonPerCall).WithLocation(0)
                    .WithArguments("JsonNode.Parse", "a parse and its allocations", "keep a JsonElement built once in a static readonly field", Rules.NoFixMutableNode),
            },
        }.RunAsync();

    [Fact]
    public Task Does_not_report_a_user_type_named_JsonElement()
        => Verify.VerifyAnalyzerAsync("""
            namespace Other
            {
                public struct JsonElement { public static JsonElement Parse(string s) { return default(JsonElement); } }
                public class C { public JsonElement M() { return JsonElement.Parse("{}"); } }
            }
            """);

    [Fact]
    public Task Does_not_report_generated_code()
        => Verify.VerifyAnalyzerAsync("// <auto-generated/>\n" + Snippets.InMethod("""Console.WriteLine(JsonElement.Parse("{}"));"""));
}
