using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Testing;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonSerializerOptionsCreatedPerCallAnalyzer,
    JsonPerf.CodeFixes.JsonSerializerOptionsCreatedPerCallFixer>;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>
/// The project's own helpers: a factory that returns new options each call is reported at the call that passes its
/// result to the serializer; a creation passed to a wrapper that only passes it on is reported where it stands.
/// </summary>
public partial class AnalyzerTests
{
    private const string Factory = "static JsonSerializerOptions GetOptions() => new JsonSerializerOptions { Converters = { new JsonStringEnumConverter() } }; ";
    private const string Coalescing = "static JsonSerializerOptions GetOptions(JsonSerializerOptions o) => o ?? new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All), Converters = { new JsonStringEnumConverter() } }; ";
    private const string Wrapper = "static string ToJson(object value, JsonSerializerOptions options) => JsonSerializer.Serialize(value, options); ";

    public static TheoryData<string, string> ReportedHelpers() => Cases.WithLanguageVersions(
        // Factories, reported at the call.
        Factory + "string Use(Order o) => JsonSerializer.Serialize(o, {|JP0001:GetOptions()|});",
        "JsonSerializerOptions Build() { return new JsonSerializerOptions { WriteIndented = true }; } string Use(Order o) { return JsonSerializer.Serialize(o, {|JP0001:Build()|}); }",
        "static JsonSerializerOptions GetOptions(JsonSerializerOptions o = null) => o ?? new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) }; string A(Order x) => JsonSerializer.Serialize(x, {|JP0001:GetOptions()|}); string B(Order x) => JsonSerializer.Serialize(x, {|JP0001:GetOptions(null)|}); string D(Order x) => JsonSerializer.Serialize(x, {|JP0001:GetOptions(default(JsonSerializerOptions))|});",
        "static JsonSerializerOptions Pick(bool indented) { if (indented) { return new JsonSerializerOptions { WriteIndented = true }; } return new JsonSerializerOptions(); } string Use(Order o, bool b) => JsonSerializer.Serialize(o, {|JP0001:Pick(b)|});",
        "static class Json { internal static JsonSerializerOptions Options(int depth) => new JsonSerializerOptions { MaxDepth = depth }; } string Use(Order o) => JsonSerializer.Serialize(o, {|JP0001:Json.Options(8)|});",
        Factory + "Task<Order> Load(HttpClient client) => client.GetFromJsonAsync<Order>(\"u\", {|JP0001:GetOptions()|});",
        Factory + "string Use(Order o, bool b) => JsonSerializer.Serialize(o, b ? s_shared : {|JP0001:GetOptions()|});",
        Factory + "static readonly Func<Order, string> s_f = x => JsonSerializer.Serialize(x, {|JP0001:GetOptions()|});",
        Factory + Wrapper + "string Use(Order o) => ToJson(o, {|JP0001:GetOptions()|});",
        "static JsonSerializerOptions Make<T>() => new JsonSerializerOptions(); string Use(Order o) => JsonSerializer.Serialize(o, {|JP0001:Make<Order>()|});",
        // A coalescing factory behind a wrapper's optional options: reported once, in the wrapper,
        // where every call that leaves the options out gets new ones; a creation passed through it is followed.
        Coalescing + "static string ToJson<T>(T value, JsonSerializerOptions options = null) => JsonSerializer.Serialize(value, {|JP0001:GetOptions(options)|}); string Use(Order x) => ToJson(x);",
        Coalescing + "static string ToJson<T>(T value, JsonSerializerOptions options = null) => JsonSerializer.Serialize(value, {|JP0001:GetOptions(options)|}); string Use(Order x) => ToJson(x, {|JP0001:new JsonSerializerOptions { WriteIndented = true }|});",
        Coalescing + "string Use(Order x) => JsonSerializer.Serialize(x, GetOptions({|JP0001:new JsonSerializerOptions()|}));",
        // Wrappers, reported at the creation.
        Wrapper + "string Use(Order o) => ToJson(o, {|JP0001:new JsonSerializerOptions { WriteIndented = true }|});",
        Wrapper + "string Use(Order o) { var x = {|JP0001:new JsonSerializerOptions()|}; x.WriteIndented = true; return ToJson(o, x); }",
        Wrapper + "string Use(Order o, bool b) { var x = b ? {|JP0001:new JsonSerializerOptions()|} : null; return ToJson(o, x); }",
        "static string Outer(object v, JsonSerializerOptions o) => Inner(v, o); static string Inner(object v, JsonSerializerOptions o) => JsonSerializer.Serialize(v, o); string Use(Order x) => Outer(x, {|JP0001:new JsonSerializerOptions()|});",
        "static string A1(object v, JsonSerializerOptions o) => A2(v, o); static string A2(object v, JsonSerializerOptions o) => A3(v, o); static string A3(object v, JsonSerializerOptions o) => JsonSerializer.Serialize(v, o); string Use(Order x) => A1(x, {|JP0001:new JsonSerializerOptions()|});",
        "static Order RoundTrip(Order v, JsonSerializerOptions o = null) { var json = JsonSerializer.Serialize(v, o ?? s_shared); return JsonSerializer.Deserialize<Order>(json, o); } Order Use(Order x) => RoundTrip(x, {|JP0001:new JsonSerializerOptions()|});",
        "static T FromJson<T>(string json, JsonSerializerOptions o) => JsonSerializer.Deserialize<T>(json, o); Order Use(string j) => FromJson<Order>(j, {|JP0001:new JsonSerializerOptions(JsonSerializerDefaults.Web)|});",
        "static async Task<Order> ReadAsync(Stream s, JsonSerializerOptions o) { return await JsonSerializer.DeserializeAsync<Order>(s, o); } Task<Order> Use(Stream s) => ReadAsync(s, {|JP0001:new JsonSerializerOptions()|});",
        "string Instance(object v, JsonSerializerOptions o) { if (v == null) { return \"\"; } return JsonSerializer.Serialize(v, o); } string Use(Order x) => Instance(x, {|JP0001:new JsonSerializerOptions()|});");

    public static TheoryData<string, string> NotReportedHelpers() => Cases.WithLanguageVersions(
        // Factories that store, change after creating, return a cached instance, or are not followed.
        "static JsonSerializerOptions Get() { var o = new JsonSerializerOptions(); s_cache = o; return o; } string Use(Order x) => JsonSerializer.Serialize(x, Get());",
        "static JsonSerializerOptions Get() { var o = new JsonSerializerOptions(); o.WriteIndented = true; return o; } string Use(Order x) => JsonSerializer.Serialize(x, Get());",
        "static JsonSerializerOptions Get() => s_cache ?? (s_cache = new JsonSerializerOptions()); string Use(Order x) => JsonSerializer.Serialize(x, Get());",
        "static JsonSerializerOptions Get() { if (s_cache != null) { return s_cache; } return new JsonSerializerOptions(); } string Use(Order x) => JsonSerializer.Serialize(x, Get());",
        "static JsonSerializerOptions Get() => s_shared; string Use(Order x) => JsonSerializer.Serialize(x, Get());",
        "static JsonSerializerOptions Get(JsonSerializerOptions o) => new JsonSerializerOptions(o); string Use(Order x) => JsonSerializer.Serialize(x, Get(s_shared));",
        "protected virtual JsonSerializerOptions Get() => new JsonSerializerOptions(); string Use(Order x) => JsonSerializer.Serialize(x, Get());",
        "interface ISource { JsonSerializerOptions Get(); } string Use(ISource s, Order x) => JsonSerializer.Serialize(x, s.Get());",
        "abstract class Base { public abstract JsonSerializerOptions Get(); } string Use(Base b, Order x) => JsonSerializer.Serialize(x, b.Get());",
        "string Use(Func<JsonSerializerOptions> f, Order x) => JsonSerializer.Serialize(x, f());",
        "[System.Runtime.InteropServices.DllImport(\"none\")] static extern JsonSerializerOptions Native(); string Use(Order x) => JsonSerializer.Serialize(x, Native());",
        // A factory called with the caller's options, or from code that runs once.
        "static JsonSerializerOptions Get(JsonSerializerOptions o = null) => o ?? new JsonSerializerOptions(); string Use(Order x) => JsonSerializer.Serialize(x, Get(options2)); JsonSerializerOptions options2;",
        "static JsonSerializerOptions Get(JsonSerializerOptions o = null) => o ?? new JsonSerializerOptions(); string Use(Order x) => JsonSerializer.Serialize(x, Get(s_shared));",
        Factory + "static readonly string s_json = JsonSerializer.Serialize(1, GetOptions());",
        Factory + "static C() { JsonSerializer.Serialize(1, GetOptions()); }",
        Factory + "static C() { for (var i = 0; i < 2; i++) { JsonSerializer.Serialize(i, GetOptions()); } }",
        Factory + "readonly string _json = JsonSerializer.Serialize(1, GetOptions());",
        // The wrapper's optional options are given a value first, or are not optional; the factory also changes what it is given.
        Coalescing + "static string ToJson(object v, JsonSerializerOptions options = null) { options = options ?? s_shared; return JsonSerializer.Serialize(v, GetOptions(options)); } string Use(Order x) => ToJson(x);",
        Coalescing + "static string ToJson(object v, JsonSerializerOptions options) => JsonSerializer.Serialize(v, GetOptions(options)); string Use(Order x) => ToJson(x, s_shared);",
        "static JsonSerializerOptions Get(JsonSerializerOptions o) { if (o != null) { o.WriteIndented = true; } return o ?? new JsonSerializerOptions(); } string Use(Order x) => JsonSerializer.Serialize(x, Get(new JsonSerializerOptions()));",
        Coalescing + "string Use(Order x) { var o = GetOptions(new JsonSerializerOptions()); o.WriteIndented = true; return JsonSerializer.Serialize(x, o); }",
        // A factory's result that is kept, changed or handed elsewhere.
        Factory + "string Use(Order x) { var o = GetOptions(); return JsonSerializer.Serialize(x, o); }",
        Factory + "void Use() { Configure(GetOptions()); }",
        Factory + "void Use() { _mutable = GetOptions(); }",
        Factory + "string Use(Order x) => MySerialize(x, GetOptions());",
        Factory + "System.Linq.Expressions.Expression<Func<Order, string>> Tree() => x => JsonSerializer.Serialize(x, GetOptions());",
        // Wrappers that store, change, capture, return or ignore the options, or are not followed.
        "string ToJson(object v, JsonSerializerOptions o) { _mutable = o; return JsonSerializer.Serialize(v, o); } string Use(Order x) => ToJson(x, new JsonSerializerOptions());",
        "static string ToJson(object v, JsonSerializerOptions o) { o.WriteIndented = true; return JsonSerializer.Serialize(v, o); } string Use(Order x) => ToJson(x, new JsonSerializerOptions());",
        "static Func<string> Later(object v, JsonSerializerOptions o) => () => JsonSerializer.Serialize(v, o); Func<string> Use(Order x) => Later(x, new JsonSerializerOptions());",
        "static JsonSerializerOptions Pass(JsonSerializerOptions o) => o; string Use(Order x) => JsonSerializer.Serialize(x, Pass(new JsonSerializerOptions()));",
        "static string ToJson(object v, JsonSerializerOptions o) { Console.WriteLine(o.WriteIndented); return JsonSerializer.Serialize(v, o); } string Use(Order x) => ToJson(x, new JsonSerializerOptions());",
        "static string ToJson(object v, JsonSerializerOptions o) { o = s_shared; return JsonSerializer.Serialize(v, o); } string Use(Order x) => ToJson(x, new JsonSerializerOptions());",
        "static string ToJson(object v, ref JsonSerializerOptions o) => JsonSerializer.Serialize(v, o); string Use(Order x) { var o = new JsonSerializerOptions(); return ToJson(x, ref o); }",
        "protected virtual string ToJson(object v, JsonSerializerOptions o) => JsonSerializer.Serialize(v, o); string Use(Order x) => ToJson(x, new JsonSerializerOptions());",
        "interface IWriter { string ToJson(object v, JsonSerializerOptions o); } string Use(IWriter w, Order x) => w.ToJson(x, new JsonSerializerOptions());",
        "static string ToJson(object v, JsonSerializerOptions o) => v.ToString(); string Use(Order x) => ToJson(x, new JsonSerializerOptions());",
        "static string ToJson(object v, JsonSerializerOptions o) => MySerialize(v, o); string Use(Order x) => ToJson(x, new JsonSerializerOptions());",
        "static string Rec(object v, JsonSerializerOptions o, int n) => n > 0 ? Rec(v, o, n - 1) : JsonSerializer.Serialize(v, o); string Use(Order x) => Rec(x, new JsonSerializerOptions(), 2);",
        "static string A1(object v, JsonSerializerOptions o) => A2(v, o); static string A2(object v, JsonSerializerOptions o) => A3(v, o); static string A3(object v, JsonSerializerOptions o) => A4(v, o); static string A4(object v, JsonSerializerOptions o) => JsonSerializer.Serialize(v, o); string Use(Order x) => A1(x, new JsonSerializerOptions());",
        Wrapper + "static readonly string s_json = ToJson(1, new JsonSerializerOptions());",
        Wrapper + "string Use(Order x) { var o = new JsonSerializerOptions(); var s = ToJson(x, o); return s + o.MaxDepth; }",
        "static string Through(object v, params JsonSerializerOptions[] all) => JsonSerializer.Serialize(v, all[0]); string Use(Order x) => Through(x, new JsonSerializerOptions());");

    [Theory]
    [MemberData(nameof(ReportedHelpers))]
    public Task Reports_options_created_per_call_through_the_projects_own_helpers(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InClass(snippet), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(NotReportedHelpers))]
    public Task Does_not_follow_helpers_that_store_change_cache_or_may_run_other_code(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InClass(snippet), Cases.Parse(languageVersion));

    [Fact]
    public Task Reports_a_partial_method_factory_only_when_not_partial()
        => Verify.VerifyAnalyzerAsync(Snippets.InClass(
            "public partial JsonSerializerOptions Get(); public partial JsonSerializerOptions Get() => new JsonSerializerOptions(); string Use(Order x) => JsonSerializer.Serialize(x, Get());"));

    [Fact]
    public Task A_factory_is_read_only_when_its_body_creates_something()
        // A target-typed `new()` is a creation like any other; a body without `new` is no factory (and is not bound to
        // find that out), nor is one whose `new` creates something else or sits in a lambda.
        => Verify.VerifyAnalyzerAsync(Snippets.InClass("""
            static JsonSerializerOptions Make() => new() { WriteIndented = true };
            static JsonSerializerOptions Cached() => s_shared;
            static JsonSerializerOptions Other() { var list = new List<int>(); return list.Count > 0 ? s_shared : null; }
            static JsonSerializerOptions Deferred() { Func<JsonSerializerOptions> f = () => new JsonSerializerOptions(); return f(); }
            string A(Order o) => JsonSerializer.Serialize(o, {|JP0001:Make()|});
            string B(Order o) => JsonSerializer.Serialize(o, Cached());
            string D(Order o) => JsonSerializer.Serialize(o, Other());
            string E(Order o) => JsonSerializer.Serialize(o, Deferred());
            """));

    [Fact]
    public Task Extension_wrappers_in_another_file_are_followed()
    {
        var test = new Verify.Test { TestCode = Snippets.InClass("string Use(Order x) => x.ToJson({|JP0001:new JsonSerializerOptions { WriteIndented = true }|});") };
        test.TestState.Sources.Add(("Extensions.cs", """
            using System.Text.Json;

            internal static class JsonExtensions
            {
                public static string ToJson<T>(this T value, JsonSerializerOptions options) => JsonSerializer.Serialize(value, options);
            }
            """));
        return test.RunAsync();
    }

    [Fact]
    public Task A_factory_called_from_Main_and_top_level_code_is_reported_only_in_their_loops_and_lambdas()
        => Verify.VerifyAnalyzerAsync(
            Snippets.Usings + """
            Console.WriteLine(JsonSerializer.Serialize(1, Json.Options()));
            for (var i = 0; i < 2; i++)
            {
                Console.WriteLine(JsonSerializer.Serialize(i, {|JP0001:Json.Options()|}));
            }

            Func<int, string> handler = x => JsonSerializer.Serialize(x, {|JP0001:Json.Options()|});
            Console.WriteLine(handler(2));
            Console.WriteLine(Json.ToJson(3, new JsonSerializerOptions()));

            internal static class Json
            {
                internal static JsonSerializerOptions Options() => new JsonSerializerOptions { WriteIndented = true };
                internal static string ToJson(object value, JsonSerializerOptions options) => JsonSerializer.Serialize(value, options);
            }
            """,
            outputKind: OutputKind.ConsoleApplication);

    [Fact]
    public Task Message_names_the_factory_and_its_cost()
        => new Verify.Test
        {
            TestCode = Snippets.InClass(Factory + "string Use(Order o) => JsonSerializer.Serialize(o, {|#0:GetOptions()|});"),
            ExpectedDiagnostics =
            {
                new DiagnosticResult(Rules.OptionsCreatedPerCall).WithLocation(0).WithArguments(Rules.OptionsCostThroughFactory("C.GetOptions", Rules.OptionsCostRebuild), Rules.OptionsCache, ""),
            },
        }.RunAsync();

    [Fact]
    public Task Message_says_when_the_factory_cannot_be_fixed()
        => new Verify.Test
        {
            TestCode = Snippets.InClass("static JsonSerializerOptions Get(int depth) { Console.WriteLine(depth); return new JsonSerializerOptions { MaxDepth = depth }; } string Use(Order o) => JsonSerializer.Serialize(o, {|#0:Get(4)|});"),
            ExpectedDiagnostics =
            {
                new DiagnosticResult(Rules.OptionsCreatedPerCall).WithLocation(0).WithArguments(Rules.OptionsCostThroughFactory("C.Get", Rules.OptionsCostLookup), Rules.OptionsCache, Rules.NoAutomaticFix),
            },
        }.RunAsync();
}
