using System.Threading.Tasks;
using Microsoft.CodeAnalysis.Testing;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.PropertyNameCaseInsensitiveWithoutNamingPolicyAnalyzer,
    JsonPerf.CodeFixes.PropertyNameCaseInsensitiveWithoutNamingPolicyFixer>;

namespace JsonPerf.Analyzers.Tests.JP0003;

public partial class AnalyzerTests
{
    public static TheoryData<string, string> ReportedStatements() => Cases.WithLanguageVersions(
        "JsonSerializer.Deserialize<Order>(json, new JsonSerializerOptions { {|JP0003:PropertyNameCaseInsensitive = true|} });",
        "JsonSerializer.Deserialize<Order>(json, new JsonSerializerOptions { WriteIndented = true, {|JP0003:PropertyNameCaseInsensitive = true|}, MaxDepth = 8 });",
        "JsonSerializer.Deserialize<Order>(json, new JsonSerializerOptions(JsonSerializerDefaults.General) { {|JP0003:PropertyNameCaseInsensitive = true|} });",
        "var o = new JsonSerializerOptions { {|JP0003:PropertyNameCaseInsensitive = true|} }; JsonSerializer.Deserialize<Order>(json, o);",
        "var o = new JsonSerializerOptions(); {|JP0003:o.PropertyNameCaseInsensitive = true|}; JsonSerializer.Deserialize<Order>(json, o);",
        "JsonSerializerOptions o = new JsonSerializerOptions { MaxDepth = 4 }; {|JP0003:o.PropertyNameCaseInsensitive = true|}; o.WriteIndented = true;",
        "var h = new Holder { Options = new JsonSerializerOptions { {|JP0003:PropertyNameCaseInsensitive = true|} } };",
        "{|JP0003:s_caseInsensitive.PropertyNameCaseInsensitive = true|};",
        "{|JP0003:_instanceOptions.PropertyNameCaseInsensitive = true|};",
        "const bool yes = true; JsonSerializer.Deserialize<Order>(json, new JsonSerializerOptions { {|JP0003:PropertyNameCaseInsensitive = yes|} });");

    public static TheoryData<string, string> ReportedMembers() => Cases.WithLanguageVersions(
        "static readonly JsonSerializerOptions s_read = new JsonSerializerOptions { {|JP0003:PropertyNameCaseInsensitive = true|}, AllowTrailingCommas = true };",
        "public static JsonSerializerOptions Read { get; } = new JsonSerializerOptions { {|JP0003:PropertyNameCaseInsensitive = true|} };");

    public static TheoryData<string, string> NotReportedStatements() => Cases.WithLanguageVersions(
        "JsonSerializer.Deserialize<Order>(json, new JsonSerializerOptions { PropertyNameCaseInsensitive = true, PropertyNamingPolicy = JsonNamingPolicy.CamelCase });",
        "JsonSerializer.Deserialize<Order>(json, new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower, PropertyNameCaseInsensitive = true });",
        "JsonSerializer.Deserialize<Order>(json, new JsonSerializerOptions { PropertyNameCaseInsensitive = true, PropertyNamingPolicy = null });",
        "JsonSerializer.Deserialize<Order>(json, new JsonSerializerOptions(JsonSerializerDefaults.Web) { PropertyNameCaseInsensitive = true });",
        "JsonSerializer.Deserialize<Order>(json, new JsonSerializerOptions(options) { PropertyNameCaseInsensitive = true });",
        "JsonSerializer.Deserialize<Order>(json, new JsonSerializerOptions { PropertyNameCaseInsensitive = false });",
        "JsonSerializer.Deserialize<Order>(json, new JsonSerializerOptions { PropertyNameCaseInsensitive = flag });",
        "var o = new JsonSerializerOptions { PropertyNameCaseInsensitive = true }; o.PropertyNamingPolicy = JsonNamingPolicy.CamelCase; JsonSerializer.Deserialize<Order>(json, o);",
        "var o = new JsonSerializerOptions(); o.PropertyNamingPolicy = JsonNamingPolicy.CamelCase; o.PropertyNameCaseInsensitive = true;",
        "var o = new JsonSerializerOptions(JsonSerializerDefaults.Web); o.PropertyNameCaseInsensitive = true;",
        "var o = s_shared; o.PropertyNameCaseInsensitive = true;",
        "options.PropertyNameCaseInsensitive = true;",
        "var n = JsonNode.Parse(json, new JsonNodeOptions { PropertyNameCaseInsensitive = true });",
        "s_caseInsensitive.PropertyNameCaseInsensitive = true; s_caseInsensitive.PropertyNamingPolicy = JsonNamingPolicy.CamelCase;",
        "s_camel.PropertyNameCaseInsensitive = true;");

    [Theory]
    [MemberData(nameof(ReportedStatements))]
    public Task Reports_case_insensitive_options_without_a_naming_policy(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InMethod(snippet), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(ReportedMembers))]
    public Task Reports_case_insensitive_options_in_member_initializers(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InClass(snippet), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(NotReportedStatements))]
    public Task Does_not_report_options_with_a_policy_web_defaults_copies_or_non_constant_values(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InMethod(snippet), Cases.Parse(languageVersion));

    [Fact]
    public Task Reports_the_named_argument_of_a_source_generation_options_attribute()
        => new Verify.Test
        {
            TestCode = """
                using System.Text.Json;
                using System.Text.Json.Serialization;

                [JsonSourceGenerationOptions({|JP0003:PropertyNameCaseInsensitive = true|}, WriteIndented = false)]
                public partial class ReadContext : JsonSerializerContext { }

                [JsonSourceGenerationOptions(PropertyNameCaseInsensitive = true, PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
                public partial class CamelContext : JsonSerializerContext { }

                [JsonSourceGenerationOptions(JsonSerializerDefaults.Web, PropertyNameCaseInsensitive = true)]
                public partial class WebContext : JsonSerializerContext { }

                [JsonSourceGenerationOptions(PropertyNameCaseInsensitive = false)]
                public partial class SensitiveContext : JsonSerializerContext { }

                // Not a context: the generator ignores the attribute here, and so does the rule.
                [JsonSourceGenerationOptions(PropertyNameCaseInsensitive = true)]
                public partial class NotAContext { }
                """,
            // The contexts stand in for generated code (no generator runs here): only the diagnostics are checked.
            CompilerDiagnostics = CompilerDiagnostics.None,
        }.RunAsync();

    [Fact]
    public Task Does_not_report_generated_code()
        => Verify.VerifyAnalyzerAsync("// <auto-generated/>\n" + Snippets.InMethod("JsonSerializer.Deserialize<Order>(json, new JsonSerializerOptions { PropertyNameCaseInsensitive = true });"));
}
