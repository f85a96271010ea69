using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0007;

/// <summary>
/// Converters of a polymorphic model, each parsing its value in place, run before and after Fix All: the same output,
/// read twice with documents parsed and disposed in between (their pooled buffers come out again over any element cut
/// off its document, which would then throw ObjectDisposedException or read another document's bytes).
/// </summary>
public partial class ConverterTests
{
    internal const string Program = """
        using System;
        using System.Collections.Generic;
        using System.Text;
        using System.Text.Json;
        using System.Text.Json.Serialization;

        public abstract class Shape { public string Kind { get; set; } }
        public sealed class Circle : Shape { public double Radius { get; set; } public override string ToString() => "circle " + Radius; }
        public sealed class Square : Shape { public double Side { get; set; } public override string ToString() => "square " + Side; }
        public sealed class Other : Shape { public object Raw { get; set; } public override string ToString() => "other " + Kind + " " + Raw; }
        public sealed class Route { public double Length { get; set; } public List<string> Stops { get; } = new List<string>(); }
        public sealed class Note { public string Text { get; set; } public JsonElement Extra { get; set; } }
        public sealed class Size { public int Width { get; set; } public int Height { get; set; } }
        [Flags] public enum Style { None = 0, Bold = 1, Dashed = 2 }

        public sealed class Drawing
        {
            public List<Shape> Shapes { get; set; }
            public Style Style { get; set; }
            public Route Route { get; set; }
            public Note Note { get; set; }
            public Size Size { get; set; }
        }

        public sealed class ShapeConverter : JsonConverter<Shape>
        {
            public override Shape Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
            {
                var root = JsonDocument.ParseValue(ref reader).RootElement;
                var kind = root.GetProperty("kind").GetString();
                return kind switch
                {
                    "circle" => root.Deserialize<Circle>(options),
                    "square" => root.Deserialize<Square>(options),
                    _ => new Other { Kind = kind, Raw = root.Deserialize<object>(options) },
                };
            }

            public override void Write(Utf8JsonWriter writer, Shape value, JsonSerializerOptions options) => throw new NotSupportedException();
        }

        public sealed class StyleConverter : JsonConverter<Style>
        {
            public override Style Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
            {
                var names = JsonDocument.ParseValue(ref reader).RootElement.EnumerateArray();
                var style = Style.None;
                foreach (var name in names)
                {
                    style |= name.GetString() switch
                    {
                        "bold" => Style.Bold,
                        "dashed" => Style.Dashed,
                        _ => throw new JsonException($"unknown style {name}"),
                    };
                }

                return style;
            }

            public override void Write(Utf8JsonWriter writer, Style value, JsonSerializerOptions options) => throw new NotSupportedException();
        }

        public sealed class RouteConverter : JsonConverter<Route>
        {
            public override Route Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
            {
                if (reader.TokenType == JsonTokenType.Null)
                {
                    return null;
                }

                try
                {
                    var element = JsonDocument.ParseValue(ref reader).RootElement;
                    var route = new Route();
                    if (element.TryGetProperty("stops", out var stops))
                    {
                        foreach (var stop in stops.EnumerateArray())
                        {
                            route.Stops.Add(stop.GetString());
                        }
                    }

                    foreach (var property in element.EnumerateObject())
                    {
                        if (property.NameEquals("length"))
                        {
                            route.Length = property.Value.GetDouble();
                        }
                    }

                    return route;
                }
                catch (InvalidOperationException e)
                {
                    throw new JsonException(e.Message, e);
                }
            }

            public override void Write(Utf8JsonWriter writer, Route value, JsonSerializerOptions options) => throw new NotSupportedException();
        }

        public sealed class NoteConverter : JsonConverter<Note>
        {
            public override Note Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
            {
                var root = JsonDocument.ParseValue(ref reader).RootElement;
                return new Note { Text = root.GetProperty("text").GetString(), Extra = root.GetProperty("extra") };
            }

            public override void Write(Utf8JsonWriter writer, Note value, JsonSerializerOptions options) => throw new NotSupportedException();
        }

        public sealed class SizeConverter : JsonConverter<Size>
        {
            public override Size Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
            {
                var doc = JsonDocument.ParseValue(ref reader);
                var pair = doc.RootElement;
                return new Size { Width = pair[0].GetInt32(), Height = pair[1].GetInt32() };
            }

            public override void Write(Utf8JsonWriter writer, Size value, JsonSerializerOptions options) => throw new NotSupportedException();
        }

        public static class Program
        {
            public static void Main()
            {
                Console.WriteLine("marker");
                var options = new JsonSerializerOptions { Converters = { new ShapeConverter(), new StyleConverter(), new RouteConverter(), new NoteConverter(), new SizeConverter() } };
                var json = "{\"Shapes\":[{\"kind\":\"circle\",\"Radius\":1.5},{\"kind\":\"square\",\"Side\":2},{\"kind\":\"star\",\"points\":[5,\"\u00fc\"]}],"
                    + "\"Style\":[\"bold\",\"dashed\"],\"Route\":{\"length\":12.5,\"stops\":[\"a\",\"b\"]},"
                    + "\"Note\":{\"text\":\"hi\",\"extra\":{\"z\":[1,2,{\"q\":null}]}},\"Size\":[640,480]}";
                var drawings = new List<Drawing>();
                for (var round = 0; round < 2; round++)
                {
                    drawings.Add(JsonSerializer.Deserialize<Drawing>(json, options));
                    Churn();
                }

                foreach (var drawing in drawings)
                {
                    foreach (var shape in drawing.Shapes)
                    {
                        Console.WriteLine(shape);
                    }

                    Console.WriteLine(drawing.Style + " " + drawing.Route.Length + " " + string.Join(",", drawing.Route.Stops));
                    Console.WriteLine(drawing.Note.Text + " " + drawing.Note.Extra.GetRawText() + " " + drawing.Size.Width + "x" + drawing.Size.Height);
                }

                Console.WriteLine("done");
            }

            private static void Churn()
            {
                GC.Collect();
                for (var i = 1; i <= 4; i++)
                {
                    using var other = JsonDocument.Parse("{\"zz\":\"" + new string('z', 1000 * i) + "\",\"z\":[9,9,{\"q\":\"x\"}]}");
                    Console.Write(other.RootElement.GetProperty("zz").GetString().Length + " ");
                }

                Console.WriteLine();
            }
        }
        """;

    [Theory]
    [InlineData(10)]
    [InlineData(8)]
    public async Task Converters_fixed_by_fix_all_read_the_same_twice(int net)
    {
        var references = net == 10 ? TestReferences.Net10 : TestReferences.Net8;
        var analyzer = new JsonDocumentNotDisposedAnalyzer();
        var before = await FixRunner.GetDiagnosticsAsync(FixRunner.CreateProject(Program, OutputKind.ConsoleApplication, references).Solution.Projects.Single(), analyzer);
        Assert.Equal(5, before.Count(d => d.Id == Rules.JsonDocumentNotDisposedId));

        var fixedProgram = await FixRunner.ApplyFixAllAsync(Program, analyzer, new JsonDocumentNotDisposedFixer(), OutputKind.ConsoleApplication, references);
        Assert.Equal(3, fixedProgram.Split("using var document = JsonDocument.ParseValue(ref reader);").Length - 1);
        Assert.Contains("var root = JsonElement.ParseValue(ref reader);\n        return new Note", fixedProgram.Replace("\r\n", "\n"));
        Assert.Contains("using var doc = JsonDocument.ParseValue(ref reader);", fixedProgram);
        Assert.DoesNotContain("Clone()", fixedProgram);
        var (solution, document) = FixRunner.CreateProject(fixedProgram, OutputKind.ConsoleApplication, references);
        Assert.DoesNotContain(await FixRunner.GetDiagnosticsAsync(solution.GetDocument(document)!.Project, analyzer), d => d.Id == Rules.JsonDocumentNotDisposedId);

        var (beforeBytes, afterBytes) = ProgramRunner.RunBeforeAndAfter(Program, fixedProgram, references);
        var (original, after) = (Encoding.UTF8.GetString(beforeBytes), Encoding.UTF8.GetString(afterBytes));
        Assert.StartsWith("marker", original);
        Assert.EndsWith("done\n", original.Replace("\r\n", "\n"));
        Assert.Contains("other star {\"kind\":\"star\",\"points\":[5,", original);
        Assert.Equal(original, after);
    }
}
