using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.ConverterPerValueWorkAnalyzer,
    JsonPerf.CodeFixes.ConverterPerValueWorkFixer>;

namespace JsonPerf.Analyzers.Tests.JP0010;

/// <summary>
/// The array walk through LINQ (typesense-dotnet's <c>GroupKeyConverter.Read</c>): <c>EnumerateArray().Select(M)</c> handed
/// at once to <c>ToList()</c>, <c>ToArray()</c> or <c>string.Join</c>, where M, a method of the converter, only reads the
/// element (ValueKind, scalar getters, the same walk of its own array). Reported without a fix, as the <c>foreach</c>
/// walk; silent when M does more with the element, is virtual or elsewhere, or the sequence is reordered, counted or kept.
/// </summary>
public class SelectWalkTests
{
    private const string Converter = Snippets.Usings + """
        using System.Globalization;
        using System.Linq;

        public class KeysConverter : JsonConverter<IReadOnlyList<string>>
        {
            private static IEnumerable<string> s_keys = Enumerable.Empty<string>();
            private static JsonElement s_last;

            public override IReadOnlyList<string> Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
            {
        READ
            }

            private static string Stringify(JsonElement element)
            {
                string value;
                if (element.ValueKind == JsonValueKind.String) value = element.GetString();
                else if (element.ValueKind == JsonValueKind.Number) value = element.GetDecimal().ToString(CultureInfo.InvariantCulture);
                else if (element.ValueKind == JsonValueKind.Array) value = string.Join(", ", element.EnumerateArray().Select(Stringify));
                else value = null;
                return value ?? throw new InvalidOperationException("null");
            }

            private string Instance(JsonElement element) { return element.ValueKind == JsonValueKind.True ? "true" : element.GetString() ?? ""; }

            private static string Outer(JsonElement element) { return string.Join("|", element.EnumerateArray().Select(e => Inner(e))); }

            private static string Inner(JsonElement element) { int number; return element.TryGetInt32(out number) ? number.ToString(CultureInfo.InvariantCulture) : ""; }

            protected virtual string Virtual(JsonElement element) { return element.GetString() ?? ""; }

            [System.Runtime.InteropServices.DllImport("none")]
            private static extern string External(JsonElement element);

            private static string PassesOn(JsonElement element) { return Describe(element); }

            private static string Describe(JsonElement element) { return element.GetRawText(); }

            private static string LooksUp(JsonElement element) { return element.GetProperty("name").GetString() ?? ""; }

            private static string Keeps(JsonElement element) { s_last = element; return element.GetString() ?? ""; }

            private static string Counts(JsonElement element) { return element.EnumerateArray().Select(Stringify).Count().ToString(CultureInfo.InvariantCulture); }

            private static string WalksTwice(JsonElement element) { return string.Join(",", element.EnumerateArray().Select(Stringify)) + string.Join(",", element.EnumerateArray().Select(Stringify)); }

            private static string Loops(JsonElement element) { var text = ""; for (var i = 0; i < 2; i++) text += string.Join(",", element.EnumerateArray().Select(Stringify)); return text; }

            private static string Captures(JsonElement element) { Func<string> later = () => element.GetString() ?? ""; return later(); }

            private static IEnumerable<string> Yields(JsonElement element) { yield return element.GetString() ?? ""; }

            public override void Write(Utf8JsonWriter writer, IReadOnlyList<string> value, JsonSerializerOptions options) { }
        }

        public static class ElementText
        {
            public static string Of(JsonElement element) { return element.GetString() ?? ""; }
        }
        """;

    public static TheoryData<string, string> Reported() => Cases.WithLanguageVersions(
        "var jsonDocument = {|JP0010:JsonDocument.ParseValue(ref reader)|}; return jsonDocument.RootElement.EnumerateArray().Select(Stringify).ToList();",
        "var d = {|JP0010:JsonDocument.ParseValue(ref reader)|}; return d.RootElement.EnumerateArray().Select(Stringify).ToArray();",
        "using (var d = {|JP0010:JsonDocument.ParseValue(ref reader)|}) { return d.RootElement.EnumerateArray().Select(e => Stringify(e)).ToList(); }",
        "var d = {|JP0010:JsonDocument.ParseValue(ref reader)|}; return d.RootElement.EnumerateArray().Select(e => e.GetString() ?? \"\").ToList();",
        "var d = {|JP0010:JsonDocument.ParseValue(ref reader)|}; return d.RootElement.EnumerateArray().Select(Instance).ToList();",
        "var d = {|JP0010:JsonDocument.ParseValue(ref reader)|}; return d.RootElement.EnumerateArray().Select(Outer).ToList();",
        "var d = {|JP0010:JsonDocument.ParseValue(ref reader)|}; return new List<string> { string.Join(\",\", d.RootElement.EnumerateArray().Select(Stringify)) };",
        "var array = {|JP0010:JsonElement.ParseValue(ref reader)|}; return array.EnumerateArray().Select(Stringify).ToList();",
        "var d = {|JP0010:JsonDocument.ParseValue(ref reader)|}; var keys = new List<string>(); foreach (var e in d.RootElement.EnumerateArray()) { keys.Add(string.Join(\",\", e.EnumerateArray().Select(Stringify))); } return keys;");

    public static TheoryData<string, string> NotReported() => Cases.WithLanguageVersions(
        // The method does more with the element, or is not one the analyzer can read.
        "var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select(PassesOn).ToList();",
        "var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select(LooksUp).ToList();",
        "var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select(Keeps).ToList();",
        "var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select(Counts).ToList();",
        "var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select(WalksTwice).ToList();",
        "var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select(Loops).ToList();",
        "var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select(Captures).ToList();",
        "var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select(Yields).ToList().Select(s => s.First()).ToList();",
        "var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select(Virtual).ToList();",
        "var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select(External).ToList();",
        "var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select(ElementText.Of).ToList();",
        "var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select(e => e.GetRawText()).ToList();",
        "var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select(e => e.Clone().GetString()).ToList();",
        "var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select(e => Describe(e) + e.GetString()).ToList();",
        // Reordered, counted, skipped, or not consumed at once.
        "var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().OrderBy(e => e.GetString()).Select(Stringify).ToList();",
        "var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select(Stringify).Reverse().ToList();",
        "var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select(Stringify).Skip(1).ToList();",
        "var d = JsonDocument.ParseValue(ref reader); return new List<string> { d.RootElement.EnumerateArray().Select(Stringify).ElementAt(1) };",
        "var d = JsonDocument.ParseValue(ref reader); return new List<string> { d.RootElement.EnumerateArray().Select(Stringify).Count().ToString() };",
        "var d = JsonDocument.ParseValue(ref reader); s_keys = d.RootElement.EnumerateArray().Select(Stringify); return s_keys.ToList();",
        "var d = JsonDocument.ParseValue(ref reader); var keys = d.RootElement.EnumerateArray().Select(Stringify); return keys.ToList();",
        "var d = JsonDocument.ParseValue(ref reader); var keys = new List<string>(); keys.AddRange(d.RootElement.EnumerateArray().Select(Stringify)); return keys;",
        // Walked twice, or in a loop.
        "var d = JsonDocument.ParseValue(ref reader); var a = d.RootElement.EnumerateArray().Select(Stringify).ToList(); a.AddRange(d.RootElement.EnumerateArray().Select(Stringify).ToList()); return a;",
        "var d = JsonDocument.ParseValue(ref reader); var a = new List<string>(); for (var i = 0; i < 2; i++) { a.AddRange(d.RootElement.EnumerateArray().Select(Stringify).ToList()); } return a;",
        // The DOM used otherwise too.
        "var d = JsonDocument.ParseValue(ref reader); var keys = d.RootElement.EnumerateArray().Select(Stringify).ToList(); keys.Add(d.RootElement.GetArrayLength().ToString()); return keys;",
        "var d = JsonDocument.ParseValue(ref reader); s_last = d.RootElement; return d.RootElement.EnumerateArray().Select(Stringify).ToList();");

    [Theory]
    [MemberData(nameof(Reported))]
    public Task Reports_an_array_walked_by_Select_into_a_list_or_a_join(string body, string languageVersion)
        => Verify.VerifyAnalyzerAsync(InRead(body), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(NotReported))]
    public Task Does_not_report_a_Select_whose_method_does_more_or_whose_sequence_is_reordered_or_kept(string body, string languageVersion)
        => Verify.VerifyAnalyzerAsync(InRead(body), Cases.Parse(languageVersion));

    [Fact]
    public Task Message_is_the_array_walks()
        => new Verify.Test
        {
            TestCode = InRead("var d = {|#0:JsonDocument.ParseValue(ref reader)|}; return d.RootElement.EnumerateArray().Select(Stringify).ToList();"),
            ExpectedDiagnostics =
            {
                new Microsoft.CodeAnalysis.Testing.DiagnosticResult(Rules.ConverterPerValueWork).WithLocation(0)
                    .WithArguments(Rules.ConverterParsesArrayWalk("JsonDocument"), Rules.ConverterReadArrayTokens, Rules.NoFixConverterControlFlow),
            },
        }.RunAsync();

    /// <summary>typesense-dotnet's <c>GroupKeyConverter</c> as written (src/Typesense/Converter/GroupKeyConverter.cs).</summary>
    [Fact]
    public Task Reports_typesense_GroupKeyConverter_as_written()
        => Verify.VerifyAnalyzerAsync("""
            #nullable enable
            using System;
            using System.Collections.Generic;
            using System.Globalization;
            using System.Linq;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            namespace Typesense.Converter;

            public class GroupKeyConverter : JsonConverter<IReadOnlyList<string>>
            {
                public override IReadOnlyList<string>? Read(ref Utf8JsonReader reader, Type typeToConvert,
                    JsonSerializerOptions options)
                {
                    var jsonDocument = {|JP0010:JsonDocument.ParseValue(ref reader)|};

                    return jsonDocument.RootElement.EnumerateArray().Select(StringifyJsonElement).ToList();
                }

                private static string StringifyJsonElement(JsonElement element)
                {
                    var elementValue = element.ValueKind switch
                    {
                        JsonValueKind.String => element.GetString(),
                        JsonValueKind.False => "false",
                        JsonValueKind.True => "true",
                        JsonValueKind.Number => element.GetDecimal().ToString(CultureInfo.InvariantCulture),
                        JsonValueKind.Array => string.Join(", ", element.EnumerateArray().Select(StringifyJsonElement)),
                        _ => null
                    };

                    if (elementValue is null)
                        throw new InvalidOperationException($"{nameof(elementValue)} being null is invalid.");

                    return elementValue;
                }

                public override void Write(Utf8JsonWriter writer, IReadOnlyList<string> value, JsonSerializerOptions options)
                {
                    JsonSerializer.Serialize(writer, value);
                }
            }
            """);

    /// <summary>The same code in a class that is no converter: its Read runs when someone calls it.</summary>
    [Fact]
    public Task Does_not_report_outside_a_converter()
        => Verify.VerifyAnalyzerAsync(Snippets.Usings + """
            using System.Linq;

            public class KeysReader
            {
                public IReadOnlyList<string> Read(ref Utf8JsonReader reader)
                {
                    var d = JsonDocument.ParseValue(ref reader);
                    return d.RootElement.EnumerateArray().Select(Stringify).ToList();
                }

                private static string Stringify(JsonElement element) { return element.GetString() ?? ""; }
            }
            """);

    [Theory]
    [InlineData("var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select(Stringify.ToList();")]
    [InlineData("var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select().ToList();")]
    [InlineData("var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select(Missing).ToList();")]
    [InlineData("var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select(e => ).ToList();")]
    [InlineData("var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select(e => Stringify(e, 1)).ToList();")]
    [InlineData("var d = JsonDocument.ParseValue(ref reader); return string.Join(d.RootElement.EnumerateArray().Select(Stringify));")]
    [InlineData("var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select(Broken).ToList(); } private static string Broken(JsonElement element) { return element.GetString( ; }")]
    [InlineData("var d = JsonDocument.ParseValue(ref reader); return d.RootElement.EnumerateArray().Select(NoBody).ToList(); } private static partial string NoBody(JsonElement element); void X() {")]
    public async Task Incomplete_code_never_throws(string body)
    {
        var (solution, id) = FixRunner.CreateProject(InRead(body), Microsoft.CodeAnalysis.OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var diagnostics = await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new ConverterPerValueWorkAnalyzer());
        Assert.DoesNotContain(diagnostics, d => d.Id == "AD0001");
    }

    internal static string InRead(string body) => Converter.Replace("READ", body);
}
