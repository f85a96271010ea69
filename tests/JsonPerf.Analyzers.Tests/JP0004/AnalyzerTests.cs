using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JavaScriptEncoderCreatedPerCallAnalyzer,
    JsonPerf.CodeFixes.JavaScriptEncoderCreatedPerCallFixer>;

namespace JsonPerf.Analyzers.Tests.JP0004;

public partial class AnalyzerTests
{
    public static TheoryData<string, string> ReportedStatements() => Cases.WithLanguageVersions(
        "JsonSerializer.Serialize(order, new JsonSerializerOptions { Encoder = {|JP0004:JavaScriptEncoder.Create(UnicodeRanges.All)|} });",
        "JsonSerializer.Serialize(order, new JsonSerializerOptions { Encoder = {|JP0004:JavaScriptEncoder.Create(UnicodeRanges.BasicLatin, UnicodeRanges.CjkUnifiedIdeographs)|} });",
        "var e = {|JP0004:JavaScriptEncoder.Create(UnicodeRanges.All)|}; JsonSerializer.Serialize(order, new JsonSerializerOptions { Encoder = e });",
        "var settings = new TextEncoderSettings(); settings.AllowRange(UnicodeRanges.All); var e = {|JP0004:JavaScriptEncoder.Create(settings)|}; Console.WriteLine(e.Encode(json));",
        "options.Encoder = {|JP0004:JavaScriptEncoder.Create(UnicodeRanges.All)|};",
        "using (var w = new Utf8JsonWriter(stream, new JsonWriterOptions { Encoder = {|JP0004:JavaScriptEncoder.Create(UnicodeRanges.All)|} })) { }",
        "Func<Order, string> f = x => JsonSerializer.Serialize(x, new JsonSerializerOptions { Encoder = {|JP0004:JavaScriptEncoder.Create(UnicodeRanges.All)|} });",
        "for (var i = 0; i < 3; i++) { Console.WriteLine({|JP0004:JavaScriptEncoder.Create(UnicodeRanges.All)|}.Encode(json)); }",
        "{|JP0004:JavaScriptEncoder.Create(UnicodeRanges.All)|};",
        "var o = new JsonSerializerOptions(); o.Encoder = {|JP0004:JavaScriptEncoder.Create(UnicodeRanges.All)|}; JsonSerializer.Serialize(order, o);");

    public static TheoryData<string, string> ReportedMembers() => Cases.WithLanguageVersions(
        "static JavaScriptEncoder Enc => {|JP0004:JavaScriptEncoder.Create(UnicodeRanges.All)|};",
        "JavaScriptEncoder Enc2 { get { return {|JP0004:JavaScriptEncoder.Create(UnicodeRanges.All)|}; } }",
        "private readonly Func<string, string> _encode = s => {|JP0004:JavaScriptEncoder.Create(UnicodeRanges.All)|}.Encode(s);",
        "static C() { s_make = () => new JsonSerializerOptions { Encoder = {|JP0004:JavaScriptEncoder.Create(UnicodeRanges.All)|} }; } static Func<JsonSerializerOptions> s_make;");

    public static TheoryData<string, string> NotReportedStatements() => Cases.WithLanguageVersions(
        "JsonSerializer.Serialize(order, new JsonSerializerOptions { Encoder = JavaScriptEncoder.Default });",
        "JsonSerializer.Serialize(order, new JsonSerializerOptions { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping });",
        "Console.WriteLine(System.Text.Encodings.Web.HtmlEncoder.Create(UnicodeRanges.All).Encode(json));",
        "s_encoder = JavaScriptEncoder.Create(UnicodeRanges.All);",
        "if (s_encoder == null) { s_encoder = JavaScriptEncoder.Create(UnicodeRanges.All); }",
        "s_encoder = s_encoder ?? JavaScriptEncoder.Create(UnicodeRanges.All);",
        "var e = JavaScriptEncoder.Create(UnicodeRanges.All); s_encoder = e;",
        "var lazy = new Lazy<JavaScriptEncoder>(() => JavaScriptEncoder.Create(UnicodeRanges.All));",
        "var cache = new System.Collections.Concurrent.ConcurrentDictionary<int, JavaScriptEncoder>(); cache.GetOrAdd(1, _ => JavaScriptEncoder.Create(UnicodeRanges.All));",
        "System.Linq.Expressions.Expression<Func<JavaScriptEncoder>> e = () => JavaScriptEncoder.Create(UnicodeRanges.All);",
        "JsonSerializer.Serialize(order, s_withEncoder);");

    public static TheoryData<string, string> NotReportedMembers() => Cases.WithLanguageVersions(
        "static readonly JavaScriptEncoder s_e = JavaScriptEncoder.Create(UnicodeRanges.All);",
        "static JavaScriptEncoder E { get; } = JavaScriptEncoder.Create(UnicodeRanges.All);",
        "static readonly JsonSerializerOptions s_o = new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) };",
        "readonly JavaScriptEncoder _e = JavaScriptEncoder.Create(UnicodeRanges.All);",
        "static C() { s_encoder = JavaScriptEncoder.Create(UnicodeRanges.All); }",
        "public C(int x) { _instanceEncoder = JavaScriptEncoder.Create(UnicodeRanges.All); } JavaScriptEncoder _instanceEncoder;",
        "static JavaScriptEncoder MakeEncoder() { return JavaScriptEncoder.Create(UnicodeRanges.All); }",
        "static readonly Lazy<JavaScriptEncoder> s_lazy = new Lazy<JavaScriptEncoder>(() => JavaScriptEncoder.Create(UnicodeRanges.All));",
        // Run once: a Lazy's factory method or lambda, a private method only called from a static initializer.
        "static readonly Lazy<string> s_schema = new Lazy<string>(BuildSchema); private static string BuildSchema() { return JsonSerializer.Serialize(1, new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) }); }",
        "static readonly Lazy<string> s_schema = new Lazy<string>(() => JavaScriptEncoder.Create(UnicodeRanges.All).Encode(\"é\"), System.Threading.LazyThreadSafetyMode.ExecutionAndPublication);",
        "static readonly string s_escaped = Escape(); private static string Escape() { return JavaScriptEncoder.Create(UnicodeRanges.All).Encode(\"é\"); }");

    public static TheoryData<string, string> StillPerCallMembers() => Cases.WithLanguageVersions(
        "static readonly Func<string> s_escape = Escape; private static string Escape() { return {|JP0004:JavaScriptEncoder.Create(UnicodeRanges.All)|}.Encode(\"é\"); }",
        "static readonly Lazy<string> s_schema = new Lazy<string>(Escape); private static string Escape() { return {|JP0004:JavaScriptEncoder.Create(UnicodeRanges.All)|}.Encode(\"é\"); } string Again() { return Escape(); }",
        "string PerCall() { return new Lazy<string>(() => {|JP0004:JavaScriptEncoder.Create(UnicodeRanges.All)|}.Encode(\"é\")).Value; }");

    [Theory]
    [MemberData(nameof(StillPerCallMembers))]
    public Task Reports_stored_delegates_per_call_Lazies_and_methods_also_run_otherwise(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InClass(snippet), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(ReportedStatements))]
    public Task Reports_an_encoder_created_per_call_in_a_method(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InMethod(snippet), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(ReportedMembers))]
    public Task Reports_an_encoder_created_per_call_in_members(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InClass(snippet), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(NotReportedStatements))]
    public Task Does_not_report_singletons_other_encoders_or_caches(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InMethod(snippet), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(NotReportedMembers))]
    public Task Does_not_report_initializers_static_constructors_and_factories(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InClass(snippet), Cases.Parse(languageVersion));

    [Fact]
    public Task Top_level_statements_and_Main_run_once_outside_their_loops_and_lambdas()
        => Verify.VerifyAnalyzerAsync(
            Snippets.Usings + """
            var once = JavaScriptEncoder.Create(UnicodeRanges.All);
            Console.WriteLine(JsonSerializer.Serialize("é", new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) }));
            for (var i = 0; i < 2; i++)
            {
                Console.WriteLine({|JP0004:JavaScriptEncoder.Create(UnicodeRanges.All)|}.Encode("é"));
            }

            Func<string, string> handler = x => {|JP0004:JavaScriptEncoder.Create(UnicodeRanges.All)|}.Encode(x);
            Console.WriteLine(handler("é") + once.Encode("é"));
            """,
            outputKind: Microsoft.CodeAnalysis.OutputKind.ConsoleApplication);

    [Fact]
    public Task Does_not_report_a_user_type_named_JavaScriptEncoder()
        => Verify.VerifyAnalyzerAsync("""
            namespace Other
            {
                public sealed class JavaScriptEncoder { public static JavaScriptEncoder Create(params int[] ranges) { return new JavaScriptEncoder(); } }
                public class C { public object M() { return JavaScriptEncoder.Create(1); } }
            }
            """);

    [Fact]
    public Task Does_not_report_generated_code()
        => Verify.VerifyAnalyzerAsync("// <auto-generated/>\n" + Snippets.InMethod("options.Encoder = JavaScriptEncoder.Create(UnicodeRanges.All);"));
}
