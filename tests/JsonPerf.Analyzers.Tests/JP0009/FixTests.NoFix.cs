using System;
using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace JsonPerf.Analyzers.Tests.JP0009;

/// <summary>
/// Where a static field would change what the program does, the diagnostic stays without a fix and says why: a call in
/// a type initializer that throws makes the whole type unusable (TypeInitializationException), and a field set after an
/// initializer that reads it is still empty there.
/// </summary>
public partial class FixTests
{
    public static TheoryData<string, string> NotFixable() => new()
    {
        { """JsonElement E => JsonElement.Parse("{'a':1}");""", Rules.NoFixUnprovenText },
        { """JsonElement E => JsonElement.Parse("[1,2,]");""", Rules.NoFixUnprovenText },
        { """JsonElement E => JsonElement.Parse("{\"a\":01}");""", Rules.NoFixUnprovenText },
        { """JsonElement E => JsonElement.Parse("[1] // one");""", Rules.NoFixUnprovenText },
        { """JsonElement E => JsonElement.Parse("[1,2,]", new JsonDocumentOptions { AllowTrailingCommas = true });""", Rules.NoFixUnprovenText },
        { """JsonElement E => JsonSerializer.Deserialize<JsonElement>("{}", s_o); static readonly JsonSerializerOptions s_o = new JsonSerializerOptions { MaxDepth = 1 };""", Rules.NoFixUnprovenText },
        { """JsonElement E => JsonSerializer.SerializeToElement(new { a = double.NaN });""", Rules.NoFixUnsafeValue },
        { """JsonElement E => JsonSerializer.SerializeToElement(new { a = "\uD800" });""", Rules.NoFixUnsafeValue },
        { """JsonElement E => JsonSerializer.SerializeToElement(new { t = typeof(int) });""", Rules.NoFixUnsafeValue },
        { """JsonElement E => JsonSerializer.SerializeToElement(new { a = 1 }, s_o); static readonly JsonSerializerOptions s_o = new JsonSerializerOptions(); static C() { s_o.Converters.Add(new System.Text.Json.Serialization.JsonStringEnumConverter()); }""", Rules.NoFixUnsafeValue },
        { """JsonElement E => JsonSerializer.SerializeToElement(new { a = 1 }, s_o); static readonly JsonSerializerOptions s_o = new JsonSerializerOptions { TypeInfoResolver = new System.Text.Json.Serialization.Metadata.DefaultJsonTypeInfoResolver() };""", Rules.NoFixUnsafeValue },
        { """JsonElement E => JsonSerializer.SerializeToElement(new { a = 1 }, s_o); static readonly JsonSerializerOptions s_o = Make(); static JsonSerializerOptions Make() => new JsonSerializerOptions();""", Rules.NoFixUnsafeValue },
        { """public static readonly object Tool = new object[] { Schema }; static JsonElement Schema => JsonElement.Parse("{}");""", Rules.NoFixReadDuringTypeInit },
        { """static readonly object s_tool = Make(); static object Make() => new C().Schema; JsonElement Schema => JsonElement.Parse("{}");""", Rules.NoFixReadDuringTypeInit },
        { """static readonly object s_tool = new C(); C() { Console.WriteLine(Schema()); } static JsonElement Schema() => JsonElement.Parse("{}");""", Rules.NoFixReadDuringTypeInit },
        { """void Validate() { JsonElement.Parse("{}"); }""", Rules.NoFixDiscardedJson },
    };

    [Theory]
    [MemberData(nameof(NotFixable))]
    public async Task Offers_no_fix_where_a_static_field_could_throw_or_be_read_unset_and_says_why(string members, string note)
    {
        var diagnostic = await SingleAsync($$"""
            using System;
            using System.Text.Json;

            public class C
            {
                {{members}}
            }
            """);
        Assert.Equal(note, diagnostic.GetMessage().Substring(diagnostic.GetMessage().IndexOf(" (no automatic fix here: ", StringComparison.Ordinal)));
        Assert.False(diagnostic.Properties.ContainsKey(DiagnosticProperties.FixKind));
    }

    [Fact]
    public async Task A_default_interface_member_has_no_static_field()
    {
        var diagnostic = await SingleAsync("""
            using System.Text.Json;

            public interface ITool
            {
                JsonElement Schema => JsonElement.Parse("{}");
            }
            """);
        Assert.EndsWith(Rules.NoFixNoStaticField, diagnostic.GetMessage(), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("""JsonElement E => JsonSerializer.SerializeToElement(new { a = 1 });""", true)]
    [InlineData("""JsonElement E => JsonSerializer.Deserialize<JsonElement>("{}");""", true)]
    [InlineData("""JsonElement E => JsonElement.Parse("{}");""", false)]
    public async Task In_a_trimmed_or_AOT_project_a_call_through_reflection_is_not_moved(string member, bool throughReflection)
    {
        var diagnostic = await SingleAsync("using System.Text.Json;\n\npublic class C\n{\n    " + member + "\n}\n", publishAot: true);
        Assert.Equal(!throughReflection, diagnostic.Properties.ContainsKey(DiagnosticProperties.FixKind));
        Assert.Equal(throughReflection, diagnostic.GetMessage().EndsWith(Rules.NoFixReflectionOff, StringComparison.Ordinal));
    }

    [Fact]
    public async Task Options_only_passed_to_serializer_calls_and_built_from_its_own_settings_are_moved_with_the_call()
    {
        var diagnostic = await SingleAsync("""
            using System.Text.Encodings.Web;
            using System.Text.Json;
            using System.Text.Json.Serialization;
            using System.Text.Unicode;

            public class C
            {
                private static readonly JsonSerializerOptions s_o = new JsonSerializerOptions(JsonSerializerDefaults.Web)
                {
                    Encoder = JavaScriptEncoder.Create(UnicodeRanges.All),
                    Converters = { new JsonStringEnumConverter() },
                    WriteIndented = true,
                };

                public JsonElement E => JsonSerializer.SerializeToElement(new { a = 1 }, s_o);

                public string S(object value) => JsonSerializer.Serialize(value, s_o);
            }
            """);
        Assert.Equal(ConstantJsonFix.Hoist, diagnostic.Properties[DiagnosticProperties.FixKind]);
        Assert.Equal("E", diagnostic.Properties[DiagnosticProperties.FieldName]);
    }

    private static async Task<Diagnostic> SingleAsync(string source, bool publishAot = false)
    {
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        if (publishAot)
        {
            solution = solution.AddAnalyzerConfigDocument(
                DocumentId.CreateNewId(id.ProjectId), "aot.globalconfig", SourceText.From("is_global = true\nbuild_property.PublishAot = true\n"), filePath: "/src/aot.globalconfig");
        }

        var diagnostics = await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new ConstantJsonAnalyzer());
        Assert.DoesNotContain(diagnostics, d => d.Severity == DiagnosticSeverity.Error);
        return Assert.Single(diagnostics, d => d.Id == Rules.ConstantJsonPerCallId);
    }
}
