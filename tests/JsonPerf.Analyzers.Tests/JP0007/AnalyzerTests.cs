using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonDocumentNotDisposedAnalyzer,
    JsonPerf.CodeFixes.JsonDocumentNotDisposedFixer>;

namespace JsonPerf.Analyzers.Tests.JP0007;

public partial class AnalyzerTests
{
    public static TheoryData<string, string> ReportedStatements() => Cases.WithLanguageVersions(
        "var id = {|JP0007:JsonDocument.Parse(json)|}.RootElement.GetProperty(\"id\").GetInt32();",
        "Console.WriteLine({|JP0007:JsonDocument.Parse(json)|}.RootElement.Clone());",
        "var root = {|JP0007:JsonDocument.Parse(json, new JsonDocumentOptions { AllowTrailingCommas = true })|}.RootElement;",
        "var doc = {|JP0007:JsonDocument.Parse(json)|}; Console.WriteLine(doc.RootElement.GetProperty(\"id\").GetInt32());",
        "JsonDocument doc = {|JP0007:JsonDocument.Parse(json)|}; foreach (var p in doc.RootElement.EnumerateObject()) { Console.WriteLine(p.Name); }",
        "var doc = await {|JP0007:JsonDocument.ParseAsync(stream)|}; Console.WriteLine(doc.RootElement.ValueKind);",
        "var doc = await {|JP0007:JsonDocument.ParseAsync(stream)|}.ConfigureAwait(false); Console.WriteLine(doc.RootElement.ValueKind);",
        "var doc = {|JP0007:JsonSerializer.SerializeToDocument(order)|}; Console.WriteLine(doc.RootElement.GetProperty(\"Id\"));",
        "Console.WriteLine({|JP0007:JsonSerializer.SerializeToDocument(order, options)|}.RootElement.GetRawText());",
        "{|JP0007:JsonDocument.Parse(json)|};",
        "var doc = {|JP0007:JsonDocument.Parse(json)|}; using (var w = new Utf8JsonWriter(stream)) { doc.WriteTo(w); }",
        "Func<string, int> f = s => {|JP0007:JsonDocument.Parse(s)|}.RootElement.GetArrayLength();",
        "var kind = (flag ? {|JP0007:JsonDocument.Parse(json)|} : {|JP0007:JsonDocument.Parse(\"1\")|}).RootElement.ValueKind;",
        "JsonDocument doc; doc = {|JP0007:JsonDocument.Parse(json)|}; Console.WriteLine(doc.RootElement);",
        "var id = {|JP0007:JsonDocument.Parse(stream)|}.RootElement.GetProperty(\"id\"); Console.WriteLine(id);");

    public static TheoryData<string, string> ReportedMembers() => Cases.WithLanguageVersions(
        "JsonElement Root(string s) => {|JP0007:JsonDocument.Parse(s)|}.RootElement;",
        "JsonElement Root2(string s) { return {|JP0007:JsonDocument.Parse(s)|}.RootElement.Clone(); }",
        "int Count(string s) { var d = {|JP0007:JsonDocument.Parse(s)|}; return d.RootElement.GetArrayLength(); }",
        "IEnumerable<JsonElement> Items(string s) { foreach (var e in {|JP0007:JsonDocument.Parse(s)|}.RootElement.EnumerateArray()) { yield return e; } }",
        "JsonElement Element(string s) { var d = {|JP0007:JsonDocument.Parse(s)|}; return d.RootElement; }",
        "void Value(byte[] b) { var reader = new Utf8JsonReader(b); var doc = {|JP0007:JsonDocument.ParseValue(ref reader)|}; Console.WriteLine(doc.RootElement); }",
        "void TryValue(byte[] b) { var reader = new Utf8JsonReader(b); if ({|JP0007:JsonDocument.TryParseValue(ref reader, out var doc)|}) { Console.WriteLine(doc.RootElement); } }");

    public static TheoryData<string, string> NotReportedStatements() => Cases.WithLanguageVersions(
        "using (var doc = JsonDocument.Parse(json)) { Console.WriteLine(doc.RootElement); }",
        "using (JsonDocument.Parse(json)) { }",
        "var doc = JsonDocument.Parse(json); try { Console.WriteLine(doc.RootElement); } finally { doc.Dispose(); }",
        "JsonDocument doc = null; try { doc = JsonDocument.Parse(json); Console.WriteLine(doc.RootElement); } finally { doc?.Dispose(); }",
        "var doc = JsonDocument.Parse(json); using (doc) { Console.WriteLine(doc.RootElement); }",
        "var doc = JsonDocument.Parse(json); Console.WriteLine(doc.RootElement); doc.Dispose();",
        "var docs = new List<JsonDocument>(); docs.Add(JsonDocument.Parse(json));",
        "var doc = JsonDocument.Parse(json); var all = new List<JsonDocument> { doc };",
        "var doc = JsonDocument.Parse(json); Keep(doc);",
        "s_document = JsonDocument.Parse(json);",
        "var doc = JsonDocument.Parse(json); s_document = doc;",
        "Func<JsonDocument> make = () => JsonDocument.Parse(json);",
        "var task = JsonDocument.ParseAsync(stream);",
        "System.Linq.Expressions.Expression<Func<string, JsonDocument>> e = s => JsonDocument.Parse(s, default(JsonDocumentOptions));",
        "var element = JsonSerializer.SerializeToElement(order); var node = JsonNode.Parse(json);",
        "JsonDocument.Parse(json).Dispose(); JsonDocument.Parse(json)?.Dispose();");

    public static TheoryData<string, string> NotReportedMembers() => Cases.WithLanguageVersions(
        "JsonDocument Load(string s) => JsonDocument.Parse(s);",
        "async Task<JsonDocument> LoadAsync(Stream s) { return await JsonDocument.ParseAsync(s); }",
        "JsonDocument Load2(string s) { var d = JsonDocument.Parse(s); Console.WriteLine(d.RootElement.ValueKind); return d; }",
        "sealed class Owner : IDisposable { private readonly JsonDocument _doc; public Owner(string s) { _doc = JsonDocument.Parse(s); } public void Dispose() => _doc.Dispose(); }",
        "static readonly JsonDocument s_static = JsonDocument.Parse(\"{}\");",
        "static void Dispose(JsonDocument d) { d.Dispose(); }",
        "void TryValue(byte[] b) { var reader = new Utf8JsonReader(b); if (JsonDocument.TryParseValue(ref reader, out var doc)) { using (doc) { Console.WriteLine(doc.RootElement); } } }",
        "void TryField(byte[] b) { var reader = new Utf8JsonReader(b); JsonDocument.TryParseValue(ref reader, out s_document); }");

    [Theory]
    [MemberData(nameof(ReportedStatements))]
    public Task Reports_a_document_nothing_disposes(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(InMethod(snippet), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(ReportedMembers))]
    public Task Reports_a_document_nothing_disposes_in_members(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(InClass(snippet), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(NotReportedStatements))]
    public Task Does_not_report_disposed_documents_or_documents_handed_on(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(InMethod(snippet), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(NotReportedMembers))]
    public Task Does_not_report_returned_documents_fields_of_disposable_owners_and_initializers(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(InClass(snippet), Cases.Parse(languageVersion));

    [Fact]
    public Task Reports_in_top_level_statements_and_local_functions()
        => Verify.VerifyAnalyzerAsync("""
            using System;
            using System.Text.Json;

            var doc = {|JP0007:JsonDocument.Parse("{\"id\":1}")|};
            Console.WriteLine(doc.RootElement.GetProperty("id"));
            Console.WriteLine(Id("{\"id\":2}"));

            static int Id(string s) => {|JP0007:JsonDocument.Parse(s)|}.RootElement.GetProperty("id").GetInt32();
            """, outputKind: OutputKind.ConsoleApplication);

    [Fact]
    public Task Does_not_report_a_using_declaration_or_a_user_type_named_JsonDocument()
        => Verify.VerifyAnalyzerAsync("""
            using System;

            namespace Other
            {
                public sealed class JsonDocument { public static JsonDocument Parse(string s) => new JsonDocument(); public int RootElement => 1; }
                public class C
                {
                    public int M(string s) => JsonDocument.Parse(s).RootElement;
                    public int N(string s) { using var doc = System.Text.Json.JsonDocument.Parse(s); return doc.RootElement.GetArrayLength(); }
                }
            }
            """);

    [Fact]
    public Task Reports_the_creating_call_with_what_it_costs()
        => new Verify.Test
        {
            TestCode = InMethod("var doc = {|#0:JsonDocument.Parse(json)|}; Console.WriteLine(doc.RootElement);"),
            ExpectedDiagnostics =
            {
                new Microsoft.CodeAnalysis.Testing.DiagnosticResult(Rules.JsonDocumentNotDisposed).WithLocation(0).WithMessage("JsonDocument.Parse returns a JsonDocument that is never disposed, so its pooled buffers are lost; dispose it with 'using', or use JsonElement.Parse for an element that outlives it"),
            },
        }.RunAsync();

    /// <summary>The snippet in the shared method; <c>Keep</c> and <c>s_document</c> take a document over.</summary>
    internal static string InMethod(string body) => Snippets.InMethod(body) + HelperMembers;

    internal static string InClass(string members) => Snippets.InClass(members) + HelperMembers;

    private const string HelperMembers = "\npublic partial class C { static void Keep(JsonDocument d) { } static JsonDocument s_document; }\n";
}
