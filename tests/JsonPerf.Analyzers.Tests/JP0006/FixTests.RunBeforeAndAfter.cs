using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0006;

/// <summary>
/// The fix must not change behaviour: the program is compiled and run before and after Fix All and must print the
/// same bytes, non-ASCII and escaped text, indentation, nulls and exceptions included.
/// </summary>
public partial class FixTests
{
    internal const string Program = """
        using System;
        using System.Collections.Generic;
        using System.Text.Encodings.Web;
        using System.Text.Json;
        using System.Text.Json.Nodes;
        using System.Text.Json.Serialization;
        using System.Text.Json.Serialization.Metadata;
        using System.Text.Unicode;

        public class Line { public string Sku { get; set; } public int Quantity { get; set; } }
        public class Order
        {
            public int Id { get; set; }
            public string CustomerName { get; set; }
            public decimal? Discount { get; set; }
            public List<Line> Lines { get; set; } = new();
            public Dictionary<string, string> Notes { get; set; } = new();
        }

        public static class Program
        {
            private static readonly JsonSerializerOptions s_camel = new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase, WriteIndented = true, TypeInfoResolver = new DefaultJsonTypeInfoResolver() };
            private static readonly JsonSerializerOptions s_relaxed = new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All), DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull };
            private static readonly JsonSerializerOptions s_strict = new JsonSerializerOptions { AllowDuplicateProperties = false, MaxDepth = 4 };

            private static Order Sample(int id) => new Order
            {
                Id = id,
                CustomerName = "Ünal 東京 <script>&\"q\"' + \\ 😀 \u0001",
                Discount = id % 2 == 0 ? null : 0.5m,
                Lines = { new Line { Sku = "A-1", Quantity = id }, new Line { Sku = "Ωμέγα", Quantity = 2 } },
                Notes = { ["ключ"] = "значение", ["emoji"] = "🎉" },
            };

            private static void Try(string label, Func<string> f)
            {
                try { Console.WriteLine(label + ": " + f()); }
                catch (Exception e) { Console.WriteLine(label + ": " + e.GetType().FullName + ": " + e.Message); }
            }

            public static void Main()
            {
                Console.WriteLine("marker");
                var info = (JsonTypeInfo<Order>)s_camel.GetTypeInfo(typeof(Order));
                foreach (var id in new[] { 1, 2 })
                {
                    var order = Sample(id);

                    // T to document, element and node; read back through the raw text and the DOM.
                    using (var doc = JsonDocument.Parse(JsonSerializer.Serialize(order)))
                    {
                        Console.WriteLine(doc.RootElement.GetRawText());
                        Console.WriteLine(doc.RootElement.GetProperty("CustomerName").GetString());
                    }
                    using (var doc = JsonDocument.Parse(JsonSerializer.Serialize(order, s_camel)))
                    {
                        Console.WriteLine(doc.RootElement.GetRawText());
                    }
                    using (var doc = JsonDocument.Parse(JsonSerializer.Serialize(order, info)))
                    {
                        Console.WriteLine(doc.RootElement.GetRawText());
                    }
                    var element = JsonElement.Parse(JsonSerializer.Serialize(order, s_relaxed));
                    Console.WriteLine(element.GetRawText());
                    Console.WriteLine(element.GetProperty("Notes").GetProperty("ключ").GetString());
                    var boxed = JsonElement.Parse(JsonSerializer.Serialize((object)order, typeof(Order), s_camel));
                    Console.WriteLine(boxed.ValueKind + " " + boxed.GetRawText());
                    var node = JsonNode.Parse(JsonSerializer.Serialize(order));
                    Console.WriteLine(node.ToJsonString());
                    Console.WriteLine(node["customerName"] is null);
                    Console.WriteLine((string)node["CustomerName"]);
                    Console.WriteLine(node.Options.HasValue && node.Options.Value.PropertyNameCaseInsensitive);

                    // Element to T, with every overload family.
                    Console.WriteLine(JsonSerializer.Deserialize<Order>(element.GetRawText()).CustomerName);
                    Console.WriteLine(JsonSerializer.Deserialize<Order>(element.GetRawText(), s_relaxed).Notes["emoji"]);
                    Console.WriteLine(((Order)JsonSerializer.Deserialize(element.GetRawText(), typeof(Order), s_relaxed)).Lines[1].Sku);
                    using (var doc = JsonDocument.Parse(JsonSerializer.Serialize(order, s_camel)))
                    {
                        Console.WriteLine(JsonSerializer.Deserialize(doc.RootElement.GetRawText(), info).CustomerName);
                        Console.WriteLine(JsonSerializer.Deserialize<Line>(doc.RootElement.GetProperty("lines")[1].GetRawText(), s_camel).Sku);
                    }
                }

                // Nulls: Serialize(null) is "null".
                Order none = null;
                using (var doc = JsonDocument.Parse(JsonSerializer.Serialize(none)))
                {
                    Console.WriteLine(doc.RootElement.ValueKind);
                }
                Console.WriteLine(JsonElement.Parse(JsonSerializer.Serialize(none)).ValueKind);
                Console.WriteLine(JsonNode.Parse(JsonSerializer.Serialize(none)) is null);
                Console.WriteLine(JsonSerializer.Deserialize<Order>(JsonElement.Parse("null").GetRawText()) is null);

                // Lenient documents, duplicates, depth and disposed documents fail (or not) the same way.
                using (var lenient = JsonDocument.Parse("{ \"Id\": 7, /* c */ \"Lines\": [], }", new JsonDocumentOptions { CommentHandling = JsonCommentHandling.Skip, AllowTrailingCommas = true }))
                {
                    var root = lenient.RootElement;
                    Try("lenient", () => JsonSerializer.Deserialize<Order>(root.GetRawText()).Id.ToString());
                }
                using (var duplicates = JsonDocument.Parse("{ \"Id\": 1, \"Id\": 2 }"))
                {
                    var root = duplicates.RootElement;
                    Try("duplicates", () => JsonSerializer.Deserialize<Order>(root.GetRawText()).Id.ToString());
                    Try("duplicates strict", () => JsonSerializer.Deserialize<Order>(root.GetRawText(), s_strict).Id.ToString());
                }
                using (var deep = JsonDocument.Parse("{ \"Lines\": [ { \"Sku\": { \"a\": { \"b\": 1 } } } ] }"))
                {
                    var root = deep.RootElement;
                    Try("deep", () => JsonSerializer.Deserialize<Order>(root.GetRawText(), s_strict).Id.ToString());
                }
                var disposed = JsonDocument.Parse("{}");
                var stale = disposed.RootElement;
                disposed.Dispose();
                Try("disposed", () => JsonSerializer.Deserialize<Order>(stale.GetRawText()).Id.ToString());
                Try("default element", () => JsonSerializer.Deserialize<Order>(default(JsonElement).GetRawText()).Id.ToString());
            }
        }
        """;

    [Fact]
    public async Task Fix_all_prints_the_same_bytes_before_and_after()
    {
        var analyzer = new ConvertWithoutTextAnalyzer();
        var fixedProgram = await FixRunner.ApplyFixAllAsync(Program, analyzer, new ConvertWithoutTextFixer(), OutputKind.ConsoleApplication, TestReferences.Net10);
        Assert.Contains("JsonSerializer.SerializeToDocument(order, info)", fixedProgram);
        Assert.Contains("JsonSerializer.SerializeToElement((object)order, typeof(Order), s_camel)", fixedProgram);
        Assert.Contains("JsonSerializer.SerializeToNode(order)", fixedProgram);
        Assert.Contains("JsonSerializer.Deserialize(doc.RootElement, info)", fixedProgram);
        Assert.Contains("JsonSerializer.Deserialize<Order>(stale)", fixedProgram);

        var (solution, document) = FixRunner.CreateProject(fixedProgram, OutputKind.ConsoleApplication, TestReferences.Net10);
        Assert.Empty((await FixRunner.GetDiagnosticsAsync(solution.GetDocument(document)!.Project, analyzer)).Where(d => d.Id == Rules.ConvertWithoutTextId));

        var (before, after) = ProgramRunner.RunBeforeAndAfter(Program, fixedProgram);
        var output = Encoding.UTF8.GetString(before);
        Assert.StartsWith("marker", output);
        Assert.Contains("Ünal 東京", output);                          // the relaxed encoder's output, unescaped
        Assert.Contains("\\u00DCnal \\u6771\\u4EAC", output);          // the default encoder's, escaped
        Assert.Contains("lenient: System.Text.Json.JsonException", output);
        Assert.Contains("duplicates: 2", output);
        Assert.Contains("duplicates strict: System.Text.Json.JsonException", output);
        Assert.Contains("disposed: System.ObjectDisposedException", output);
        Assert.Equal(output, Encoding.UTF8.GetString(after));
        Assert.Equal(before, after);
    }
}
