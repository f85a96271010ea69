using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0006;

/// <summary>
/// A DOM built only to be written: <c>SerializeToElement(x, o).WriteTo(writer)</c> and a local element or document used
/// once that way become <c>JsonSerializer.Serialize(writer, x, o)</c>, which writes the same bytes (the writer decides
/// indentation and escaping either way); a DOM that is also kept or read is left alone.
/// </summary>
public class DomWriteTests
{
    internal const string Program = """
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Text;
        using System.Text.Encodings.Web;
        using System.Text.Json;
        using System.Text.Unicode;

        public class Order { public int Id { get; set; } public string Name { get; set; } public double Price { get; set; } public Dictionary<string, string> Tags { get; set; } }

        public static class Program
        {
            private static readonly JsonSerializerOptions Web = new JsonSerializerOptions(JsonSerializerDefaults.Web) { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) };

            public static void Main()
            {
                var orders = new[]
                {
                    new Order { Id = 1, Name = "Ünal <b> & \"q\" \n 山本 😀", Price = 0.1 + 0.2, Tags = new Dictionary<string, string> { ["<k>"] = "é" } },
                    new Order { Id = 2, Name = null, Price = 1e-7 },
                };
                for (var i = 0; i < 2; i++)
                {
                    foreach (var order in orders)
                    {
                        foreach (var writerOptions in new[] { default(JsonWriterOptions), new JsonWriterOptions { Indented = true, Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping } })
                        {
                            Console.WriteLine(Write(order, writerOptions, Inline));
                            Console.WriteLine(Write(order, writerOptions, Element));
                            Console.WriteLine(Write(order, writerOptions, Document));
                            Console.WriteLine(Write(order, writerOptions, Typed));
                        }
                    }
                }
            }

            private static string Write(Order order, JsonWriterOptions options, Action<Utf8JsonWriter, Order> write)
            {
                using var stream = new MemoryStream();
                using (var writer = new Utf8JsonWriter(stream, options))
                {
                    write(writer, order);
                }

                return Encoding.UTF8.GetString(stream.ToArray());
            }

            private static void Inline(Utf8JsonWriter writer, Order order) => JsonSerializer.SerializeToElement(order, Web).WriteTo(writer);

            private static void Element(Utf8JsonWriter writer, Order order)
            {
                var element = JsonSerializer.SerializeToElement(order);
                element.WriteTo(writer);
            }

            private static void Document(Utf8JsonWriter writer, Order order)
            {
                using var document = JsonSerializer.SerializeToDocument(order, Web);
                document.WriteTo(writer);
            }

            private static void Typed(Utf8JsonWriter writer, Order order) => JsonSerializer.SerializeToElement(order, typeof(Order), Web).WriteTo(writer);
        }
        """;

    [Fact]
    public async Task A_dom_built_only_to_be_written_is_serialized_to_the_writer_and_writes_the_same_bytes()
    {
        var (solution, id) = FixRunner.CreateProject(Program, OutputKind.ConsoleApplication, TestReferences.Net10);
        var diagnostics = (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new ConvertWithoutTextAnalyzer())).Where(d => d.Id == "JP0006").ToList();
        Assert.True(diagnostics.Count == 4 && diagnostics.All(d => d.Properties.ContainsKey(DiagnosticProperties.FixKind)), string.Join("\n", diagnostics));
        Assert.All(diagnostics, d => Assert.Contains(Rules.DomOnlyWritten, d.GetMessage(), System.StringComparison.Ordinal));

        var fixedProgram = (await (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, new ConvertWithoutTextAnalyzer(), new ConvertWithoutTextFixer())).GetDocument(id)!.GetTextAsync()).ToString();

        Assert.Contains("=> JsonSerializer.Serialize(writer, order, Web);", fixedProgram, System.StringComparison.Ordinal);
        Assert.Contains("JsonSerializer.Serialize(writer, order);", fixedProgram, System.StringComparison.Ordinal);
        Assert.Contains("JsonSerializer.Serialize(writer, order, typeof(Order), Web);", fixedProgram, System.StringComparison.Ordinal);
        Assert.DoesNotContain("SerializeTo", fixedProgram, System.StringComparison.Ordinal);
        var (before, after) = ProgramRunner.RunBeforeAndAfter(Program, fixedProgram);
        Assert.Equal(Encoding.UTF8.GetString(before), Encoding.UTF8.GetString(after));
    }

    [Theory]
    [InlineData("var element = JsonSerializer.SerializeToElement(order); element.WriteTo(writer); Console.WriteLine(element.ValueKind);")]
    [InlineData("using var document = JsonSerializer.SerializeToDocument(order); document.WriteTo(writer); document.WriteTo(writer);")]
    [InlineData("var element = JsonSerializer.SerializeToElement(order); s_last = element; element.WriteTo(writer);")]
    [InlineData("JsonSerializer.SerializeToDocument(order).RootElement.Clone().WriteTo(writer);")]
    [InlineData("JsonDocument.Parse(\"{}\").WriteTo(writer);")]
    public async Task A_dom_that_is_also_kept_or_read_is_not_reported(string body)
    {
        var source = $$"""
            using System;
            using System.Text.Json;

            public class Order { public int Id { get; set; } }

            public static class C
            {
                private static JsonElement s_last;

                public static void Write(Utf8JsonWriter writer, Order order)
                {
                    {{body}}
                }
            }
            """;
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        Assert.DoesNotContain(await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new ConvertWithoutTextAnalyzer()), d => d.Id == "JP0006" && d.GetMessage().Contains(Rules.DomOnlyWritten, System.StringComparison.Ordinal));
    }
}
