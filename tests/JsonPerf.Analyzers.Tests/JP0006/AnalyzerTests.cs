using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.ConvertWithoutTextAnalyzer,
    JsonPerf.CodeFixes.ConvertWithoutTextFixer>;

namespace JsonPerf.Analyzers.Tests.JP0006;

public partial class AnalyzerTests
{
    public static TheoryData<string, string> ReportedStatements() => Cases.WithLanguageVersions(
        "var el = JsonSerializer.SerializeToElement(order); var o = {|JP0006:JsonSerializer.Deserialize<Order>(el.GetRawText())|};",
        "var el = JsonSerializer.SerializeToElement(order); var o = {|JP0006:JsonSerializer.Deserialize<Order>(el.GetRawText(), options)|};",
        "var el = JsonSerializer.SerializeToElement(order); var o = {|JP0006:JsonSerializer.Deserialize(el.GetRawText(), typeof(Order), s_shared)|};",
        "var el = JsonSerializer.SerializeToElement(order); var o = {|JP0006:JsonSerializer.Deserialize(el.GetRawText(), typeof(Order), new MyContext(s_shared))|};",
        "var el = JsonSerializer.SerializeToElement(order); var o = {|JP0006:JsonSerializer.Deserialize(el.GetRawText(), (JsonTypeInfo<Order>)null)|};",
        "using (var doc = JsonDocument.Parse(json)) { var o = {|JP0006:JsonSerializer.Deserialize<Order>(doc.RootElement.GetProperty(\"order\").GetRawText())|}; }",
        "var node = JsonNode.Parse(json); var o = {|JP0006:JsonSerializer.Deserialize<Order>(node.ToJsonString())|};",
        "var node = new JsonObject(); var o = {|JP0006:JsonSerializer.Deserialize<Order>(node.ToJsonString(s_shared), s_shared)|};",
        "using (var doc = {|JP0006:JsonDocument.Parse(JsonSerializer.Serialize(order))|}) { }",
        "using (var w = new Utf8JsonWriter(stream)) { var e = {|JP0006:JsonSerializer.SerializeToElement(order, options)|}; w.WriteStartObject(); foreach (var p in e.EnumerateObject()) { p.WriteTo(w); } w.WriteEndObject(); }",
        "using (var doc = {|JP0006:JsonDocument.Parse(JsonSerializer.Serialize(order, s_shared))|}) { }",
        "using (var doc = {|JP0006:JsonDocument.Parse(JsonSerializer.Serialize(order), new JsonDocumentOptions { MaxDepth = 8 })|}) { }",
        "var root = {|JP0006:JsonDocument.Parse(JsonSerializer.Serialize((object)order, typeof(Order)))|}.RootElement;",
        "var el = {|JP0006:JsonElement.Parse(JsonSerializer.Serialize(order))|};",
        "var node = {|JP0006:JsonNode.Parse(JsonSerializer.Serialize(order))|};",
        "var node = {|JP0006:JsonNode.Parse(JsonSerializer.Serialize(order, options))|};",
        "var node = {|JP0006:JsonNode.Parse(JsonSerializer.Serialize(order), new JsonNodeOptions { PropertyNameCaseInsensitive = true })|};",
        "Func<Order, JsonNode> f = x => {|JP0006:JsonNode.Parse(JsonSerializer.Serialize(x))|};",
        "var el = JsonSerializer.SerializeToElement(order); var node = {|JP0006:JsonNode.Parse(el.GetRawText())|};",
        "using (var doc = JsonDocument.Parse(json)) { var node = {|JP0006:JsonNode.Parse(doc.RootElement.GetProperty(\"order\").GetRawText())|}; }",
        "var el = JsonSerializer.SerializeToElement(order); var copy = {|JP0006:JsonElement.Parse(el.GetRawText())|};",
        "var el = JsonSerializer.SerializeToElement(order); using (var doc = {|JP0006:JsonDocument.Parse(el.GetRawText())|}) { }");

    public static TheoryData<string, string> NotReportedStatements() => Cases.WithLanguageVersions(
        "var el = JsonSerializer.SerializeToElement(order); var text = el.GetRawText(); Console.WriteLine(text); var o = JsonSerializer.Deserialize<Order>(text);",
        "var text = JsonSerializer.Serialize(order); Console.WriteLine(text); using (var doc = JsonDocument.Parse(text)) { }",
        "var el = JsonSerializer.SerializeToElement(order); var o = JsonSerializer.Deserialize<Order>(el.ToString());",
        "var el = JsonSerializer.SerializeToElement(order); var o = JsonSerializer.Deserialize<Order>(el);",
        "using (var w = new Utf8JsonWriter(stream)) { var e = JsonSerializer.SerializeToElement(order); w.WriteStartObject(); foreach (var p in e.EnumerateObject()) { if (p.Name != \"id\") p.WriteTo(w); } w.WriteEndObject(); }",
        "JsonElement? el = null; var o = JsonSerializer.Deserialize<Order>(el?.GetRawText() ?? \"{}\");",
        "using (var doc = JsonSerializer.SerializeToDocument(order)) { }",
        "using (var doc = JsonDocument.Parse(json)) { }",
        "using (var doc = JsonDocument.Parse(order.Name)) { }",
        "var node = JsonNode.Parse(System.Text.Encoding.UTF8.GetString(JsonSerializer.SerializeToUtf8Bytes(order)));",
        "var o = JsonSerializer.Deserialize<Order>(JsonSerializer.Serialize(order));",
        "var el = JsonSerializer.SerializeToElement(order); var node = JsonNode.Parse(el.ToString());",
        "var el = JsonSerializer.SerializeToElement(order); var text = el.GetRawText(); Console.WriteLine(text); var node = JsonNode.Parse(text);",
        "var s = JsonSerializer.Serialize(order); var o = JsonSerializer.Deserialize<Order>(s);",
        "System.Linq.Expressions.Expression<Func<Order, string>> e = x => JsonSerializer.Deserialize<Order>(JsonSerializer.SerializeToElement(x, s_shared).GetRawText(), s_shared).Name;");

    [Theory]
    [MemberData(nameof(ReportedStatements))]
    public Task Reports_conversions_through_a_string(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InMethod(snippet), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(NotReportedStatements))]
    public Task Does_not_report_strings_used_elsewhere_direct_calls_or_other_text(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InMethod(snippet), Cases.Parse(languageVersion));

    [Fact]
    public Task Reports_in_members_and_top_level_statements()
        => Verify.VerifyAnalyzerAsync("""
            using System.Text.Json;
            using System.Text.Json.Nodes;

            var doc = {|JP0006:JsonDocument.Parse(JsonSerializer.Serialize(new { A = 1 }))|};
            System.Console.WriteLine(doc.RootElement);

            public class C
            {
                private static readonly JsonNode s_node = {|JP0006:JsonNode.Parse(JsonSerializer.Serialize(new { B = 2 }))|};
                public JsonElement P => {|JP0006:JsonElement.Parse(JsonSerializer.Serialize(1))|};
            }
            """, outputKind: Microsoft.CodeAnalysis.OutputKind.ConsoleApplication);

    [Fact]
    public Task Reports_using_static_and_fully_qualified_calls()
        => Verify.VerifyAnalyzerAsync("""
            using static System.Text.Json.JsonSerializer;

            public class C
            {
                public object M(System.Text.Json.JsonElement e) => {|JP0006:Deserialize<int[]>(e.GetRawText())|};
                public object N(int[] x) => {|JP0006:System.Text.Json.JsonDocument.Parse(System.Text.Json.JsonSerializer.Serialize(x))|};
            }
            """);

    [Fact]
    public Task Does_not_report_user_types_with_the_same_names()
        => Verify.VerifyAnalyzerAsync("""
            namespace Other
            {
                public struct JsonElement { public string GetRawText() { return "{}"; } }
                public static class JsonSerializer { public static T Deserialize<T>(string s) { return default(T); } public static string Serialize<T>(T v) { return ""; } }
                public static class JsonDocument { public static object Parse(string s) { return s; } }
                public class C
                {
                    public object M(JsonElement e) { return JsonSerializer.Deserialize<int>(e.GetRawText()); }
                    public object N() { return JsonDocument.Parse(JsonSerializer.Serialize(1)); }
                    public object O(System.Text.Json.JsonElement e) { return JsonSerializer.Deserialize<int>(e.GetRawText()); }
                    public object P() { return System.Text.Json.JsonDocument.Parse(JsonSerializer.Serialize(1)); }
                }
            }
            """);

    [Fact]
    public Task Does_nothing_without_System_Text_Json()
        => Verify.VerifyAnalyzerAsync("""
            public class C { public string M(string s) { return s.Trim(); } }
            """, references: TestReferences.WithoutSystemTextJson);
}
