using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.ConverterPerValueWorkAnalyzer,
    JsonPerf.CodeFixes.ConverterPerValueWorkFixer>;

namespace JsonPerf.Analyzers.Tests.JP0010;

/// <summary>
/// A DOM parsed only to walk an array front to back, reading each element as a scalar or a nested array of scalars
/// (typesense-dotnet's <c>MatchedTokenConverter.Read</c>): the reader's own order. Reported without a fix; a lookup by
/// name or index, a length, an element kept, passed on or walked twice, is left alone.
/// </summary>
public class ArrayWalkTests
{
    private const string Converter = Snippets.Usings + """
        using System.Linq;

        public sealed class TokensConverter : JsonConverter<IReadOnlyList<object>>
        {
            private static string Stringify(JsonElement element) { return element.ToString(); }

            private readonly List<JsonElement> _kept = new List<JsonElement>();

            public override IReadOnlyList<object> Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
            {
                var tokens = new List<object>();
        READ
                return tokens;
            }

            public override void Write(Utf8JsonWriter writer, IReadOnlyList<object> value, JsonSerializerOptions options) { }
        }
        """;

    private const string MatchedTokens = """
        foreach (var element in jsonDocument.RootElement.EnumerateArray())
        {
            if (element.ValueKind == JsonValueKind.String)
            {
                var value = element.GetString();
                if (value is null) throw new InvalidOperationException($"{nameof(value)} being null is invalid.");
                tokens.Add(value);
            }
            else if (element.ValueKind == JsonValueKind.Array)
            {
                var inner = new List<string>();
                foreach (var item in element.EnumerateArray())
                {
                    inner.Add(item.GetString() ?? throw new InvalidOperationException("null"));
                }

                tokens.Add(inner);
            }
        }
        """;

    public static TheoryData<string, string> Reported() => Cases.WithLanguageVersions(
        "var jsonDocument = {|JP0010:JsonDocument.ParseValue(ref reader)|};\n" + MatchedTokens,
        "using (var document = {|JP0010:JsonDocument.ParseValue(ref reader)|}) { var root = document.RootElement; if (root.ValueKind != JsonValueKind.Array) throw new JsonException(); foreach (var e in root.EnumerateArray()) { tokens.Add(e.GetInt32()); } }",
        "var array = {|JP0010:JsonElement.ParseValue(ref reader)|}; foreach (var e in array.EnumerateArray()) { tokens.Add(e.ValueKind == JsonValueKind.Number ? (object)e.GetDouble() : e.GetString()); }");

    public static TheoryData<string, string> NotReported() => Cases.WithLanguageVersions(
        // An element passed to other code, kept, or copied out.
        "var d = JsonDocument.ParseValue(ref reader); tokens.AddRange(d.RootElement.EnumerateArray().Select(Stringify));",
        "var d = JsonDocument.ParseValue(ref reader); foreach (var e in d.RootElement.EnumerateArray()) { tokens.Add(Stringify(e)); }",
        "var d = JsonDocument.ParseValue(ref reader); foreach (var e in d.RootElement.EnumerateArray()) { _kept.Add(e); }",
        "var d = JsonDocument.ParseValue(ref reader); foreach (var e in d.RootElement.EnumerateArray()) { tokens.Add(e.Clone()); }",
        "var d = JsonDocument.ParseValue(ref reader); foreach (var e in d.RootElement.EnumerateArray()) { tokens.Add(e.GetRawText()); }",
        "var d = JsonDocument.ParseValue(ref reader); var last = default(JsonElement); foreach (var e in d.RootElement.EnumerateArray()) { last = e; } tokens.Add(last.GetString());",
        "var d = JsonDocument.ParseValue(ref reader); var later = new List<Func<string>>(); foreach (var e in d.RootElement.EnumerateArray()) { later.Add(() => e.GetString()); } tokens.AddRange(later.Select(f => f()));",
        // A lookup by name or index, a length, an object.
        "var d = JsonDocument.ParseValue(ref reader); foreach (var e in d.RootElement.EnumerateArray()) { tokens.Add(e.GetProperty(\"name\").GetString()); }",
        "var d = JsonDocument.ParseValue(ref reader); foreach (var e in d.RootElement.EnumerateArray()) { JsonElement n; if (e.TryGetProperty(\"name\", out n)) tokens.Add(n.GetString()); }",
        "var d = JsonDocument.ParseValue(ref reader); tokens.Add(d.RootElement.GetArrayLength()); foreach (var e in d.RootElement.EnumerateArray()) { tokens.Add(e.GetString()); }",
        "var d = JsonDocument.ParseValue(ref reader); foreach (var e in d.RootElement.EnumerateArray()) { tokens.Add(e[0].GetString()); }",
        "var d = JsonDocument.ParseValue(ref reader); foreach (var e in d.RootElement.EnumerateArray()) { foreach (var p in e.EnumerateObject()) tokens.Add(p.Value.GetString()); }",
        // Walked twice, or out of order.
        "var d = JsonDocument.ParseValue(ref reader); foreach (var e in d.RootElement.EnumerateArray()) { tokens.Add(e.GetString()); } foreach (var e in d.RootElement.EnumerateArray()) { tokens.Add(e.GetString()); }",
        "var d = JsonDocument.ParseValue(ref reader); foreach (var e in d.RootElement.EnumerateArray()) { foreach (var a in e.EnumerateArray()) tokens.Add(a.GetString()); foreach (var b in e.EnumerateArray()) tokens.Add(b.GetString()); }",
        "var d = JsonDocument.ParseValue(ref reader); for (var i = 0; i < 2; i++) { foreach (var e in d.RootElement.EnumerateArray()) { tokens.Add(e.GetString()); } }",
        "var d = JsonDocument.ParseValue(ref reader); var items = d.RootElement.EnumerateArray(); foreach (var e in items) { tokens.Add(e.GetString()); }",
        "var d = JsonDocument.ParseValue(ref reader); foreach (var e in d.RootElement.EnumerateArray()) { var copy = e; tokens.Add(copy.GetString()); }",
        // Written.
        "var d = JsonDocument.ParseValue(ref reader); using (var s = new MemoryStream()) using (var w = new Utf8JsonWriter(s)) { foreach (var e in d.RootElement.EnumerateArray()) { e.WriteTo(w); } }");

    [Theory]
    [MemberData(nameof(Reported))]
    public Task Reports_a_DOM_only_walked_as_an_array_of_scalars(string body, string languageVersion)
        => Verify.VerifyAnalyzerAsync(InRead(body), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(NotReported))]
    public Task Does_not_report_an_array_whose_elements_are_kept_looked_up_or_walked_twice(string body, string languageVersion)
        => Verify.VerifyAnalyzerAsync(InRead(body), Cases.Parse(languageVersion));

    [Fact]
    public Task Message_says_what_it_costs_what_to_do_and_why_there_is_no_fix()
        => new Verify.Test
        {
            TestCode = InRead("var jsonDocument = {|#0:JsonDocument.ParseValue(ref reader)|};\n" + MatchedTokens),
            ExpectedDiagnostics =
            {
                new Microsoft.CodeAnalysis.Testing.DiagnosticResult(Rules.ConverterPerValueWork).WithLocation(0)
                    .WithArguments(Rules.ConverterParsesArrayWalk("JsonDocument"), Rules.ConverterReadArrayTokens, Rules.NoFixConverterControlFlow),
            },
        }.RunAsync();

    /// <summary>typesense-dotnet's two converters: MatchedTokenConverter walks with foreach; GroupKeyConverter with Select (<see cref="SelectWalkTests"/>).</summary>
    [Fact]
    public Task Reports_typesense_MatchedTokenConverter_and_GroupKeyConverter()
        => Verify.VerifyAnalyzerAsync(Snippets.Usings + """
            using System.Globalization;
            using System.Linq;

            public class MatchedTokenConverter : JsonConverter<IReadOnlyList<object>>
            {
                public override IReadOnlyList<object> Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
                {
                    var jsonDocument = {|JP0010:JsonDocument.ParseValue(ref reader)|};
                    var matchedTokens = new List<object>();

                    foreach (var element in jsonDocument.RootElement.EnumerateArray())
                    {
                        if (element.ValueKind == JsonValueKind.String)
                        {
                            var elementValue = element.GetString();
                            if (elementValue is null)
                                throw new InvalidOperationException($"{nameof(elementValue)} being null is invalid.");

                            matchedTokens.Add(elementValue);
                        }
                        else if (element.ValueKind == JsonValueKind.Array)
                        {
                            var elements = new List<string>();
                            foreach (var stringElement in element.EnumerateArray())
                            {
                                var elementValue = stringElement.GetString();
                                if (elementValue is null)
                                    throw new InvalidOperationException($"{nameof(elementValue)} being null is invalid.");

                                elements.Add(elementValue);
                            }

                            matchedTokens.Add(elements);
                        }
                    }

                    return matchedTokens;
                }

                public override void Write(Utf8JsonWriter writer, IReadOnlyList<object> value, JsonSerializerOptions options) { JsonSerializer.Serialize(writer, value); }
            }

            public class GroupKeyConverter : JsonConverter<IReadOnlyList<string>>
            {
                public override IReadOnlyList<string> Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
                {
                    var jsonDocument = {|JP0010:JsonDocument.ParseValue(ref reader)|};
                    return jsonDocument.RootElement.EnumerateArray().Select(StringifyJsonElement).ToList();
                }

                private static string StringifyJsonElement(JsonElement element)
                {
                    var elementValue = element.ValueKind == JsonValueKind.String ? element.GetString() : element.GetDecimal().ToString(CultureInfo.InvariantCulture);
                    return elementValue ?? throw new InvalidOperationException("null");
                }

                public override void Write(Utf8JsonWriter writer, IReadOnlyList<string> value, JsonSerializerOptions options) { JsonSerializer.Serialize(writer, value); }
            }
            """);

    [Theory]
    [InlineData("var d = JsonDocument.ParseValue(ref reader); foreach (var e in d.RootElement.EnumerateArray() { tokens.Add(e.GetString()); }")]
    [InlineData("var d = JsonDocument.ParseValue(ref reader); foreach (var e in d.RootElement.EnumerateArray()) { tokens.Add(e.GetString(); }")]
    [InlineData("var d = JsonDocument.ParseValue(ref reader); foreach (var e in d.RootElement.EnumerateArray(1)) { tokens.Add(e.); }")]
    [InlineData("foreach (var e in missing.RootElement.EnumerateArray()) { tokens.Add(e.GetString()); }")]
    [InlineData("var d = JsonDocument.ParseValue(ref reader); foreach (var in d.RootElement.EnumerateArray()) { foreach (var x in e.EnumerateArray()) tokens.Add(x.GetString()); }")]
    public async Task Incomplete_code_never_throws(string body)
    {
        var (solution, id) = FixRunner.CreateProject(InRead(body), Microsoft.CodeAnalysis.OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var diagnostics = await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new ConverterPerValueWorkAnalyzer());
        Assert.DoesNotContain(diagnostics, d => d.Id == "AD0001");
    }

    private static string InRead(string body) => Converter.Replace("READ", body);
}
