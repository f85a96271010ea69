using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0007;

/// <summary>
/// Each program calls every fixed method twice, with documents parsed and disposed in between
/// (their pooled buffers come out again over any stale element), and must print the same bytes before and after Fix
/// All. An element read after its document was disposed throws ObjectDisposedException: the program exits non-zero
/// and never prints "done".
/// </summary>
public partial class FixTests
{
    private const string Churn = """

            private static void Churn()
            {
                GC.Collect();
                for (var i = 1; i <= 4; i++)
                {
                    using var other = JsonDocument.Parse("{\"zz\":\"" + new string('z', 1000 * i) + "\"}");
                    Console.Write(other.RootElement.GetProperty("zz").GetString().Length + " ");
                }

                Console.WriteLine();
            }
        }
        """;

    internal const string NoCloneProgram = """
        using System;
        using System.IO;
        using System.Text;
        using System.Text.Json;

        public static class Program
        {
            public static void Main()
            {
                Console.WriteLine("marker");
                var json = "{\"id\":7,\"name\":\"Ada \\u00fc\",\"tags\":[\"a\",\"b\"],\"nested\":{\"x\":1.5}}";
                for (var round = 0; round < 2; round++)
                {
                    Console.WriteLine(Names(Encoding.UTF8.GetBytes(json)));
                    Console.WriteLine(NamesFromStream(new MemoryStream(Encoding.UTF8.GetBytes(json))));
                    Console.WriteLine(HasX(json) + " " + HasX("{\"x\":null}"));
                    Churn();
                }

                Console.WriteLine("done");
            }

            private static string Names(byte[] bytes)
            {
                var properties = JsonDocument.Parse(bytes).RootElement.EnumerateObject();
                var text = new StringBuilder();
                foreach (var p in properties)
                {
                    text.Append(p.Name).Append('=').Append(p.Value.GetRawText()).Append(';');
                }

                return text.ToString();
            }

            private static string NamesFromStream(Stream stream)
            {
                var properties = JsonDocument.Parse(stream).RootElement.EnumerateObject();
                var count = 0;
                foreach (var p in properties)
                {
                    count += p.Value.ValueKind == JsonValueKind.Array ? p.Value.GetArrayLength() : 1;
                }

                return count.ToString();
            }

            private static bool HasX(string json)
            {
                var doc = JsonDocument.Parse(json);
                return doc.RootElement.TryGetProperty("x", out _);
            }
        """ + Churn;

    internal const string CloneProgram = """
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Text;
        using System.Text.Json;

        public static class Program
        {
            private static JsonElement s_kept;

            public static void Main()
            {
                Console.WriteLine("marker");
                var kept = new List<JsonElement>();
                for (var round = 0; round < 2; round++)
                {
                    var json = "{\"id\":" + round + ",\"name\":\"Ada " + round + "\",\"tags\":[\"a" + round + "\",\"b\"],\"nested\":{\"x\":1.5}}";
                    kept.Add(Tags(new MemoryStream(Encoding.UTF8.GetBytes(json))));
                    Keep(json);
                    kept.Add(s_kept);
                    kept.Add(Find(json));
                    foreach (var item in Items(json))
                    {
                        kept.Add(item);
                    }

                    Churn();
                }

                foreach (var element in kept)
                {
                    Console.WriteLine(element.GetRawText());
                }

                Console.WriteLine("done");
            }

            private static JsonElement Tags(Stream stream)
            {
                var tags = JsonDocument.Parse(stream).RootElement.GetProperty("tags");
                Console.WriteLine(tags.GetArrayLength());
                return tags;
            }

            private static void Keep(string json)
            {
                var doc = JsonDocument.Parse(json);
                s_kept = doc.RootElement.GetProperty("nested");
            }

            private static JsonElement Find(string json)
            {
                var doc = JsonDocument.Parse(json);
                if (doc.RootElement.TryGetProperty("name", out var name))
                {
                    return name;
                }

                return default;
            }

            private static IEnumerable<JsonElement> Items(string json)
            {
                var doc = JsonDocument.Parse(json);
                foreach (var e in doc.RootElement.GetProperty("tags").EnumerateArray())
                {
                    yield return e;
                }
            }
        """ + Churn;

    [Theory]
    [InlineData(10)]
    [InlineData(8)]
    public async Task Elements_used_up_in_the_block_get_a_using_and_no_clone_and_run_the_same_twice(int net)
    {
        var fixedProgram = await FixAndRunTwiceAsync(NoCloneProgram, net);
        Assert.Contains("using var document = JsonDocument.Parse(bytes);\n        var properties = document.RootElement.EnumerateObject();", fixedProgram);
        Assert.Contains("using var document = JsonDocument.Parse(stream);\n        var properties = document.RootElement.EnumerateObject();", fixedProgram);
        Assert.Contains("using var doc = JsonDocument.Parse(json);\n        return doc.RootElement.TryGetProperty(\"x\", out _);", fixedProgram);
        Assert.DoesNotContain("Clone()", fixedProgram);
        Assert.DoesNotContain("JsonElement.Parse", fixedProgram);
    }

    [Theory]
    [InlineData(10)]
    [InlineData(8)]
    public async Task Elements_returned_stored_or_yielded_are_cloned_where_they_leave_and_run_the_same_twice(int net)
    {
        var fixedProgram = await FixAndRunTwiceAsync(CloneProgram, net);
        Assert.Contains("using var document = JsonDocument.Parse(stream);\n        var tags = document.RootElement.GetProperty(\"tags\");", fixedProgram);
        Assert.Contains("return tags.Clone();", fixedProgram);
        Assert.Contains("s_kept = doc.RootElement.GetProperty(\"nested\").Clone();", fixedProgram);
        Assert.Contains("return name.Clone();", fixedProgram);
        Assert.Contains("yield return e.Clone();", fixedProgram);
        Assert.Equal(4, fixedProgram.Split("Clone()").Length - 1);
    }

    /// <summary>Fix All, no JP0007 left, then the program before and after: same output, ending in "done".</summary>
    private static async Task<string> FixAndRunTwiceAsync(string program, int net)
    {
        var references = net == 10 ? TestReferences.Net10 : TestReferences.Net8;
        var analyzer = new JsonDocumentNotDisposedAnalyzer();
        var fixedProgram = await FixRunner.ApplyFixAllAsync(program, analyzer, new JsonDocumentNotDisposedFixer(), OutputKind.ConsoleApplication, references);
        var (solution, document) = FixRunner.CreateProject(fixedProgram, OutputKind.ConsoleApplication, references);
        var remaining = (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(document)!.Project, analyzer)).Where(d => d.Id == Rules.JsonDocumentNotDisposedId);
        Assert.Empty(remaining);

        var (beforeBytes, afterBytes) = ProgramRunner.RunBeforeAndAfter(program, fixedProgram, references);
        var (before, after) = (Encoding.UTF8.GetString(beforeBytes), Encoding.UTF8.GetString(afterBytes));
        Assert.StartsWith("marker", before);
        Assert.EndsWith("done\n", before.Replace("\r\n", "\n"));
        Assert.Equal(before, after);
        return fixedProgram;
    }
}
