using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis.Testing;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.DomBetweenJsonAndTypeAnalyzer,
    Microsoft.CodeAnalysis.Testing.EmptyCodeFixProvider>;

namespace JsonPerf.Analyzers.Tests.JP0011;

/// <summary>JP0011's write side: a value serialized to a DOM only to be stored in a property that the serializer writes.</summary>
public partial class AnalyzerTests
{
    public static TheoryData<string> ReportedWrites() => new()
    {
        """Response W(Order o) => new Response { Id = 1, Result = {|JP0011:JsonSerializer.SerializeToNode(o)|} };""",
        """static Response W<T>(T result, JsonTypeInfo info) => new Response() { Result = result is not null ? {|JP0011:JsonSerializer.SerializeToNode(result, info)|} : null };""",
        """Request W(object p) { var r = new Request { Method = "m" }; r.Params = {|JP0011:JsonSerializer.SerializeToElement(p, s_shared)|}; return r; }""",
        """HttpContent W(Order o) => JsonContent.Create(new Request { Method = "m", Params = {|JP0011:JsonSerializer.SerializeToElement(o, s_info)|} });""",
        """async Task W(HttpClient c, object p) { using var r = await c.PostAsJsonAsync("u", new Request { Params = p is not null ? {|JP0011:JsonSerializer.SerializeToElement(p, s_shared)|} : null }); }""",
    };

    public static TheoryData<string> NotReportedWrites() => new()
    {
        // Not a type made for JSON, not a property, or read back in the method.
        "Plain W(Order o) => new Plain { Data = JsonSerializer.SerializeToNode(o) };",
        "void W(Dictionary<string, JsonElement> map, Order o) { map[\"k\"] = JsonSerializer.SerializeToElement(o); }",
        "Response W(Order o) { var r = new Response { Result = JsonSerializer.SerializeToNode(o) }; r.Result[\"extra\"] = 1; return r; }",
        "Response W(Order o) { var n = JsonSerializer.SerializeToNode(o); n[\"extra\"] = 1; return new Response { Result = n }; }",
        "Response _last; void W(Order o) { _last.Result = JsonSerializer.SerializeToNode(o); }",
        // A DOM converted to another DOM, or an anonymous object (JP0009's when constant).
        "Response W(JsonElement e) => new Response { Result = JsonSerializer.SerializeToNode(e) };",
        "Response W(int id) => new Response { Result = JsonSerializer.SerializeToNode(new { id }) };",
        // Code run once.
        "static readonly Response s_r = new Response { Result = JsonSerializer.SerializeToNode(new Order()) };",
        "static C() { s_built = new Response { Result = JsonSerializer.SerializeToNode(new Order()) }; } static Response s_built;",
    };

    [Theory]
    [MemberData(nameof(ReportedWrites))]
    public Task Reports_a_DOM_built_only_to_be_written(string members)
        => Verify.VerifyAnalyzerAsync(Snippets.InClass(Envelopes + members));

    [Theory]
    [MemberData(nameof(NotReportedWrites))]
    public Task Does_not_report_a_DOM_read_back_converted_or_built_once(string members)
        => Verify.VerifyAnalyzerAsync(Snippets.InClass(Envelopes + members));

    [Fact]
    public Task The_write_message_names_the_call_and_why_there_is_no_fix()
        => new Verify.Test
        {
            TestCode = Snippets.InClass(Envelopes + "Response W(Order o) => new Response { Result = {|#0:JsonSerializer.SerializeToNode(o)|} };"),
            ExpectedDiagnostics =
            {
                new DiagnosticResult(Rules.DomBetweenJsonAndType).WithLocation(0)
                    .WithArguments("SerializeToNode builds a JsonNode only to be written", Rules.DomTwoPasses, Rules.DomWriteTypedOnce, Rules.NoFixDomPropertyType),
            },
        }.RunAsync();
}
