using System.Collections.Immutable;
using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0007;

/// <summary>
/// The fix must not change behaviour: each program runs before and after Fix All, against the .NET 10 and the
/// .NET 8 reference assemblies, and must print the same bytes; elements that outlive their document included.
/// </summary>
public partial class FixTests
{
    internal const string Program = """
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Text;
        using System.Text.Json;
        using System.Threading.Tasks;

        public static class Program
        {
            private static readonly List<JsonElement> s_kept = new List<JsonElement>();

            public static async Task Main()
            {
                Console.WriteLine("marker");
                var json = "{\"id\":7,\"name\":\"Ada \\u00fc\",\"tags\":[\"a\",\"b\"],\"nested\":{\"x\":1.5}}";
                Console.WriteLine(Id(json));
                Console.WriteLine(Describe(json));
                var root = Root(json);
                var firstTag = JsonDocument.Parse(json).RootElement.GetProperty("tags")[0];
                GC.Collect();
                Console.WriteLine(firstTag.GetString());
                Console.WriteLine(root.GetProperty("name").GetString() + " " + root.GetRawText());
                Console.WriteLine(Loose("[1,2,/* c */ 3,]").GetArrayLength());
                Console.WriteLine(FromBytes(Encoding.UTF8.GetBytes(json)));
                Console.WriteLine(Serialized(new { A = 1, B = "b" }).GetRawText());
                Keep(json);
                Keep("[true]");
                foreach (var kept in s_kept)
                {
                    Console.WriteLine(kept.GetRawText());
                }

                Console.WriteLine(await FromStream(new MemoryStream(Encoding.UTF8.GetBytes(json))));
                try
                {
                    Console.WriteLine(Id("{\"id\":"));
                }
                catch (JsonException e)
                {
                    Console.WriteLine("invalid: " + e.GetType().Name);
                }

                Func<string, int> count = s => JsonDocument.Parse(s).RootElement.GetArrayLength();
                Console.WriteLine(count("[1,2,3]"));
                for (var i = 0; i < 3; i++)
                {
                    var doc = JsonDocument.Parse("[" + i + "]");
                    Console.WriteLine(doc.RootElement[0].GetInt32());
                }
            }

            private static int Id(string json) => JsonDocument.Parse(json).RootElement.GetProperty("id").GetInt32();

            private static string Describe(string json)
            {
                var doc = JsonDocument.Parse(json);
                var root = doc.RootElement;
                var text = new StringBuilder();
                foreach (var property in root.EnumerateObject())
                {
                    text.Append(property.Name).Append('=').Append(property.Value.ValueKind).Append(';');
                }

                if (root.TryGetProperty("nested", out var nested))
                {
                    text.Append(nested.GetProperty("x").GetDouble());
                }

                Console.WriteLine(root.GetProperty("tags"));
                return text.ToString() + " " + doc.RootElement.GetProperty("tags").Clone().GetArrayLength();
            }

            private static JsonElement Root(string json) => JsonDocument.Parse(json).RootElement;

            private static JsonElement Loose(string json)
                => JsonDocument.Parse(json, new JsonDocumentOptions { AllowTrailingCommas = true, CommentHandling = JsonCommentHandling.Skip }).RootElement.Clone();

            private static string FromBytes(byte[] utf8) => JsonDocument.Parse(utf8).RootElement.GetProperty("name").GetString();

            private static JsonElement Serialized(object value) => JsonSerializer.SerializeToDocument(value).RootElement;

            private static void Keep(string json) => s_kept.Add(JsonDocument.Parse(json).RootElement);

            private static async Task<string> FromStream(Stream stream)
            {
                var doc = await JsonDocument.ParseAsync(stream);
                return doc.RootElement.GetProperty("tags")[1].GetString();
            }
        }
        """;

    [Theory]
    [InlineData(10)]
    [InlineData(8)]
    public async Task Program_prints_the_same_after_fix_all_with_elements_that_outlive_their_document(int net)
    {
        var references = net == 10 ? TestReferences.Net10 : TestReferences.Net8;
        var analyzer = new JsonDocumentNotDisposedAnalyzer();
        var fixedProgram = await FixRunner.ApplyFixAllAsync(Program, analyzer, new JsonDocumentNotDisposedFixer(), OutputKind.ConsoleApplication, references);
        Assert.NotEqual(Program, fixedProgram);
        Assert.Contains("using var doc = await JsonDocument.ParseAsync(stream);", fixedProgram);
        Assert.Contains("using var doc = JsonDocument.Parse(json);", fixedProgram);
        Assert.Contains("JsonSerializer.SerializeToElement(value)", fixedProgram);
        Assert.Equal(net == 10, fixedProgram.Contains("=> JsonElement.Parse(json);"));
        // firstTag is used up in Main's block: the document lives to its end, no copy (no JsonElement.Parse either).
        Assert.Contains("using var document = JsonDocument.Parse(json);\n        var firstTag = document.RootElement.GetProperty(\"tags\")[0];", fixedProgram);

        var (solution, document) = FixRunner.CreateProject(fixedProgram, OutputKind.ConsoleApplication, references);
        var remaining = (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(document)!.Project, analyzer)).Where(d => d.Id == Rules.JsonDocumentNotDisposedId).ToList();
        // Left on .NET 8: the six in-place uses of Parse (no JsonElement.Parse there); .NET 10 rewrites them all.
        Assert.Equal(net == 10 ? 0 : 6, remaining.Count);

        var (before, after) = ProgramRunner.RunBeforeAndAfter(Program, fixedProgram, references);
        Assert.StartsWith("marker", Encoding.UTF8.GetString(before));
        Assert.Equal(Encoding.UTF8.GetString(before), Encoding.UTF8.GetString(after));
        Assert.Equal(before, after);
    }
}
