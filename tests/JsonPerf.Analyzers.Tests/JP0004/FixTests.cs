using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JavaScriptEncoderCreatedPerCallAnalyzer,
    JsonPerf.CodeFixes.JavaScriptEncoderCreatedPerCallFixer>;

namespace JsonPerf.Analyzers.Tests.JP0004;

public partial class FixTests
{
    [Fact]
    public Task Hoists_the_encoder_into_a_static_readonly_field()
        => Verify.VerifyFixAsync("""
            using System.Text.Encodings.Web;
            using System.Text.Json;
            using System.Text.Unicode;

            public class C
            {
                public string M(object value)
                {
                    var options = new JsonSerializerOptions { Encoder = {|JP0004:JavaScriptEncoder.Create(UnicodeRanges.All)|} };
                    return JsonSerializer.Serialize(value, options);
                }
            }
            """, """
            using System.Text.Encodings.Web;
            using System.Text.Json;
            using System.Text.Unicode;

            public class C
            {
                private static readonly JavaScriptEncoder JsonEncoder = JavaScriptEncoder.Create(UnicodeRanges.All);

                public string M(object value)
                {
                    var options = new JsonSerializerOptions { Encoder = JsonEncoder };
                    return JsonSerializer.Serialize(value, options);
                }
            }
            """);

    [Fact]
    public Task Fix_all_reuses_one_field_per_equal_encoder_and_an_existing_one()
        => Verify.VerifyFixAsync("""
            using System.Text.Encodings.Web;
            using System.Text.Json;
            using System.Text.Unicode;

            public class C
            {
                private static readonly JavaScriptEncoder s_latin = JavaScriptEncoder.Create(UnicodeRanges.BasicLatin);

                public JsonWriterOptions A() => new JsonWriterOptions { Encoder = {|JP0004:JavaScriptEncoder.Create(UnicodeRanges.All)|} };
                public JsonWriterOptions B() => new JsonWriterOptions { Encoder = {|JP0004:JavaScriptEncoder.Create(UnicodeRanges.All)|} };
                public JsonWriterOptions D() => new JsonWriterOptions { Encoder = {|JP0004:JavaScriptEncoder.Create(UnicodeRanges.BasicLatin)|} };
                public JsonWriterOptions E() => new JsonWriterOptions { Encoder = {|JP0004:JavaScriptEncoder.Create(UnicodeRanges.BasicLatin, UnicodeRanges.Katakana)|} };
            }
            """, """
            using System.Text.Encodings.Web;
            using System.Text.Json;
            using System.Text.Unicode;

            public class C
            {
                private static readonly JavaScriptEncoder s_latin = JavaScriptEncoder.Create(UnicodeRanges.BasicLatin);
                private static readonly JavaScriptEncoder s_jsonEncoder = JavaScriptEncoder.Create(UnicodeRanges.All);
                private static readonly JavaScriptEncoder s_jsonEncoder2 = JavaScriptEncoder.Create(
                    UnicodeRanges.BasicLatin,
                    UnicodeRanges.Katakana);

                public JsonWriterOptions A() => new JsonWriterOptions { Encoder = s_jsonEncoder };
                public JsonWriterOptions B() => new JsonWriterOptions { Encoder = s_jsonEncoder };
                public JsonWriterOptions D() => new JsonWriterOptions { Encoder = s_latin };
                public JsonWriterOptions E() => new JsonWriterOptions { Encoder = s_jsonEncoder2 };
            }
            """);

    [Theory]
    [InlineData("var settings = new TextEncoderSettings(UnicodeRanges.All); options.Encoder = {|JP0004:JavaScriptEncoder.Create(settings)|};")]
    [InlineData("options.Encoder = {|JP0004:JavaScriptEncoder.Create(range)|};")]
    [InlineData("options.Encoder = {|JP0004:JavaScriptEncoder.Create(new TextEncoderSettings(range))|};")]
    public Task Offers_no_fix_when_the_encoder_depends_on_per_call_state(string statement)
    {
        var source = """
            using System.Text.Encodings.Web;
            using System.Text.Json;
            using System.Text.Unicode;

            public class C
            {
                public void M(JsonSerializerOptions options, UnicodeRange range)
                {
                    STATEMENT
                }
            }
            """.Replace("STATEMENT", statement);
        return Verify.VerifyFixAsync(source, source);
    }

    [Fact]
    public async Task JP0001_fix_moves_the_encoder_with_the_options_and_leaves_nothing_for_JP0004()
    {
        var program = Program(perCallOptions: true);
        var afterJp0001 = await FixRunner.ApplyFixAllAsync(program, new JsonSerializerOptionsCreatedPerCallAnalyzer(), new JsonSerializerOptionsCreatedPerCallFixer(), OutputKind.ConsoleApplication, TestReferences.Net10);
        var (solution, id) = FixRunner.CreateProject(afterJp0001, OutputKind.ConsoleApplication, TestReferences.Net10);
        var left = await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new JavaScriptEncoderCreatedPerCallAnalyzer(), new JsonSerializerOptionsCreatedPerCallAnalyzer());
        Assert.DoesNotContain(left, d => d.Id == "JP0001");
        // Only the encoder of the JsonWriterOptions is left: JP0001 does not touch writer options.
        var encoder = Assert.Single(left, d => d.Id == "JP0004");
        Assert.Contains("CjkUnifiedIdeographs", encoder.Location.SourceTree!.GetText().ToString(encoder.Location.SourceSpan));
        var (before, after) = ProgramRunner.RunBeforeAndAfter(program, afterJp0001);
        Assert.Equal(before, after);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task Japanese_and_html_sensitive_text_is_escaped_the_same_after_the_fix(bool perCallOptions)
    {
        var program = Program(perCallOptions);
        var afterJp0004 = await FixRunner.ApplyFixAllAsync(program, new JavaScriptEncoderCreatedPerCallAnalyzer(), new JavaScriptEncoderCreatedPerCallFixer(), OutputKind.ConsoleApplication, TestReferences.Net10);
        Assert.Contains("private static readonly JavaScriptEncoder", afterJp0004);
        var afterBoth = await FixRunner.ApplyFixAllAsync(afterJp0004, new JsonSerializerOptionsCreatedPerCallAnalyzer(), new JsonSerializerOptionsCreatedPerCallFixer(), OutputKind.ConsoleApplication, TestReferences.Net10);

        var (before, afterOne) = ProgramRunner.RunBeforeAndAfter(program, afterJp0004);
        var output = Encoding.UTF8.GetString(before);
        Assert.Contains("株式会社 自宅警備", output);      // UnicodeRanges.All: Japanese is not escaped
        Assert.Contains("\\u003Cscript\\u003E", output); // HTML-sensitive characters still are
        Assert.Equal(before, afterOne);
        Assert.Equal(before, ProgramRunner.RunBeforeAndAfter(program, afterBoth).After);
    }

    /// <summary>Seed 002's OfficeWorker, serialized with UnicodeRanges.All, plus HTML-sensitive text.</summary>
    private static string Program(bool perCallOptions) => """
        using System;
        using System.Text.Encodings.Web;
        using System.Text.Json;
        using System.Text.Unicode;

        public class OfficeWorker
        {
            public string Company { get; set; }
            public string Department { get; set; }
            public string Name { get; set; }
            public string Sex { get; set; }
            public int Age { get; set; }
            public string Note { get; set; }
        }

        public static class Program
        {
            private static readonly JsonSerializerOptions s_shared = new JsonSerializerOptions();

            private static string Make(OfficeWorker w)
            {
                var o = new JsonSerializerOptions();
                o.Encoder = JavaScriptEncoder.Create(UnicodeRanges.All);
                o.WriteIndented = true;
                return JsonSerializer.Serialize(w, o);
            }

            public static void Main()
            {
                var worker = new OfficeWorker { Company = "株式会社 自宅警備", Department = "開発部", Name = "山本太郎", Sex = "男", Age = 30, Note = "<script>alert('x')</script> & \"q\" + \\ 😀" };
                for (var i = 0; i < 2; i++)
                {
                    Console.WriteLine(OPTIONS);
                    var writerOptions = new JsonWriterOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.BasicLatin, UnicodeRanges.CjkUnifiedIdeographs) };
                    using var stream = new System.IO.MemoryStream();
                    using (var writer = new Utf8JsonWriter(stream, writerOptions)) { JsonSerializer.Serialize(writer, worker, s_shared); }
                    Console.WriteLine(System.Text.Encoding.UTF8.GetString(stream.ToArray()));
                }
            }
        }
        """.Replace("OPTIONS", perCallOptions
            ? "JsonSerializer.Serialize(worker, new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) })"
            : "Make(worker)");
}
