using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonSerializerOptionsCreatedPerCallAnalyzer,
    JsonPerf.CodeFixes.JsonSerializerOptionsCreatedPerCallFixer>;

namespace JsonPerf.Analyzers.Tests.JP0001;

public partial class AnalyzerTests
{
    public static TheoryData<string, string> ReportedStatements() => Cases.WithLanguageVersions(
        // Passed straight to JsonSerializer, every overload family.
        "JsonSerializer.Serialize(order, {|JP0001:new JsonSerializerOptions()|});",
        "JsonSerializer.Serialize(order, {|JP0001:new JsonSerializerOptions { WriteIndented = true }|});",
        "JsonSerializer.Serialize(order, typeof(Order), {|JP0001:new JsonSerializerOptions()|});",
        "JsonSerializer.Deserialize<Order>(json, {|JP0001:new JsonSerializerOptions(JsonSerializerDefaults.Web)|});",
        "JsonSerializer.Deserialize(json, typeof(Order), {|JP0001:new JsonSerializerOptions()|});",
        "JsonSerializer.SerializeToUtf8Bytes(order, {|JP0001:new JsonSerializerOptions { Converters = { new JsonStringEnumConverter() } }|});",
        "await JsonSerializer.SerializeAsync(stream, order, {|JP0001:new JsonSerializerOptions()|});",
        "await JsonSerializer.DeserializeAsync<Order>(stream, {|JP0001:new JsonSerializerOptions()|});",
        "JsonSerializer.DeserializeAsyncEnumerable<Order>(stream, {|JP0001:new JsonSerializerOptions()|});",
        "JsonSerializer.SerializeToElement(order, {|JP0001:new JsonSerializerOptions()|});",
        "JsonSerializer.SerializeToNode(order, {|JP0001:new JsonSerializerOptions()|});",
        "JsonSerializer.SerializeToDocument(order, {|JP0001:new JsonSerializerOptions()|});",
        "JsonSerializer.Serialize(order, {|JP0001:new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) }|});",
        // Through named arguments, casts, parentheses, ?: and ??.
        "JsonSerializer.Serialize(order, options: {|JP0001:new JsonSerializerOptions()|});",
        "JsonSerializer.Serialize(order, (JsonSerializerOptions){|JP0001:new JsonSerializerOptions()|});",
        "JsonSerializer.Serialize(order, ({|JP0001:new JsonSerializerOptions()|}));",
        "JsonSerializer.Serialize(order, flag ? s_shared : {|JP0001:new JsonSerializerOptions { WriteIndented = true }|});",
        "JsonSerializer.Serialize(order, options ?? {|JP0001:new JsonSerializerOptions()|});",
        // Loops, lambdas, local functions.
        "for (var i = 0; i < 3; i++) { JsonSerializer.Serialize(order, {|JP0001:new JsonSerializerOptions()|}); }",
        "foreach (var o in new[] { order }) JsonSerializer.Serialize(o, {|JP0001:new JsonSerializerOptions()|});",
        "Func<Order, string> f = x => JsonSerializer.Serialize(x, {|JP0001:new JsonSerializerOptions()|});",
        "string Local(Order x) { return JsonSerializer.Serialize(x, {|JP0001:new JsonSerializerOptions()|}); }",
        // Locals that are only configured and passed to entry points.
        "var o = {|JP0001:new JsonSerializerOptions()|}; JsonSerializer.Serialize(order, o);",
        "JsonSerializerOptions o = {|JP0001:new JsonSerializerOptions()|}; JsonSerializer.Serialize(order, o);",
        "var o = {|JP0001:new JsonSerializerOptions()|}; o.WriteIndented = true; o.Converters.Add(new JsonStringEnumConverter()); JsonSerializer.Serialize(order, o);",
        "var o = {|JP0001:new JsonSerializerOptions()|}; var s = JsonSerializer.Serialize(order, o); JsonSerializer.Deserialize<Order>(s, o);",
        "var o = {|JP0001:new JsonSerializerOptions()|}; Console.WriteLine(); o.WriteIndented = true; JsonSerializer.Serialize(order, o);",
        "var o = {|JP0001:new JsonSerializerOptions()|}; if (flag) { o.WriteIndented = true; } JsonSerializer.Serialize(order, o);",
        "var o = {|JP0001:new JsonSerializerOptions()|}; JsonSerializer.Serialize(order, flag ? o : s_shared);",
        // Read at entry points inside lambdas and local functions (a converter built per call for a Select).
        "var o = {|JP0001:new JsonSerializerOptions()|}; Func<string> f = () => JsonSerializer.Serialize(order, o);",
        "var o = {|JP0001:new JsonSerializerOptions { Converters = { new JsonStringEnumConverter() } }|}; var all = Array.ConvertAll(new[] { order }, i => JsonSerializer.Serialize(i, o));",
        "var o = {|JP0001:new JsonSerializerOptions()|}; o.WriteIndented = true; var all = Array.ConvertAll(new[] { order }, i => JsonSerializer.Serialize(i, o)); JsonSerializer.Serialize(order, o);",
        "var o = {|JP0001:new JsonSerializerOptions()|}; string Local() { return JsonSerializer.Serialize(order, o); } Local();",
        "var o = {|JP0001:new JsonSerializerOptions()|}; Func<string, Order> f = s => JsonSerializer.Deserialize<Order>(s, o); MySerialize(order, s_shared);",
        "JsonSerializerOptions o; o = {|JP0001:new JsonSerializerOptions()|}; Func<string> f = () => JsonSerializer.Serialize(order, o);",
        // Locals reached through ?: (also nested) and ??, assigned after their declaration (also in both branches
        // of an if, or after a null initializer), by a chained assignment, or read by a discard.
        "var o = flag ? {|JP0001:new JsonSerializerOptions { WriteIndented = true }|} : null; JsonSerializer.Serialize(order, o);",
        "var o = flag ? (json == null ? {|JP0001:new JsonSerializerOptions()|} : s_shared) : {|JP0001:new JsonSerializerOptions { WriteIndented = true }|}; JsonSerializer.Serialize(order, o);",
        "var o = options ?? {|JP0001:new JsonSerializerOptions()|}; JsonSerializer.Serialize(order, o);",
        "JsonSerializerOptions o; o = {|JP0001:new JsonSerializerOptions()|}; JsonSerializer.Serialize(order, o);",
        "JsonSerializerOptions o; if (flag) { o = {|JP0001:new JsonSerializerOptions { WriteIndented = true }|}; } else { o = {|JP0001:new JsonSerializerOptions()|}; } JsonSerializer.Serialize(order, o);",
        "JsonSerializerOptions o = null; o = {|JP0001:new JsonSerializerOptions()|}; JsonSerializer.Serialize(order, o);",
        "JsonSerializerOptions o; o = {|JP0001:new JsonSerializerOptions()|}; o.WriteIndented = true; JsonSerializer.Serialize(order, o);",
        "JsonSerializerOptions o1, o2; o1 = o2 = {|JP0001:new JsonSerializerOptions()|}; JsonSerializer.Serialize(order, o1);",
        "JsonSerializerOptions o1; var o2 = o1 = {|JP0001:new JsonSerializerOptions()|}; JsonSerializer.Serialize(order, o2); JsonSerializer.Serialize(order, o1);",
        "var o = {|JP0001:new JsonSerializerOptions()|}; _ = o; JsonSerializer.Serialize(order, o);",
        "var o = {|JP0001:new JsonSerializerOptions()|}; JsonSerializer.Serialize(order, o); o = s_shared; JsonSerializer.Serialize(order, o);",
        // System.Net.Http.Json.
        "await client.GetFromJsonAsync<Order>(\"u\", {|JP0001:new JsonSerializerOptions()|});",
        "await client.PostAsJsonAsync(\"u\", order, {|JP0001:new JsonSerializerOptions()|});",
        "await client.PutAsJsonAsync(\"u\", order, {|JP0001:new JsonSerializerOptions()|});",
        "await HttpClientJsonExtensions.GetFromJsonAsync<Order>(client, \"u\", {|JP0001:new JsonSerializerOptions()|});",
        "JsonContent.Create(order, options: {|JP0001:new JsonSerializerOptions()|});",
        "await new StringContent(json).ReadFromJsonAsync<Order>({|JP0001:new JsonSerializerOptions()|});",
        // A context built per call.
        "new MyContext({|JP0001:new JsonSerializerOptions()|});");

    public static TheoryData<string, string> ReportedMembers() => Cases.WithLanguageVersions(
        "public C(Order o) { JsonSerializer.Serialize(o, {|JP0001:new JsonSerializerOptions()|}); }",
        "public static JsonSerializerOptions Options => {|JP0001:new JsonSerializerOptions { WriteIndented = true }|};",
        "public JsonSerializerOptions InstanceOptions { get { return {|JP0001:new JsonSerializerOptions()|}; } }",
        "public string Json { get { return JsonSerializer.Serialize(1, {|JP0001:new JsonSerializerOptions()|}); } }",
        "private readonly Func<Order, string> _f = x => JsonSerializer.Serialize(x, {|JP0001:new JsonSerializerOptions()|});",
        "private static readonly Func<Order, string> s_f = x => JsonSerializer.Serialize(x, {|JP0001:new JsonSerializerOptions()|});",
        "static C() { s_handler = x => JsonSerializer.Serialize(x, {|JP0001:new JsonSerializerOptions()|}); } static Func<Order, string> s_handler;",
        "IEnumerable<string> Iterate(Order o) { yield return JsonSerializer.Serialize(o, {|JP0001:new JsonSerializerOptions()|}); }");

    public static TheoryData<string> ReportedModern() => new()
    {
        "JsonSerializer.Serialize(order, options: {|JP0001:new()|});",
        "JsonSerializer.Serialize(order, options: {|JP0001:new() { WriteIndented = true }|});",
        "new MyContext({|JP0001:new(JsonSerializerDefaults.Web)|});",
        "JsonSerializerOptions o = {|JP0001:new()|}; JsonSerializer.Serialize(order, o);",
        "static string Local(Order x) => JsonSerializer.Serialize(x, {|JP0001:new JsonSerializerOptions()|});",
        "var o = json.Length switch { 0 => {|JP0001:new JsonSerializerOptions()|}, 1 => s_shared, _ => {|JP0001:new JsonSerializerOptions { WriteIndented = true }|} }; JsonSerializer.Serialize(order, o);",
        "JsonSerializerOptions o = flag ? {|JP0001:new()|} : null; JsonSerializer.Serialize(order, o);",
    };

    [Theory]
    [MemberData(nameof(ReportedStatements))]
    public Task Reports_options_created_per_call_in_a_method(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InMethod(snippet), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(ReportedMembers))]
    public Task Reports_options_created_per_call_in_members(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InClass(snippet), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(ReportedModern))]
    public Task Reports_target_typed_and_modern_forms(string snippet)
        => Verify.VerifyAnalyzerAsync(Snippets.InMethod(snippet));

    [Fact]
    public Task Top_level_statements_run_once_outside_their_loops_lambdas_and_local_functions()
        => Verify.VerifyAnalyzerAsync(
            Snippets.Usings + """
            Console.WriteLine(JsonSerializer.Serialize(1, new JsonSerializerOptions { WriteIndented = true }));
            var once = new JsonSerializerOptions { WriteIndented = true };
            Console.WriteLine(JsonSerializer.Serialize(2, once));
            for (var i = 0; i < 2; i++)
            {
                Console.WriteLine(JsonSerializer.Serialize(i, {|JP0001:new JsonSerializerOptions()|}));
            }

            Func<int, string> handler = x => JsonSerializer.Serialize(x, {|JP0001:new JsonSerializerOptions()|});
            Console.WriteLine(handler(2));
            Console.WriteLine(Local(3));

            string Local(int x) => JsonSerializer.Serialize(x, {|JP0001:new JsonSerializerOptions()|});
            """,
            outputKind: OutputKind.ConsoleApplication);

    [Fact]
    public Task The_entry_point_and_module_initializers_run_once_outside_their_loops_other_methods_per_call()
        => Verify.VerifyAnalyzerAsync(
            Snippets.Usings + """
            using System.Runtime.CompilerServices;

            public static class Program
            {
                public static void Main(string[] args)
                {
                    Console.WriteLine(JsonSerializer.Serialize(1, new JsonSerializerOptions { WriteIndented = true }));
                    foreach (var arg in args)
                    {
                        Console.WriteLine(JsonSerializer.Serialize(arg, {|JP0001:new JsonSerializerOptions()|}));
                    }

                    Console.WriteLine(Helper(2));
                }

                public static string Helper(int x) => JsonSerializer.Serialize(x, {|JP0001:new JsonSerializerOptions()|});
            }

            internal static class Startup
            {
                [ModuleInitializer]
                internal static void Warm() => JsonSerializer.Serialize(0, new JsonSerializerOptions());

                internal static void Run() => JsonSerializer.Serialize(0, {|JP0001:new JsonSerializerOptions()|});
            }
            """,
            outputKind: OutputKind.ConsoleApplication);

    [Fact]
    public Task A_library_Main_is_not_an_entry_point()
        => Verify.VerifyAnalyzerAsync(
            Snippets.Usings + """
            public static class Tool
            {
                public static void Main() => JsonSerializer.Serialize(0, {|JP0001:new JsonSerializerOptions()|});
            }
            """);

    [Fact]
    public Task Reports_aspnetcore_entry_points()
        => Verify.VerifyAnalyzerAsync(
            Snippets.Usings + """
            using Microsoft.AspNetCore.Http;
            using Microsoft.AspNetCore.Mvc;

            public class Api : Controller
            {
                public IResult Minimal(object value) => Results.Json(value, {|JP0001:new JsonSerializerOptions()|});
                public IResult Typed(object value) => TypedResults.Json(value, {|JP0001:new JsonSerializerOptions()|});
                public Task Write(HttpResponse response, object value) => response.WriteAsJsonAsync(value, {|JP0001:new JsonSerializerOptions()|});
                public async Task<object> Read(HttpRequest request) => await request.ReadFromJsonAsync<object>({|JP0001:new JsonSerializerOptions()|});
                public JsonResult Mvc(object value) => new JsonResult(value, {|JP0001:new JsonSerializerOptions()|});
                public JsonResult Action(object value) => Json(value, {|JP0001:new JsonSerializerOptions()|});
            }
            """);

    [Fact]
    public Task Message_says_new_converters_defeat_the_metadata_cache()
        => new Verify.Test
        {
            TestCode = Snippets.InMethod("JsonSerializer.Serialize(order, {|#0:new JsonSerializerOptions { Converters = { new JsonStringEnumConverter() } }|});"),
            ExpectedDiagnostics = { new Microsoft.CodeAnalysis.Testing.DiagnosticResult(Rules.OptionsCreatedPerCall).WithLocation(0).WithArguments(Rules.OptionsCostRebuild, Rules.OptionsCache, "") },
        }.RunAsync();

    [Fact]
    public Task Message_for_a_folded_encoder_says_the_cache_misses()
        => new Verify.Test
        {
            // The statement the fix folds is named as an additional location (a fold under #if is then noted).
            TestCode = Snippets.InMethod("var o = {|#0:new JsonSerializerOptions()|}; {|#1:o.Encoder = JavaScriptEncoder.Create(UnicodeRanges.All);|} JsonSerializer.Serialize(order, o);"),
            ExpectedDiagnostics = { new Microsoft.CodeAnalysis.Testing.DiagnosticResult(Rules.OptionsCreatedPerCall).WithLocation(0).WithLocation(1).WithArguments(Rules.OptionsCostRebuild, Rules.OptionsCache, "") },
        }.RunAsync();

    [Fact]
    public Task Message_for_value_settings_says_a_lookup_per_call()
        => new Verify.Test
        {
            TestCode = Snippets.InMethod("JsonSerializer.Serialize(order, {|#0:new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase, MaxDepth = int.Parse(\"8\") }|});"),
            ExpectedDiagnostics = { new Microsoft.CodeAnalysis.Testing.DiagnosticResult(Rules.OptionsCreatedPerCall).WithLocation(0).WithArguments(Rules.OptionsCostLookup, Rules.OptionsCache, Rules.NoAutomaticFix) },
        }.RunAsync();

    [Fact]
    public Task Reports_against_net8_reference_assemblies()
        => Verify.VerifyAnalyzerAsync(Snippets.InMethod("JsonSerializer.Serialize(order, {|JP0001:new JsonSerializerOptions()|});"), references: TestReferences.Net8);
}
