using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0005;

/// <summary>
/// The other carriers of JSON text: an object converted to another type through a string, BinaryData made of a
/// serialized string or read back through ToString(), and a DOM parsed from text read whole.
/// </summary>
public class CarrierTests
{
    private const string Program = """
        using System;
        using System.IO;
        using System.Text.Json;
        using System.Text.Json.Nodes;

        public class Order { public int Id { get; set; } public string Name { get; set; } }
        public class Summary { public int Id { get; set; } public string Name { get; set; } }

        public static class Program
        {
            private static readonly JsonSerializerOptions Web = new JsonSerializerOptions(JsonSerializerDefaults.Web);

            public static void Main()
            {
                var order = new Order { Id = 7, Name = "Ünal <b>" };
                for (var i = 0; i < 2; i++)
                {
                    var summary = JsonSerializer.Deserialize<Summary>(JsonSerializer.Serialize(order));
                    Console.WriteLine(summary.Id + " " + summary.Name);
                    var typed = (Summary)JsonSerializer.Deserialize(JsonSerializer.Serialize(order, Web), typeof(Summary), Web);
                    Console.WriteLine(typed.Name);
                    var data = BinaryData.FromString(JsonSerializer.Serialize(order));
                    Console.WriteLine(Convert.ToBase64String(data.ToArray()));
                    var again = new BinaryData(JsonSerializer.Serialize(order, Web));
                    Console.WriteLine(Convert.ToBase64String(again.ToArray()));
                }
            }
        }
        """;

    [Fact]
    public async Task Reports_objects_and_binary_data_taken_through_a_string_and_fixes_them_with_the_utf8_bytes()
    {
        var (solution, id) = FixRunner.CreateProject(Program, OutputKind.ConsoleApplication, TestReferences.Net10WithBinaryData);
        var diagnostics = (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new Utf16DetourAnalyzer())).Where(d => d.Id == "JP0005").ToList();
        Assert.True(diagnostics.Count == 4, string.Join("\n", diagnostics));
        Assert.All(diagnostics, d => Assert.True(d.Properties.ContainsKey(DiagnosticProperties.FixKind), d.GetMessage()));

        var fixedProgram = (await (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, new Utf16DetourAnalyzer(), new Utf16DetourFixer())).GetDocument(id)!.GetTextAsync()).ToString();

        Assert.Contains("JsonSerializer.Deserialize<Summary>(JsonSerializer.SerializeToUtf8Bytes(order))", fixedProgram, System.StringComparison.Ordinal);
        Unwrap.AssertContains("JsonSerializer.Deserialize(JsonSerializer.SerializeToUtf8Bytes(order, Web), typeof(Summary), Web)", fixedProgram);
        Assert.Contains("new BinaryData(JsonSerializer.SerializeToUtf8Bytes(order))", fixedProgram, System.StringComparison.Ordinal);
        Assert.Contains("new BinaryData(JsonSerializer.SerializeToUtf8Bytes(order, Web))", fixedProgram, System.StringComparison.Ordinal);
        var (before, after) = ProgramRunner.RunBeforeAndAfter(Program, fixedProgram, TestReferences.Net10WithBinaryData);
        Assert.Equal(Encoding.UTF8.GetString(before), Encoding.UTF8.GetString(after));
    }

    [Theory]
    [InlineData("var s = JsonSerializer.Deserialize<Order>(data.ToString());", "data.ToObjectFromJson")]
    [InlineData("using var d = JsonDocument.Parse(await content.ReadAsStringAsync());", "JsonDocument.ParseAsync")]
    [InlineData("var n = JsonNode.Parse(File.ReadAllText(path));", "JsonNode.Parse(Stream)")]
    [InlineData("var e = JsonElement.Parse(Encoding.UTF8.GetString(bytes));", "JsonElement.Parse(Stream)")]
    public async Task Reports_text_read_whole_into_a_dom_or_from_binary_data_without_a_fix(string statement, string advice)
    {
        var source = $$"""
            using System;
            using System.IO;
            using System.Net.Http;
            using System.Text;
            using System.Text.Json;
            using System.Text.Json.Nodes;
            using System.Threading.Tasks;

            public class Order { public int Id { get; set; } }

            public static class C
            {
                public static async Task Read(BinaryData data, HttpContent content, string path, byte[] bytes)
                {
                    {{statement}}
                    await Task.CompletedTask;
                }
            }
            """;
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10WithBinaryData);
        var all = await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new Utf16DetourAnalyzer());
        var diagnostic = Assert.Single(all.Where(d => d.Id == "JP0005"));
        Assert.Empty(diagnostic.Properties);
        Assert.Contains(advice, diagnostic.GetMessage(), System.StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("var json = JsonSerializer.Serialize(order); Log(json); return JsonSerializer.Deserialize<Order>(json);")]
    [InlineData("var data = BinaryData.FromString(name); return JsonSerializer.Deserialize<Order>(name);")]
    [InlineData("using var d = JsonDocument.Parse(name); return null;")]
    public async Task Leaves_text_that_is_also_used_or_not_from_the_serializer(string body)
    {
        var source = $$"""
            using System;
            using System.Text.Json;

            public class Order { public int Id { get; set; } }

            public static class C
            {
                private static void Log(string text) { }

                public static Order Copy(Order order, string name)
                {
                    {{body}}
                }
            }
            """;
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10WithBinaryData);
        Assert.Empty((await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new Utf16DetourAnalyzer())).Where(d => d.Id == "JP0005"));
    }
}
