using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonSerializerOptionsCreatedPerCallAnalyzer,
    JsonPerf.CodeFixes.JsonSerializerOptionsCreatedPerCallFixer>;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>Options captured by a lambda that is returned or stored live with the delegate, like a factory's result.</summary>
public partial class AnalyzerTests
{
    public static TheoryData<string, string> EscapingLambdaMembers() => Cases.WithLanguageVersions(
        "Func<Order, string> MakeSerializer() { var o = new JsonSerializerOptions { WriteIndented = true }; return x => JsonSerializer.Serialize(x, o); }",
        "static Func<Order, string> MakeSerializer(bool indented) { var o = new JsonSerializerOptions(); o.WriteIndented = indented; return (Func<Order, string>)(x => JsonSerializer.Serialize(x, o)); }",
        "Func<string, Order> MakeReader() { var o = new JsonSerializerOptions(); return s => { var r = JsonSerializer.Deserialize<Order>(s, o); return r; }; }",
        "Func<Order, string> _serialize; void Build() { var o = new JsonSerializerOptions(); _serialize = x => JsonSerializer.Serialize(x, o); }",
        "Func<Order, string> Serializer { get; set; } void Build() { var o = new JsonSerializerOptions(); Serializer = new Func<Order, string>(x => JsonSerializer.Serialize(x, o)); }",
        "static Func<Order, string> s_serialize; void Build() { JsonSerializerOptions o; o = new JsonSerializerOptions(); s_serialize = x => JsonSerializer.Serialize(x, o); }",
        "Func<Func<Order, string>> MakeMaker() { return () => { var o = new JsonSerializerOptions(); return x => JsonSerializer.Serialize(x, o); }; }");

    public static TheoryData<string, string> NonEscapingLambdaMembers() => Cases.WithLanguageVersions(
        // Held in a local or passed on: the delegate dies with the call.
        "string Once(Order order) { var o = {|JP0001:new JsonSerializerOptions()|}; Func<Order, string> f = x => JsonSerializer.Serialize(x, o); return f(order); }",
        "void Each(List<Order> all) { var o = {|JP0001:new JsonSerializerOptions()|}; all.ForEach(x => JsonSerializer.Serialize(x, o)); }",
        // The returned lambda builds its own options on each of its calls.
        "Func<Order, string> MakeSerializer() { return x => JsonSerializer.Serialize(x, {|JP0001:new JsonSerializerOptions()|}); }",
        // A lambda that escapes from inside another one that does not: the options are still built per call of the outer method.
        "string Nested(Order order) { var o = {|JP0001:new JsonSerializerOptions()|}; Func<Func<Order, string>> f = () => { return x => JsonSerializer.Serialize(x, o); }; return f()(order); }");

    [Theory]
    [MemberData(nameof(EscapingLambdaMembers))]
    public Task Does_not_report_options_captured_by_a_returned_or_stored_lambda(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InClass(snippet), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(NonEscapingLambdaMembers))]
    public Task Reports_options_captured_by_a_lambda_held_in_a_local_or_passed_on(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InClass(snippet), Cases.Parse(languageVersion));
}
