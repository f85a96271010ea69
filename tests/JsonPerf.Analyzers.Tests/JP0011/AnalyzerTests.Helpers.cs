using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis.Testing;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.DomBetweenJsonAndTypeAnalyzer,
    Microsoft.CodeAnalysis.Testing.EmptyCodeFixProvider>;

namespace JsonPerf.Analyzers.Tests.JP0011;

/// <summary>JP0011 through the project's own helper: a DOM read from JSON, or a part of it, handed to a method that only deserializes it.</summary>
public partial class AnalyzerTests
{
    /// <summary>A reading helper (T04's shape) and helpers whose element is only deserialized, the error message aside.</summary>
    private const string Helpers = """
        private async Task<T> Post<T>(HttpClient c, HttpContent body) { using var r = await c.PostAsync("u", body).ConfigureAwait(false); return await r.Content.ReadFromJsonAsync<T>().ConfigureAwait(false); }
        private T Handle<T>(JsonElement e) => e.Deserialize<T>(s_shared) ?? throw new InvalidOperationException($"Could not read {typeof(T)}: '{e}'.");
        private static Order HandleOrder(JsonElement e) { var o = JsonSerializer.Deserialize(e, s_info); if (o is null) { throw new InvalidOperationException(e.GetRawText()); } return o; }
        private static Order FromNode(JsonNode n) => n.Deserialize<Order>();

        """;

    public static TheoryData<string> ReportedHelperReads() => new()
    {
        // T05: each element of the results handed to the helper by a method group.
        """
        async Task<List<T>> Many<T>(HttpClient c, HttpContent body)
        {
            var response = await Post<JsonElement>(c, body).ConfigureAwait(false);
            return response.TryGetProperty("results", out var results)
                ? results.EnumerateArray().Select({|JP0011:Handle<T>|}).ToList()
                : throw new InvalidOperationException("Could not get 'results'.");
        }
        """,
        // T06: one element, by its index.
        """
        async Task<T> One<T>(HttpClient c, HttpContent body)
        {
            var response = await Post<JsonElement>(c, body).ConfigureAwait(false);
            return response.TryGetProperty("results", out var results) ? {|JP0011:Handle<T>(results[0])|} : throw new InvalidOperationException("none");
        }
        """,
        """Order R(string json) { var e = JsonSerializer.Deserialize<JsonElement>(json); return {|JP0011:HandleOrder(e)|}; }""",
        """Order R(string json) { using var doc = JsonDocument.Parse(json); return {|JP0011:HandleOrder(doc.RootElement.GetProperty("data"))|}; }""",
        """List<Order> R(byte[] utf8) => JsonSerializer.Deserialize<JsonElement>(utf8).EnumerateArray().Select({|JP0011:HandleOrder|}).ToList();""",
        """Order R(string json) => {|JP0011:FromNode(JsonNode.Parse(json))|};""",
    };

    public static TheoryData<string> NotReportedHelperReads() => new()
    {
        // The helper does something else with the element: returns, keeps, peeks at it, captures it, deserializes it twice.
        "JsonElement Same(JsonElement e) => e; Order N(string json) { var e = JsonSerializer.Deserialize<JsonElement>(json); return Same(e).Deserialize<Order>(); }",
        "JsonElement _kept; Order Keeps(JsonElement e) { _kept = e; return e.Deserialize<Order>(); } Order N(string json) => Keeps(JsonSerializer.Deserialize<JsonElement>(json));",
        "Order Peeks(JsonElement e) => e.GetProperty(\"type\").GetString() == \"o\" ? e.Deserialize<Order>() : null; Order N(string json) => Peeks(JsonSerializer.Deserialize<JsonElement>(json));",
        "Order Logs(JsonElement e) { Keep(e); return e.Deserialize<Order>(); } Order N(string json) => Logs(JsonSerializer.Deserialize<JsonElement>(json));",
        "Order Lazy(JsonElement e) { Func<Order> f = () => e.Deserialize<Order>(); return f(); } Order N(string json) => Lazy(JsonSerializer.Deserialize<JsonElement>(json));",
        "Order Twice(JsonElement e) { Keep(e.Deserialize<Order>()); return e.Deserialize<Order>(); } Order N(string json) => Twice(JsonSerializer.Deserialize<JsonElement>(json));",
        "Order Again(JsonElement e) { e = default; return e.Deserialize<Order>(); } Order N(string json) => Again(JsonSerializer.Deserialize<JsonElement>(json));",
        // The helper's body is not in the project's source.
        "interface IHandler { Order Handle(JsonElement e); } Order N(IHandler h, string json) => h.Handle(JsonSerializer.Deserialize<JsonElement>(json));",
        "public virtual Order V(JsonElement e) => e.Deserialize<Order>(); Order N(string json) => V(JsonSerializer.Deserialize<JsonElement>(json));",
        "JsonObject N(string json) => JsonObject.Create(JsonSerializer.Deserialize<JsonElement>(json));",
        // The DOM is used otherwise in the caller, comes from elsewhere, or the element is not the helper's argument itself.
        "Order N(string json) { var e = JsonSerializer.Deserialize<JsonElement>(json); Keep(e); return HandleOrder(e); }",
        "(Order, Order) N(string json) { var e = JsonSerializer.Deserialize<JsonElement>(json); return (HandleOrder(e[0]), HandleOrder(e[1])); }",
        "Order N(JsonElement e) => HandleOrder(e);",
        "List<Order> N(string json) => JsonSerializer.Deserialize<JsonElement>(json).EnumerateArray().Select(x => HandleOrder(x)).ToList();",
        "List<Order> N(string json) { var list = new List<Order>(); foreach (var item in JsonSerializer.Deserialize<JsonElement>(json).EnumerateArray()) { list.Add(HandleOrder(item)); } return list; }",
        "List<Order> N(string json) { var e = JsonSerializer.Deserialize<JsonElement>(json); Keep(e.GetArrayLength()); return e.EnumerateArray().Select(HandleOrder).Concat(e.EnumerateArray().Select(HandleOrder)).ToList(); }",
        // Code run once.
        "static readonly Order s_default = HandleOrder(JsonSerializer.Deserialize<JsonElement>(\"{}\"));",
    };

    [Theory]
    [MemberData(nameof(ReportedHelperReads))]
    public Task Reports_a_DOM_read_from_JSON_and_handed_to_a_helper_that_only_deserializes_it(string members)
        => Verify.VerifyAnalyzerAsync("using System.Linq;\n" + Snippets.InClass(Envelopes + Helpers + members));

    [Theory]
    [MemberData(nameof(NotReportedHelperReads))]
    public Task Does_not_report_a_helper_that_uses_the_DOM_otherwise_or_a_DOM_used_otherwise(string members)
        => Verify.VerifyAnalyzerAsync("using System.Linq;\n" + Snippets.InClass(Envelopes + Helpers + members));

    [Fact]
    public Task The_message_names_the_helper()
        => new Verify.Test
        {
            TestCode = "using System.Linq;\n" + Snippets.InClass(Envelopes + Helpers + "Order R(string json) => {|#0:HandleOrder(JsonSerializer.Deserialize<JsonElement>(json))|};"),
            ExpectedDiagnostics =
            {
                new DiagnosticResult(Rules.DomBetweenJsonAndType).WithLocation(0)
                    .WithArguments("JSON read into a JsonElement is deserialized from it by HandleOrder", Rules.DomTwoPasses, Rules.DomReadTypedOnce, Rules.NoFixDomThroughOwnCode),
            },
        }.RunAsync();

    public static TheoryData<string> BrokenHelperCode() => new()
    {
        "Order R(string json) { var e = JsonSerializer.Deserialize<JsonElement>(json); return HandleOrder(e, ); }",
        "Order Bad(JsonElement e) => e.Deserialize<Order>(; Order R(string json) => {|JP0011:Bad(JsonSerializer.Deserialize<JsonElement>(json))|};",
        "Order NoBody(JsonElement e); Order R(string json) => NoBody(JsonSerializer.Deserialize<JsonElement>(json));",
        "List<Order> R(string json) => JsonSerializer.Deserialize<JsonElement>(json).EnumerateArray().Select(Missing).ToList();",
        "List<Order> R(string json) => JsonSerializer.Deserialize<JsonElement>(json).EnumerateArray().Select().ToList();",
        "List<Order> R(string json) => Enumerable.Select(JsonSerializer.Deserialize<JsonElement>(json).EnumerateArray(), HandleOrder, 1);",
        "Order R(string json) => HandleOrder(Undefined(json)[0]);",
    };

    [Theory]
    [MemberData(nameof(BrokenHelperCode))]
    public Task Broken_code_around_a_helper_never_throws(string members)
        => new Verify.Test { TestCode = "using System.Linq;\n" + Snippets.InClass(Envelopes + Helpers + members), CompilerDiagnostics = CompilerDiagnostics.None }.RunAsync();
}
