using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Testing;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonSerializerOptionsCreatedPerCallAnalyzer,
    JsonPerf.CodeFixes.JsonSerializerOptionsCreatedPerCallFixer>;

namespace JsonPerf.Analyzers.Tests.JP0001;

public partial class AnalyzerTests
{
    public static TheoryData<string, string> NotReportedStatements() => Cases.WithLanguageVersions(
        // Options that already live once.
        "JsonSerializer.Serialize(order, s_shared);",
        "JsonSerializer.Serialize(order, _instanceOptions);",
        "JsonSerializer.Serialize(order, options);",
        "JsonSerializer.Serialize(order, JsonSerializerOptions.Default);",
        // Lazy caches.
        "JsonSerializer.Serialize(order, s_cache ?? (s_cache = new JsonSerializerOptions()));",
        // Locals that escape or do more than configure.
        "var o = new JsonSerializerOptions(); _mutable = o; JsonSerializer.Serialize(order, o);",
        "var o = new JsonSerializerOptions(); Configure(o); JsonSerializer.Serialize(order, o);",
        "var o = new JsonSerializerOptions(); Ref(ref o); JsonSerializer.Serialize(order, o);",
        "var o = new JsonSerializerOptions(); list.Add(o); JsonSerializer.Serialize(order, o);",
        "var o = new JsonSerializerOptions(); o = s_shared; JsonSerializer.Serialize(order, o);",
        // Captured by a lambda or local function that does more than read them at an entry point.
        "var o = new JsonSerializerOptions(); Action a = () => o.WriteIndented = true; JsonSerializer.Serialize(order, o);",
        "var o = new JsonSerializerOptions(); Action a = () => _mutable = o; JsonSerializer.Serialize(order, o);",
        "var o = new JsonSerializerOptions(); Func<MyContext> f = () => new MyContext(o); JsonSerializer.Serialize(order, o);",
        "var o = new JsonSerializerOptions(); Action a = () => o = s_shared; JsonSerializer.Serialize(order, o);",
        "var o = new JsonSerializerOptions(); Func<bool> f = () => o.WriteIndented; JsonSerializer.Serialize(order, o);",
        "var o = new JsonSerializerOptions(); void Local() { Configure(o); } Local(); JsonSerializer.Serialize(order, o);",
        "JsonSerializerOptions o; o = new JsonSerializerOptions(); Action a = () => list.Add(o); JsonSerializer.Serialize(order, o);",
        "var o = new JsonSerializerOptions(); Console.WriteLine(o.WriteIndented); JsonSerializer.Serialize(order, o);",
        "var o = new JsonSerializerOptions(); o.TypeInfoResolverChain.Add(new DefaultJsonTypeInfoResolver()); JsonSerializer.Serialize(order, o);",
        "var o = new JsonSerializerOptions(); var h = new Holder { Options = o }; JsonSerializer.Serialize(order, o);",
        "var o = new JsonSerializerOptions(); object boxed = o; JsonSerializer.Serialize(order, o);",
        "var o = new JsonSerializerOptions();",
        "var o = new JsonSerializerOptions(); o.WriteIndented = true;",
        "var o = new JsonSerializerOptions(); MySerialize(order, o);",
        "object o = new JsonSerializerOptions(); JsonSerializer.Serialize(order, (JsonSerializerOptions)o);",
        // Creations that go anywhere but a serializer entry point.
        "Configure(new JsonSerializerOptions());",
        "MySerialize(order, new JsonSerializerOptions());",
        "var h = new Holder { Options = new JsonSerializerOptions() };",
        "var all = new[] { new JsonSerializerOptions() };",
        "list.Add(new JsonSerializerOptions());",
        "Console.WriteLine(ReferenceEquals(new JsonSerializerOptions(), options));",
        "Console.WriteLine(string.Format(\"{0}\", new JsonSerializerOptions()));",
        "JsonSerializer.Serialize(order, new JsonSerializerOptions(new JsonSerializerOptions()).GetType());",
        // Derived from the caller's options: deliberate, and nothing static to cache.
        "JsonSerializer.Serialize(order, new JsonSerializerOptions(options) { WriteIndented = true });",
        "var o = new JsonSerializerOptions(options); o.WriteIndented = true; JsonSerializer.Serialize(order, o);",
        // Other System.Text.Json options types are not serializer options.
        "JsonDocument.Parse(json, new JsonDocumentOptions { AllowTrailingCommas = true });",
        "JsonNode.Parse(json, new JsonNodeOptions { PropertyNameCaseInsensitive = true });",
        "using (var writer = new Utf8JsonWriter(stream, new JsonWriterOptions { Indented = true })) { }",
        "JsonDocument.Parse(json, new JsonDocumentOptions { CommentHandling = new JsonReaderOptions { AllowTrailingCommas = true }.CommentHandling });",
        "var o = new JsonSerializerOptions(); o.Converters.Clear(); JsonSerializer.Serialize(order, o);",
        "var o = new JsonSerializerOptions(); o.MakeReadOnly(); JsonSerializer.Serialize(order, o);",
        "var o = new JsonSerializerOptions(); var alias = o; JsonSerializer.Serialize(order, alias);",
        // A creation overwritten before any use is a dead store, not a per-call cost.
        "JsonSerializerOptions o; o = new JsonSerializerOptions(); o = s_shared; JsonSerializer.Serialize(order, o);",
        "JsonSerializerOptions o = new JsonSerializerOptions(); o = options; JsonSerializer.Serialize(order, o);",
        // Flowing through ?:, ?? or an assignment into a local that escapes or is captured.
        "var o = flag ? new JsonSerializerOptions() : null; _mutable = o; JsonSerializer.Serialize(order, o);",
        "JsonSerializerOptions o; o = new JsonSerializerOptions(); Func<string> f = () => { o.WriteIndented = true; return JsonSerializer.Serialize(order, o); };",
        "var o = options ?? new JsonSerializerOptions(); Configure(o); JsonSerializer.Serialize(order, o);",
        "JsonSerializerOptions o1, o2; o1 = o2 = new JsonSerializerOptions(); JsonSerializer.Serialize(order, o1); _mutable = o2;",
        "JsonSerializerOptions o; MySerialize(order, o = new JsonSerializerOptions()); JsonSerializer.Serialize(order, o);",
        "JsonSerializerOptions o; o = new JsonSerializerOptions();",
        "var pair = Tuple.Create(new JsonSerializerOptions(), 1); JsonSerializer.Serialize(order, pair.Item1);",
        "var cache = new Dictionary<int, JsonSerializerOptions>(); if (!cache.TryGetValue(1, out var o)) { cache[1] = new JsonSerializerOptions(); }",
        "var lazy = new Lazy<JsonSerializerOptions>(() => new JsonSerializerOptions { WriteIndented = true }, true); JsonSerializer.Serialize(order, lazy.Value);",
        "var table = new System.Runtime.CompilerServices.ConditionalWeakTable<object, JsonSerializerOptions>(); JsonSerializer.Serialize(order, table.GetValue(order, _ => new JsonSerializerOptions()));",
        "Task.Run(() => new JsonSerializerOptions());",
        "System.Linq.Expressions.Expression<Func<Order, string>> e = x => JsonSerializer.Serialize(x, new JsonSerializerOptions());",
        "JsonSerializer.Serialize(order, default(JsonSerializerOptions));",
        "JsonSerializer.Serialize(order, (JsonSerializerOptions)null);",
        // Source-generated and JsonTypeInfo overloads take no options.
        "JsonSerializer.Serialize(order, typeof(Order), new MyContext(s_shared));");

    public static TheoryData<string, string> NotReportedMembers() => Cases.WithLanguageVersions(
        "private static readonly JsonSerializerOptions s_options = new JsonSerializerOptions { WriteIndented = true };",
        "public static JsonSerializerOptions Options { get; } = new JsonSerializerOptions();",
        "private readonly JsonSerializerOptions _options = new JsonSerializerOptions(JsonSerializerDefaults.Web);",
        "private static readonly string s_json = JsonSerializer.Serialize(1, new JsonSerializerOptions());",
        "private readonly string _json = JsonSerializer.Serialize(1, new JsonSerializerOptions());",
        "static C() { JsonSerializer.Serialize(1, new JsonSerializerOptions()); }",
        "static C() { var o = new JsonSerializerOptions(); o.WriteIndented = true; JsonSerializer.Serialize(1, o); }",
        "private static readonly Lazy<JsonSerializerOptions> s_lazy = new Lazy<JsonSerializerOptions>(() => new JsonSerializerOptions());",
        "JsonSerializerOptions Create() { return new JsonSerializerOptions(); }",
        "JsonSerializerOptions Make() { var o = new JsonSerializerOptions(); o.WriteIndented = true; return o; }",
        "JsonSerializerOptions Settable { set { _mutable = new JsonSerializerOptions(); } }",
        "public JsonSerializerOptions Cached { get { return s_cache ?? (s_cache = new JsonSerializerOptions()); } }",
        "public static JsonSerializerOptions Choose(bool b) { return b ? new JsonSerializerOptions() : s_shared; }",
        "void Store() { s_cache = new JsonSerializerOptions(); }",
        "public JsonSerializerOptions InstanceAuto { get; set; } = new JsonSerializerOptions { WriteIndented = true };",
        "JsonSerializerOptions Both(Order o) { var x = new JsonSerializerOptions(); JsonSerializer.Serialize(o, x); return x; }",
        "static readonly System.Collections.Concurrent.ConcurrentDictionary<int, JsonSerializerOptions> s_byDepth = new System.Collections.Concurrent.ConcurrentDictionary<int, JsonSerializerOptions>(); string Cached(Order o, int depth) { return JsonSerializer.Serialize(o, s_byDepth.GetOrAdd(depth, d => new JsonSerializerOptions { MaxDepth = d })); }");

    public static TheoryData<string> NotReportedModern() => new()
    {
        "JsonSerializer.Serialize(order, s_cache ??= new JsonSerializerOptions());",
        "JsonSerializer.Serialize(order, s_cache ??= new());",
        "var h = new Holder { Options = new() };",
        "JsonSerializerOptions o = new(options) { WriteIndented = true }; JsonSerializer.Serialize(order, o);",
        "var o = new JsonSerializerOptions(); static void Use(JsonSerializerOptions x) { } Use(o); JsonSerializer.Serialize(order, o);",
    };

    [Theory]
    [MemberData(nameof(NotReportedStatements))]
    public Task Does_not_report_options_that_are_created_once_escape_or_go_elsewhere(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InMethod(snippet), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(NotReportedMembers))]
    public Task Does_not_report_initializers_static_constructors_and_factories(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InClass(snippet), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(NotReportedModern))]
    public Task Does_not_report_modern_lazy_and_escaping_forms(string snippet)
        => Verify.VerifyAnalyzerAsync(Snippets.InMethod(snippet));

    [Fact]
    public Task Does_not_report_a_user_type_that_is_named_like_the_serializer()
        => Verify.VerifyAnalyzerAsync("""
            namespace Other
            {
                public sealed class JsonSerializerOptions { }
                public static class JsonSerializer { public static string Serialize(object value, JsonSerializerOptions options) { return ""; } }
                public class C { public string M() { return JsonSerializer.Serialize(1, new JsonSerializerOptions()); } }
            }
            """);

    [Fact]
    public Task Does_nothing_in_a_compilation_without_System_Text_Json()
        => Verify.VerifyAnalyzerAsync("""
            namespace System.Text.Json.Fake
            {
                public sealed class JsonSerializerOptions { }
                public static class JsonSerializer { public static string Serialize(object value, JsonSerializerOptions options) { return ""; } }
                public class C { public string M() { return JsonSerializer.Serialize(1, new JsonSerializerOptions()); } }
            }
            """, references: TestReferences.WithoutSystemTextJson);

    [Fact]
    public Task Does_not_report_generated_code()
        => Verify.VerifyAnalyzerAsync("// <auto-generated/>\n" + Snippets.InMethod("JsonSerializer.Serialize(order, new JsonSerializerOptions());"));

    [Fact]
    public Task Does_not_report_in_a_generated_file_name()
    {
        var test = new Verify.Test();
        test.TestState.Sources.Add(("Model.g.cs", Snippets.InMethod("JsonSerializer.Serialize(order, new JsonSerializerOptions());")));
        return test.RunAsync();
    }
}
