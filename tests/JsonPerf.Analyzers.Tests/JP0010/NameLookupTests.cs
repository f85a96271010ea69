using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.ConverterPerValueWorkAnalyzer,
    JsonPerf.CodeFixes.ConverterPerValueWorkFixer>;

namespace JsonPerf.Analyzers.Tests.JP0010;

/// <summary>
/// <c>GetString()</c> only a key into a fixed map of names (typesense-dotnet's <c>JsonStringEnumConverter.Read</c>): a
/// private static readonly dictionary keyed by string, ordinal, filled where it is made and only read elsewhere.
/// Reported without a fix; a map that can change, matches otherwise, or a string that is needed, is left alone.
/// </summary>
public class NameLookupTests
{
    private const string Converter = Snippets.Usings + """
        using System.Linq;

        public enum Color { Red, Green }

        public sealed class ColorConverter : JsonConverter<Color>
        {
            private static readonly Dictionary<string, Color> s_byName = new Dictionary<string, Color> { ["red"] = Color.Red, ["green"] = Color.Green };
            private static readonly Dictionary<string, Color> s_fromConstructor;
            private static readonly IReadOnlyDictionary<string, Color> s_readOnly = new Dictionary<string, Color>(2, StringComparer.Ordinal) { ["red"] = Color.Red };
            private static readonly Dictionary<string, Color> s_selected = Enum.GetValues(typeof(Color)).Cast<Color>().ToDictionary(c => c.ToString());
            private static readonly Dictionary<string, Color> s_ignoreCase = new Dictionary<string, Color>(StringComparer.OrdinalIgnoreCase) { ["red"] = Color.Red };
            private static readonly Dictionary<string, Color> s_learned = new Dictionary<string, Color>();
            private static Dictionary<string, Color> s_mutable = new Dictionary<string, Color>();
            internal static readonly Dictionary<string, Color> Shared = new Dictionary<string, Color>();
            private readonly Dictionary<string, Color> _instance = new Dictionary<string, Color>();

            static ColorConverter()
            {
                s_fromConstructor = new Dictionary<string, Color>();
                foreach (Color value in Enum.GetValues(typeof(Color)))
                {
                    s_fromConstructor.Add(value.ToString().ToLowerInvariant(), value);
                }
            }

            public static void Learn(string name, Color color) { s_learned[name] = color; }

            private static Color Fallback(string name) { return Color.Red; }

            public static Color Helper(ref Utf8JsonReader reader) { return s_byName[reader.GetString()]; }

            public override Color Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
            {
        READ
            }

            public override void Write(Utf8JsonWriter writer, Color value, JsonSerializerOptions options) { writer.WriteStringValue(value.ToString()); }
        }
        """;

    public static TheoryData<string, string> Reported() => Cases.WithLanguageVersions(
        "return s_byName[{|JP0010:reader.GetString()|}];",
        "Color color; return s_fromConstructor.TryGetValue({|JP0010:reader.GetString()|}, out color) ? color : Color.Red;",
        "var name = {|JP0010:reader.GetString()|}; if (name == null) throw new JsonException(\"no name\"); return s_fromConstructor.GetValueOrDefault(name);",
        "return s_readOnly.ContainsKey({|JP0010:reader.GetString()|}) ? Color.Red : Color.Green;",
        "var name = {|JP0010:reader.GetString()|}; Color color; if (!s_selected.TryGetValue(name, out color)) throw new JsonException(\"Unknown color \" + name); return color;");

    public static TheoryData<string, string> NotReported() => Cases.WithLanguageVersions(
        // A map that matches otherwise or can change.
        "return s_ignoreCase[reader.GetString()];",
        "return s_learned[reader.GetString()];",
        "return s_mutable[reader.GetString()];",
        "return Shared[reader.GetString()];",
        "return _instance[reader.GetString()];",
        // The string is needed too.
        "var name = reader.GetString(); Color color; if (!s_byName.TryGetValue(name, out color)) { Console.WriteLine(name); } return color;",
        "var name = reader.GetString(); Color color; return s_byName.TryGetValue(name, out color) ? color : Fallback(name);",
        "var name = reader.GetString(); var known = s_byName.ContainsKey(name); return (Color)Enum.Parse(typeof(Color), name, true);");

    [Theory]
    [MemberData(nameof(Reported))]
    public Task Reports_GetString_only_looked_up_in_a_fixed_map_of_names(string body, string languageVersion)
        => Verify.VerifyAnalyzerAsync(InRead(body), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(NotReported))]
    public Task Does_not_report_a_map_that_can_change_or_a_string_that_is_needed(string body, string languageVersion)
        => Verify.VerifyAnalyzerAsync(InRead(body), Cases.Parse(languageVersion));

    [Fact]
    public Task Message_says_what_it_costs_what_to_do_and_why_there_is_no_fix()
        => new Verify.Test
        {
            TestCode = InRead("return s_byName[{|#0:reader.GetString()|}];"),
            ExpectedDiagnostics =
            {
                new Microsoft.CodeAnalysis.Testing.DiagnosticResult(Rules.ConverterPerValueWork).WithLocation(0)
                    .WithArguments(Rules.ConverterLooksUpGetString, Rules.ConverterMatchNamesInPlace, Rules.NoFixNameLookup),
            },
        }.RunAsync();

    [Theory]
    [InlineData("return s_byName[reader.GetString()")]
    [InlineData("return s_byName.TryGetValue(reader.GetString(), out var c) ? c : ;")]
    [InlineData("var name = reader.GetString(); return s_missing[name];")]
    [InlineData("return s_fromConstructor.GetValueOrDefault(reader.GetString(), );")]
    public async Task Incomplete_code_never_throws(string body)
    {
        var (solution, id) = FixRunner.CreateProject(InRead(body), Microsoft.CodeAnalysis.OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var diagnostics = await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new ConverterPerValueWorkAnalyzer());
        Assert.DoesNotContain(diagnostics, d => d.Id == "AD0001");
    }

    internal static string InRead(string body) => Converter.Replace("READ", body);
}
