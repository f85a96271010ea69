using System.Threading.Tasks;
using Microsoft.CodeAnalysis.Testing;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonDocumentNotDisposedAnalyzer,
    JsonPerf.CodeFixes.JsonDocumentNotDisposedFixer>;

namespace JsonPerf.Analyzers.Tests.JP0007;

/// <summary>Where something of the document outlives <c>Read</c> and no <c>.Clone()</c> can follow it: no fix, and the message names the escape.</summary>
public partial class ConverterTests
{
    [Theory]
    [InlineData("""
                var doc = {|#0:JsonDocument.ParseValue(ref reader)|};
                var root = doc.RootElement;
                s_last = () => root.GetProperty("kind").GetString();
                return null;
        """, "an element is used in a lambda")]
    [InlineData("""
                var doc = {|#0:JsonDocument.ParseValue(ref reader)|};
                Func<int> count = () => doc.RootElement.GetArrayLength();
                return new Square { Side = count() };
        """, "the document is used in a lambda")]
    [InlineData("""
                var doc = {|#0:JsonDocument.ParseValue(ref reader)|};
                foreach (var property in doc.RootElement.EnumerateObject())
                {
                    s_properties.Add(property);
                }

                return null;
        """, "a JsonProperty is passed to List.Add")]
    [InlineData("""
                var doc = {|#0:JsonDocument.ParseValue(ref reader)|};
                var items = doc.RootElement.EnumerateArray();
                s_items = items;
                return null;
        """, "an enumerator is stored in field s_items")]
    [InlineData("""
                var doc = {|#0:JsonDocument.ParseValue(ref reader)|};
                doc.RootElement.TryGetProperty("kind", out s_kind);
                return null;
        """, "TryGetProperty writes its out value to a variable the fix cannot follow")]
    [InlineData("""
                var doc = {|#0:JsonDocument.ParseValue(ref reader)|};
                var root = doc.RootElement;
                Inspect(ref root);
                return null;
        """, "an element is passed by ref to ShapeConverter.Inspect")]
    [InlineData("""
                if ({|#0:JsonDocument.TryParseValue(ref reader, out var doc)|})
                {
                    return doc.RootElement.Deserialize<Circle>(options);
                }

                return null;
        """, "the document is TryParseValue's out variable")]
    public Task A_converter_whose_document_outlives_Read_says_how_and_gets_no_fix(string body, string why)
    {
        var source = InRead(body);
        var test = new Verify.Test
        {
            TestCode = source,
            FixedCode = source,
            ExpectedDiagnostics = { new DiagnosticResult(Rules.JsonDocumentNotDisposed).WithLocation(0).WithArguments(DocumentCall(body), Rules.DocumentNoFix(why)) },
        };
        test.FixedState.ExpectedDiagnostics.Add(new DiagnosticResult(Rules.JsonDocumentNotDisposed).WithLocation(0).WithArguments(DocumentCall(body), Rules.DocumentNoFix(why)));
        return test.RunAsync();
    }

    private static string DocumentCall(string body) => body.Contains("TryParseValue", System.StringComparison.Ordinal) ? "JsonDocument.TryParseValue" : "JsonDocument.ParseValue";
}
