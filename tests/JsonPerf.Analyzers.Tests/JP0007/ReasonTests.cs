using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Testing;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonDocumentNotDisposedAnalyzer,
    JsonPerf.CodeFixes.JsonDocumentNotDisposedFixer>;

namespace JsonPerf.Analyzers.Tests.JP0007;

/// <summary>Each site without a fix names its own reason in the message, never only the rule's page.</summary>
public class ReasonTests
{
    private const string Source = """
        using System;
        using System.IO;
        using System.Text.Json;
        using System.Threading.Tasks;

        public class C
        {
            MEMBER
        }
        """;

    public static TheoryData<string, string, string> Sites() => new()
    {
        { "public void A(string s) { {|#0:JsonDocument.Parse(s)|}; }", "JsonDocument.Parse", Rules.DocumentDiscarded },
        { "public void B(string s) { _ = {|#0:JsonDocument.Parse(s)|}; }", "JsonDocument.Parse", Rules.DocumentDiscarded },
        { "public void W(string s, Utf8JsonWriter w) { {|#0:JsonDocument.Parse(s)|}.WriteTo(w); }", "JsonDocument.Parse", Rules.DocumentCalledInPlace("WriteTo") },
        { "public void Q(string s) { Console.WriteLine({|#0:JsonDocument.Parse(s)|}?.RootElement); }", "JsonDocument.Parse", Rules.DocumentReadWithConditionalAccess },
        { "public void F(string s, bool b) { Console.WriteLine((b ? {|#0:JsonDocument.Parse(s)|} : null).RootElement); }", "JsonDocument.Parse", Rules.DocumentFromBranch },
        { "public void G(string s) { var d = (IDisposable){|#0:JsonDocument.Parse(s)|}; }", "JsonDocument.Parse", Rules.DocumentConverted },
        { "public void H(string s) { JsonDocument d; d = {|#0:JsonDocument.Parse(s)|}; Console.WriteLine(d.RootElement); }", "JsonDocument.Parse", Rules.DocumentAssignedLater },
        { "public void I(string s) { JsonDocument d = {|#0:JsonDocument.Parse(s)|}, e = null; Console.WriteLine(d.RootElement); }", "JsonDocument.Parse", Rules.DocumentSharesDeclaration },
        { "public void J(string s, int n) { switch (n) { case 1: var d = {|#0:JsonDocument.Parse(s)|}; Console.WriteLine(d.RootElement); break; } }", "JsonDocument.Parse", Rules.DocumentNotInBlock },
        { "public void P(string s) { again: var d = {|#0:JsonDocument.Parse(s)|}; Console.WriteLine(d.RootElement); if (s.Length > 1) { s = \"1\"; goto again; } }", "JsonDocument.Parse", Rules.DocumentBlockHasLabels },
        { "public int N(Stream s) { if (s.Position > 0) { goto again; } again: return {|#0:JsonDocument.Parse(s)|}.RootElement.GetArrayLength(); }", "JsonDocument.Parse", Rules.DocumentBlockHasLabels + ", and " + Rules.DocumentElementParseTakesNo("Stream") },
        { "public JsonElement K(Stream s) => {|#0:JsonDocument.Parse(s)|}.RootElement;", "JsonDocument.Parse", Rules.DocumentNotAtStatementStart + ", and " + Rules.DocumentElementParseTakesNo("Stream") },
        { "public async Task<int> R(Stream s) => (await {|#0:JsonDocument.ParseAsync(s)|}).RootElement.GetArrayLength();", "JsonDocument.ParseAsync", Rules.DocumentNotAtStatementStart + ", and " + Rules.DocumentNoElementParseAsync },
        { "public Func<int> L(string s) { var d = {|#0:JsonDocument.Parse(s)|}; return () => d.RootElement.GetArrayLength(); }", "JsonDocument.Parse", "the document is used in a lambda" },
        { "public JsonProperty M(string s) { var d = {|#0:JsonDocument.Parse(s)|}; foreach (var p in d.RootElement.EnumerateObject()) { return p; } return default; }", "JsonDocument.Parse", "a JsonProperty is returned" },
    };

    [Theory]
    [MemberData(nameof(Sites))]
    public Task A_site_without_a_fix_says_why(string member, string call, string why)
        => Run(member, call, why, LanguageVersion.Latest, TestReferences.Net10);

    [Fact]
    public Task Before_CSharp_8_the_message_names_the_language_version()
        => Run("public void M(string s) { var d = {|#0:JsonDocument.Parse(s)|}; Console.WriteLine(d.RootElement); }", "JsonDocument.Parse", Rules.DocumentNeedsCSharp8, LanguageVersion.CSharp7_3, TestReferences.Net10);

    [Fact]
    public Task On_net8_an_element_used_inside_an_argument_names_both_reasons()
        => Run("public void M(string s) { Console.WriteLine({|#0:JsonDocument.Parse(s)|}.RootElement.GetProperty(\"id\")); }", "JsonDocument.Parse", Rules.DocumentNotAtStatementStart + ", and " + Rules.DocumentNoElementParse, LanguageVersion.Latest, TestReferences.Net8);

    private static Task Run(string member, string call, string why, LanguageVersion languageVersion, System.Collections.Immutable.ImmutableArray<MetadataReference> references)
    {
        var source = Source.Replace("MEMBER", member);
        var expected = new DiagnosticResult(Rules.JsonDocumentNotDisposed).WithLocation(0).WithArguments(call, Rules.DocumentNoFix(why));
        var test = new Verify.Test(languageVersion, references) { TestCode = source, FixedCode = source };
        test.ExpectedDiagnostics.Add(expected);
        test.FixedState.ExpectedDiagnostics.Add(expected);
        return test.RunAsync();
    }
}
