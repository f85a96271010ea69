using System.Linq;
using System.Text;
using System.Text.Json.Nodes;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0010;

/// <summary>
/// The fix must not change what the converter writes: a converter writing constant names and values, run through writers
/// with the default encoder, UnsafeRelaxedJsonEscaping and encoders built with Basic Latin, every call twice, before and
/// after Fix All. An encoder without Basic Latin escapes ASCII letters where JsonEncodedText.Encode does not: the
/// documented limit of the fix, where the bytes differ and the JSON value is the same.
/// </summary>
public partial class FixTests
{
    internal const string Program = """
        using System;
        using System.IO;
        using System.Text;
        using System.Text.Encodings.Web;
        using System.Text.Json;
        using System.Text.Json.Serialization;
        using System.Text.Unicode;

        public class Shape { public string Kind { get; set; } public double Size { get; set; } }

        public sealed class ShapeConverter : JsonConverter<Shape>
        {
            private const string Circle = "circle";

            public override Shape Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => throw new NotSupportedException();

            public override void Write(Utf8JsonWriter writer, Shape value, JsonSerializerOptions options)
            {
                writer.WriteStartObject();
                if (value.Kind == Circle)
                {
                    writer.WriteString("kind", Circle);
                }
                else
                {
                    writer.WriteString("kind", "square-v1.0_X");
                }

                writer.WriteNumber("size", value.Size);
                writer.WritePropertyName("tags");
                writer.WriteStartArray();
                writer.WriteStringValue("round");
                writer.WriteStringValue(value.Kind);
                writer.WriteStringValue("");
                writer.WriteEndArray();
                writer.WriteBoolean("closed", true);
                writer.WriteNull("extra");
                writer.WriteStartObject("meta");
                writer.WriteEndObject();
                writer.WriteEndObject();
            }

            public override void WriteAsPropertyName(Utf8JsonWriter writer, Shape value, JsonSerializerOptions options)
                => writer.WritePropertyName(value.Kind == Circle ? "round" : "square");
        }

        public static class Program
        {
            public static void Main()
            {
                var converter = new ShapeConverter();
                foreach (var encoder in ENCODERS)
                {
                    foreach (var shape in new[] { new Shape { Kind = "circle", Size = 1.5 }, new Shape { Kind = "<квадрат & 四角>", Size = 2 } })
                    {
                        for (var i = 0; i < 2; i++)
                        {
                            var stream = new MemoryStream();
                            using (var writer = new Utf8JsonWriter(stream, new JsonWriterOptions { Encoder = encoder, Indented = i == 1 }))
                            {
                                converter.Write(writer, shape, JsonSerializerOptions.Default);
                            }

                            Console.WriteLine(Convert.ToBase64String(stream.ToArray()));
                        }
                    }
                }
            }
        }
        """;

    internal const string EncodersWithBasicLatin = "new JavaScriptEncoder[] { null, JavaScriptEncoder.Default, JavaScriptEncoder.UnsafeRelaxedJsonEscaping, JavaScriptEncoder.Create(UnicodeRanges.All), JavaScriptEncoder.Create(UnicodeRanges.BasicLatin, UnicodeRanges.Cyrillic) }";

    [Fact]
    public async Task The_converter_writes_the_same_bytes_after_the_fix_with_every_encoder_that_allows_Basic_Latin()
    {
        var before = Program.Replace("ENCODERS", EncodersWithBasicLatin);
        var after = await FixAllAsync(before);
        Assert.Equal(11, after.Split("private static readonly JsonEncodedText").Length);
        Assert.Contains("writer.WriteString(KindPropertyName, CircleValue);", after);
        Assert.Contains("WritePropertyName(value.Kind == Circle ? \"round\" : \"square\")", after); // a name from a fixed set stays

        var (beforeRun, afterRun) = ProgramRunner.RunBeforeAndAfter(before, after);
        Assert.Equal(Encoding.UTF8.GetString(beforeRun), Encoding.UTF8.GetString(afterRun));
        var lines = Lines(beforeRun);
        Assert.Equal(20, lines.Length);
        Assert.Contains("\\u003C", Json(lines[2]), System.StringComparison.Ordinal);  // the default encoder escapes the data
        Assert.Contains("<квадрат", Json(lines[10]), System.StringComparison.Ordinal); // the relaxed one does not
    }

    [Fact]
    public async Task An_encoder_without_Basic_Latin_gets_the_constants_unescaped_after_the_fix_and_the_same_JSON_value()
    {
        var before = Program.Replace("ENCODERS", "new[] { JavaScriptEncoder.Create(UnicodeRanges.Cyrillic) }");
        var after = await FixAllAsync(before);
        var (beforeRun, afterRun) = ProgramRunner.RunBeforeAndAfter(
            Compile(before), Compile(after), sameOutput: false);
        var (was, now) = (Lines(beforeRun).Select(Json).ToArray(), Lines(afterRun).Select(Json).ToArray());
        Assert.Contains("\\u006B\\u0069\\u006E\\u0064", was[0], System.StringComparison.Ordinal); // "kind", escaped by this encoder
        Assert.Contains("\"kind\"", now[0], System.StringComparison.Ordinal);
        Assert.Equal(was.Select(Normalized), now.Select(Normalized));
    }

    private static Task<string> FixAllAsync(string source)
        => FixRunner.ApplyFixAllAsync(source, new ConverterPerValueWorkAnalyzer(), new ConverterPerValueWorkFixer(), OutputKind.ConsoleApplication, TestReferences.Net10);

    private static Compilation Compile(string source)
        => Microsoft.CodeAnalysis.CSharp.CSharpCompilation.Create(
            "Run",
            new[] { Microsoft.CodeAnalysis.CSharp.CSharpSyntaxTree.ParseText(source) },
            TestReferences.Net10,
            new Microsoft.CodeAnalysis.CSharp.CSharpCompilationOptions(OutputKind.ConsoleApplication));

    private static string[] Lines(byte[] output) => Encoding.UTF8.GetString(output).Split('\n', System.StringSplitOptions.RemoveEmptyEntries);

    private static string Json(string base64) => Encoding.UTF8.GetString(System.Convert.FromBase64String(base64.Trim()));

    private static string Normalized(string json) => JsonNode.Parse(json)!.ToJsonString();
}
