using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.ConstantJsonAnalyzer,
    JsonPerf.CodeFixes.ConstantJsonFixer>;

namespace JsonPerf.Analyzers.Tests.JP0009;

/// <summary>
/// An enum value's wire name made through the serializer per call, <c>JsonSerializer.Serialize(status, options).Trim('"')</c>
/// (a2a-dotnet's <c>A2AHttpJsonClient.SerializeEnumValue</c>): reported without a fix where it runs per call with the
/// same options every time; left alone where the text is JSON used as such, the value is not an enum, or it runs once.
/// </summary>
public class EnumNameTests
{
    private const string Source = Snippets.Usings + """
        using System.Linq;

        public enum Status { Submitted, InputRequired }

        public static class Json
        {
            private static readonly Lazy<JsonSerializerOptions> s_lazy = new Lazy<JsonSerializerOptions>(() => new JsonSerializerOptions { Converters = { new JsonStringEnumConverter() } });
            public static JsonSerializerOptions Options => s_lazy.Value;
        }

        public class Client
        {
            private static readonly JsonSerializerOptions s_options = new JsonSerializerOptions { Converters = { new JsonStringEnumConverter() } };
            private static readonly string s_first = Name(Status.Submitted);
            private static readonly Dictionary<Status, string> s_names = new[] { Status.Submitted, Status.InputRequired }.ToDictionary(v => v, v => JsonSerializer.Serialize(v, s_options).Trim('"'));
            private static readonly System.Collections.Concurrent.ConcurrentDictionary<Status, string> s_cache = new System.Collections.Concurrent.ConcurrentDictionary<Status, string>();
            private static string s_last;

            private static string Name(Status status) { return JsonSerializer.Serialize(status, s_options).Trim('"'); }

            public string Query(Status? status, Status other, JsonSerializerOptions options, Order order)
            {
        BODY
            }
        }

        public class Order { public int Id { get; set; } }
        """;

    public static TheoryData<string, string> Reported() => Cases.WithLanguageVersions(
        "return {|JP0009:JsonSerializer.Serialize(other, s_options).Trim('\"')|};",
        "return status.HasValue ? {|JP0009:JsonSerializer.Serialize(status.Value, Json.Options).Trim('\"')|} : null;",
        "return \"?status=\" + {|JP0009:JsonSerializer.Serialize((object)other, typeof(Status), s_options).Trim(new[] { '\"' })|};",
        "return {|JP0009:JsonSerializer.Serialize(other).Trim('\"')|};");

    public static TheoryData<string, string> NotReported() => Cases.WithLanguageVersions(
        // The JSON text itself, another value, other trimming, or options that may differ per call.
        "return JsonSerializer.Serialize(other, s_options);",
        "return JsonSerializer.Serialize(order, s_options).Trim('\"');",
        "return JsonSerializer.Serialize(other, s_options).Trim();",
        "return JsonSerializer.Serialize(other, s_options).Trim('\"', ' ');",
        "return JsonSerializer.Serialize(other, options).Trim('\"');",
        "return JsonSerializer.Serialize(other, new JsonSerializerOptions()).Trim('\"');",
        "return JsonSerializer.Serialize(other.ToString()).Trim('\"');",
        // Cached: built once per value.
        "return s_cache.GetOrAdd(other, v => JsonSerializer.Serialize(v, s_options).Trim('\"'));",
        "return s_last ?? (s_last = JsonSerializer.Serialize(other, s_options).Trim('\"'));");

    [Theory]
    [MemberData(nameof(Reported))]
    public Task Reports_an_enum_name_made_through_the_serializer_per_call(string body, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Source.Replace("BODY", body), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(NotReported))]
    public Task Does_not_report_JSON_text_other_values_or_options_that_may_differ(string body, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Source.Replace("BODY", body), Cases.Parse(languageVersion));

    [Fact]
    public Task Reports_a_value_of_a_type_parameter_constrained_to_Enum()
        => Verify.VerifyAnalyzerAsync(Source.Replace("BODY", "return Names.Generic(status);") + """

            public static class Names
            {
                public static string Generic<T>(T? value) where T : struct, Enum
                {
                    return value.HasValue ? {|JP0009:JsonSerializer.Serialize(value.Value, Json.Options).Trim('"')|} : null;
                }
            }
            """, Cases.Parse("7.3"));

    [Fact]
    public Task Message_says_what_it_costs_what_to_do_and_why_there_is_no_fix()
        => new Verify.Test
        {
            TestCode = Source.Replace("BODY", "return {|#0:JsonSerializer.Serialize(other, s_options).Trim('\"')|};"),
            ExpectedDiagnostics =
            {
                new Microsoft.CodeAnalysis.Testing.DiagnosticResult(Rules.ConstantJsonPerCall).WithLocation(0)
                    .WithArguments("JsonSerializer.Serialize(enum value).Trim('\"')", "a serialization and two strings", "map each value to its name once", Rules.NoFixEnumNames),
            },
        }.RunAsync();

    [Theory]
    [InlineData("return JsonSerializer.Serialize(other, s_options).Trim('\"';")]
    [InlineData("return JsonSerializer.Serialize(, s_options).Trim('\"');")]
    [InlineData("return JsonSerializer.Serialize(missing, s_options).Trim('\"');")]
    [InlineData("return JsonSerializer.Serialize(other, s_options).Trim(new[] { });")]
    public async Task Incomplete_code_never_throws(string body)
    {
        var (solution, id) = FixRunner.CreateProject(Source.Replace("BODY", body), Microsoft.CodeAnalysis.OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var diagnostics = await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new ConstantJsonAnalyzer());
        Assert.DoesNotContain(diagnostics, d => d.Id == "AD0001");
    }
}
