using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis.Testing;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.DomBetweenJsonAndTypeAnalyzer,
    Microsoft.CodeAnalysis.Testing.EmptyCodeFixProvider>;

namespace JsonPerf.Analyzers.Tests.JP0011;

/// <summary>JP0011's read side: a DOM read from JSON in the same method, then deserialized from it and used for nothing else.</summary>
public partial class AnalyzerTests
{
    /// <summary>The envelope types and helpers the snippets use, as members of the test class.</summary>
    internal const string Envelopes = """
        public class Envelope { public JsonNode Result { get; set; } public string Error { get; set; } }
        public class Response { [JsonPropertyName("result")] public JsonNode Result { get; set; } public int Id { get; set; } }
        public class Request { [JsonPropertyName("params")] public JsonElement? Params { get; set; } public string Method { get; set; } }
        public class Plain { public JsonNode Data { get; set; } }
        static JsonTypeInfo<Order> s_info;
        static void Keep(object value) { }

        """;

    public static TheoryData<string> ReportedReads() => new()
    {
        """async Task<Order> R(HttpContent content) { var e = await content.ReadFromJsonAsync<JsonElement>(); return {|JP0011:e.Deserialize<Order>()|}; }""",
        """Order R(string json) { using var doc = JsonDocument.Parse(json); return {|JP0011:doc.RootElement.Deserialize<Order>()|}; }""",
        """Order R(string json) { var node = JsonNode.Parse(json); return {|JP0011:node.Deserialize<Order>()|}; }""",
        """Order R(string json) => {|JP0011:JsonSerializer.Deserialize<Order>(JsonSerializer.Deserialize<JsonElement>(json))|};""",
        """async Task<Order> R(HttpClient client) { var e = await client.GetFromJsonAsync<JsonElement>("u").ConfigureAwait(false); return {|JP0011:JsonSerializer.Deserialize<Order>(e)|} ?? throw new InvalidOperationException($"bad: {e}"); }""",
        """Order R(string json) { using var doc = JsonDocument.Parse(json); var data = doc.RootElement.GetProperty("data"); return {|JP0011:data.Deserialize(s_info)|}; }""",
        """Order R(byte[] utf8) { var e = JsonSerializer.Deserialize<JsonElement>(utf8); return {|JP0011:JsonSerializer.Deserialize(e, typeof(Order), s_shared)|} as Order; }""",
        // A18: the method is peeked at first, then the whole root deserialized.
        """
        async Task<Order> R(Stream body)
        {
            JsonDocument doc;
            try { doc = await JsonDocument.ParseAsync(body).ConfigureAwait(false); }
            catch (JsonException) { return null; }
            using (doc)
            {
                var root = doc.RootElement;
                if (!root.TryGetProperty("method", out var method) || method.ValueKind != JsonValueKind.String) { return null; }
                Console.WriteLine(method.GetString());
                return {|JP0011:JsonSerializer.Deserialize(root, s_info)|};
            }
        }
        """,
        // An envelope whose result is a JsonNode (A07, A08).
        """Order R(string json) { var env = JsonSerializer.Deserialize<Envelope>(json); if (env.Error != null) { throw new InvalidOperationException(env.Error); } return {|JP0011:env.Result.Deserialize<Order>()|}; }""",
        """async Task<Order> R(Stream s) { var env = await JsonSerializer.DeserializeAsync<Envelope>(s); return env?.Result?{|JP0011:.Deserialize(s_info)|} ?? throw new InvalidOperationException("none"); }""",
        """
        async IAsyncEnumerable<Order> R(IAsyncEnumerable<string> events)
        {
            await foreach (var data in events)
            {
                var env = JsonSerializer.Deserialize<Envelope>(data) ?? throw new InvalidOperationException("no event");
                if (env.Error is { } error) { throw new InvalidOperationException(error); }
                var result = {|JP0011:env.Result.Deserialize<Order>()|} ?? throw new InvalidOperationException("no result");
                yield return result;
            }
        }
        """,
        """Func<string, Order> R() => json => { var env = JsonSerializer.Deserialize<Envelope>(json); if (env?.Result is null) { throw new InvalidOperationException(); } return {|JP0011:env.Result.Deserialize<Order>()|}; };""",
        // A06: the envelope comes from the project's own method, which deserializes it.
        """
        private async Task<Envelope> SendCoreAsync(Stream s) { var r = await JsonSerializer.DeserializeAsync<Envelope>(s).ConfigureAwait(false) ?? throw new InvalidOperationException(); return r; }
        async Task<T> Send<T>(Stream s) { var env = await SendCoreAsync(s).ConfigureAwait(false); return {|JP0011:env.Result.Deserialize<T>()|}; }
        """,
        // T04: a generic helper instantiated with JsonElement, which reads the response through another helper.
        """
        private async Task<T> Post<T>(HttpClient c, HttpContent body) { using var response = await c.PostAsync("u", body).ConfigureAwait(false); return await Read<T>(response).ConfigureAwait(false); }
        private static async Task<T> Read<T>(HttpResponseMessage r) => await r.Content.ReadFromJsonAsync<T>() ?? throw new ArgumentException();
        async Task<Order> Search(HttpClient c, HttpContent body) { var response = await Post<JsonElement>(c, body).ConfigureAwait(false); return {|JP0011:response.Deserialize<Order>(s_shared)|} ?? throw new InvalidOperationException($"Received '{response}'."); }
        """,
        """Order R(string json) { var e = JsonSerializer.Deserialize<JsonElement?>(json); if (e is null || e.Value.ValueKind == JsonValueKind.Null) { return null; } return {|JP0011:e.Value.Deserialize<Order>()|}; }""",
        // A map of elements read to peek at one entry, then another deserialized.
        """Order R(string json) { var map = JsonSerializer.Deserialize<Dictionary<string, JsonElement>>(json); if (map["type"].GetString() != "order") { return null; } return {|JP0011:map["data"].Deserialize<Order>()|}; }""",
        """async Task<Order> R(HttpClient c) { var e = await c.GetFromJsonAsync<JsonNode>("u"); for (var i = 0; i < 1; i++) { Console.WriteLine(i); } return {|JP0011:e.Deserialize<Order>()|}; }""",
    };

    public static TheoryData<string> NotReportedReads() => new()
    {
        // From a parameter, a field or a helper that does not read JSON.
        "Order N(JsonElement e) => e.Deserialize<Order>();",
        "JsonElement _e; Order N() => _e.Deserialize<Order>();",
        "T Get<T>(string key) => default; Order N() { var e = Get<JsonElement>(\"k\"); return e.Deserialize<Order>(); }",
        "Envelope Load() => new Envelope(); Order N() { var env = Load(); return env.Result.Deserialize<Order>(); }",
        // The DOM escapes: returned, stored, passed on, captured, enumerated, written, copied, named by a pattern.
        "(Order, JsonElement) N(string json) { var e = JsonSerializer.Deserialize<JsonElement>(json); return (e.Deserialize<Order>(), e); }",
        "JsonElement _last; Order N(string json) { var e = JsonSerializer.Deserialize<JsonElement>(json); _last = e; return e.Deserialize<Order>(); }",
        "Order N(string json) { var e = JsonSerializer.Deserialize<JsonElement>(json); Keep(e); return e.Deserialize<Order>(); }",
        "Order N(string json) { var e = JsonSerializer.Deserialize<JsonElement>(json); Func<string> f = () => e.GetRawText(); Keep(f); return e.Deserialize<Order>(); }",
        "List<Order> N(string json) { var e = JsonSerializer.Deserialize<JsonElement>(json); var list = new List<Order>(); foreach (var item in e.EnumerateArray()) { list.Add(item.Deserialize<Order>()); } return list; }",
        "Order N(string json, Utf8JsonWriter w) { var e = JsonSerializer.Deserialize<JsonElement>(json); e.WriteTo(w); return e.Deserialize<Order>(); }",
        "Order N(string json, List<JsonElement> all) { using var d = JsonDocument.Parse(json); all.Add(d.RootElement.Clone()); return d.RootElement.Deserialize<Order>(); }",
        "Order N(string json) { var n = JsonNode.Parse(json); if (n is JsonObject o) { Keep(o); } return n.Deserialize<Order>(); }",
        "Order N(string json) { var env = JsonSerializer.Deserialize<Envelope>(json); Keep(env); return env.Result.Deserialize<Order>(); }",
        "Order N(string json) { var env = JsonSerializer.Deserialize<Envelope>(json); var node = env.Result; Keep(node); return node.Deserialize<Order>(); }",
        "Order N(string json) { Console.WriteLine(JsonSerializer.Deserialize<JsonElement>(json).GetRawText()); return null; }",
        "Order N(string json) { var map = JsonSerializer.Deserialize<Dictionary<string, JsonElement>>(json); foreach (var pair in map) { Keep(pair.Key); } return map[\"data\"].Deserialize<Order>(); }",
        "Order N(string json) { var e = JsonSerializer.Deserialize<JsonElement>(json); switch (e) { case { ValueKind: JsonValueKind.Null }: return null; } return e.Deserialize<Order>(); }",
        // Kept for other reads: deserialized more than once.
        "(Order, Order) N(string json) { using var doc = JsonDocument.Parse(json); var root = doc.RootElement; return (root.GetProperty(\"a\").Deserialize<Order>(), root.GetProperty(\"b\").Deserialize<Order>()); }",
        // Written more than once, or from ?? with another value.
        "Order N(string a, JsonElement fallback) { var e = JsonSerializer.Deserialize<JsonElement?>(a) ?? fallback; return e.Deserialize<Order>(); }",
        "Order N(string a, string b) { var e = JsonSerializer.Deserialize<JsonElement>(a); if (b != null) { e = JsonSerializer.Deserialize<JsonElement>(b); } return e.Deserialize<Order>(); }",
        // Code run once.
        "static readonly Order s_default = JsonSerializer.Deserialize<JsonElement>(\"{}\").Deserialize<Order>();",
        "static C() { var e = JsonSerializer.Deserialize<JsonElement>(\"{}\"); s_order = e.Deserialize<Order>(); } static Order s_order;",
        "static readonly Lazy<Order> s_lazy = new Lazy<Order>(() => { using var d = JsonDocument.Parse(\"{}\"); return d.RootElement.Deserialize<Order>(); });",
        // Parsed from a reader in a converter: JP0010's.
        """
        class Conv : JsonConverter<Order>
        {
            public override Order Read(ref Utf8JsonReader r, Type t, JsonSerializerOptions o) { using var d = JsonDocument.ParseValue(ref r); return d.RootElement.Deserialize<Order>(o); }
            public override void Write(Utf8JsonWriter w, Order v, JsonSerializerOptions o) { }
        }
        """,
    };

    [Theory]
    [MemberData(nameof(ReportedReads))]
    public Task Reports_a_DOM_read_from_JSON_and_only_deserialized(string members)
        => Verify.VerifyAnalyzerAsync(Snippets.InClass(Envelopes + members));

    [Theory]
    [MemberData(nameof(NotReportedReads))]
    public Task Does_not_report_a_DOM_that_escapes_is_read_again_or_comes_from_elsewhere(string members)
        => Verify.VerifyAnalyzerAsync(Snippets.InClass(Envelopes + members));

    [Fact]
    public Task The_message_says_what_it_costs_what_to_do_and_why_there_is_no_fix()
        => new Verify.Test
        {
            TestCode = Snippets.InClass(Envelopes + "Order R(string json) { var node = JsonNode.Parse(json); return {|#0:node.Deserialize<Order>()|}; }"),
            ExpectedDiagnostics =
            {
                new DiagnosticResult(Rules.DomBetweenJsonAndType).WithLocation(0)
                    .WithArguments("JSON read into a JsonNode is deserialized from it", Rules.DomTwoPasses, Rules.DomReadTypedOnce, Rules.NoFixDomThroughOwnCode),
            },
        }.RunAsync();

    [Fact]
    public Task Top_level_statements_run_once_outside_their_loops()
        => Verify.VerifyAnalyzerAsync(
            Snippets.Usings + """
            var once = JsonSerializer.Deserialize<JsonElement>("{}");
            Console.WriteLine(once.Deserialize<int[]>());
            for (var i = 0; i < 2; i++)
            {
                var each = JsonSerializer.Deserialize<JsonElement>("[]");
                Console.WriteLine({|JP0011:each.Deserialize<int[]>()|});
            }
            """,
            outputKind: Microsoft.CodeAnalysis.OutputKind.ConsoleApplication);

    [Fact]
    public void The_rule_is_off_in_test_projects()
        => Assert.True(Rules.DomBetweenJsonAndTypeRegistration.OffInTestProjects);

    public static TheoryData<string> BrokenCode() => new()
    {
        "Order R(string json) { var e = JsonSerializer.Deserialize<JsonElement>(; return e.Deserialize<Order>(",
        "Order R(string json) { var e = JsonSerializer.Deserialize<JsonElement>(json); return {|JP0011:e.Deserialize<>()|}; }",
        "Order R(string json) { var env = JsonSerializer.Deserialize<Missing>(json); return env.Result.Deserialize<Order>(); }",
        "Order R(string json) { var e = Undefined(json); return JsonSerializer.Deserialize(e); }",
        "Order R(string json) { JsonElement e; return e.Deserialize<Order>(); }",
        "private async Task<T> Loop<T>() => await Loop<T>(); async Task<Order> R() { var e = await Loop<JsonElement>(); return e.Deserialize<Order>(); }",
        "Response W(Order o) => new Response { Result = JsonSerializer.SerializeToNode() };",
        "Response W(Order o) => new Response { Missing = JsonSerializer.SerializeToNode(o) };",
        "void W(Order o) { Response r; r.Result = {|JP0011:JsonSerializer.SerializeToElement(o)|}; }",
    };

    [Theory]
    [MemberData(nameof(BrokenCode))]
    public Task Broken_or_incomplete_code_never_throws_and_reports_what_it_can_read(string members)
        => new Verify.Test { TestCode = Snippets.InClass(Envelopes + members), CompilerDiagnostics = CompilerDiagnostics.None }.RunAsync();
}
