using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonDocumentNotDisposedAnalyzer,
    JsonPerf.CodeFixes.JsonDocumentNotDisposedFixer>;

namespace JsonPerf.Analyzers.Tests.JP0007;

/// <summary>
/// <c>(await JsonDocument.ParseAsync(s)).RootElement...</c> gets the fix of the sync shape: the awaited
/// document declared with <c>using var</c> before the statement, <c>.Clone()</c> only where an element outlives the block.
/// </summary>
public partial class FixTests
{
    [Fact]
    public Task Declares_the_awaited_document_before_the_statement_without_a_copy_when_its_element_stays_in_the_block()
        => Verify.VerifyFixAsync("""
            using System;
            using System.IO;
            using System.Text.Json;
            using System.Threading.Tasks;

            public class C
            {
                public async Task<string> M(Stream stream)
                {
                    var root = (await {|JP0007:JsonDocument.ParseAsync(stream)|}).RootElement;
                    Console.WriteLine(root.GetProperty("id").GetInt32());
                    return root.GetProperty("name").GetString();
                }
            }
            """, """
            using System;
            using System.IO;
            using System.Text.Json;
            using System.Threading.Tasks;

            public class C
            {
                public async Task<string> M(Stream stream)
                {
                    using var document = await JsonDocument.ParseAsync(stream);
                    var root = document.RootElement;
                    Console.WriteLine(root.GetProperty("id").GetInt32());
                    return root.GetProperty("name").GetString();
                }
            }
            """);

    [Fact]
    public Task Clones_only_the_element_that_leaves_with_ConfigureAwait()
        => Verify.VerifyFixAsync("""
            using System.IO;
            using System.Text.Json;
            using System.Threading.Tasks;

            public class C
            {
                public async Task<JsonElement> M(Stream stream)
                {
                    var document = 1;
                    return (await {|JP0007:JsonDocument.ParseAsync(stream)|}.ConfigureAwait(false)).RootElement.GetProperty("x");
                }
            }
            """, """
            using System.IO;
            using System.Text.Json;
            using System.Threading.Tasks;

            public class C
            {
                public async Task<JsonElement> M(Stream stream)
                {
                    var document = 1;
                    using var document2 = await JsonDocument.ParseAsync(stream).ConfigureAwait(false);
                    return document2.RootElement.GetProperty("x").Clone();
                }
            }
            """);

    [Fact]
    public Task No_fix_where_the_await_is_not_the_first_thing_the_statement_evaluates()
    {
        var source = """
            using System;
            using System.IO;
            using System.Text.Json;
            using System.Threading.Tasks;

            public class C
            {
                public async Task M(Stream stream, string prefix)
                {
                    Console.WriteLine(prefix + (await {|JP0007:JsonDocument.ParseAsync(stream)|}).RootElement.GetRawText());
                }
            }
            """;
        return Verify.VerifyFixAsync(source, source);
    }

    private const string AwaitedProgram = """
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Text;
        using System.Text.Json;
        using System.Threading.Tasks;

        public static class Program
        {
            public static async Task Main()
            {
                Console.WriteLine("marker");
                var json = "{\"id\":7,\"name\":\"Ada \\u00fc\",\"tags\":[\"a\",\"b\"]}";
                var root = (await JsonDocument.ParseAsync(Stream(json))).RootElement;
                GC.Collect();
                Console.WriteLine(root.GetProperty("name").GetString() + " " + root.GetProperty("id").GetInt32());
                var tag = await Tag(json);
                var other = await Tag("{\"tags\":[\"x\",\"y\"]}");
                GC.Collect();
                Console.WriteLine(tag.GetString() + other.GetString() + " " + tag.GetRawText());
                foreach (var kept in await All(json))
                {
                    Console.WriteLine(kept.GetRawText());
                }
            }

            private static Stream Stream(string json) => new MemoryStream(Encoding.UTF8.GetBytes(json));

            private static async Task<JsonElement> Tag(string json)
            {
                return (await JsonDocument.ParseAsync(Stream(json)).ConfigureAwait(false)).RootElement.GetProperty("tags")[1];
            }

            private static async Task<List<JsonElement>> All(string json)
            {
                var list = new List<JsonElement>();
                var element = (await JsonDocument.ParseAsync(Stream(json))).RootElement;
                foreach (var property in element.EnumerateObject())
                {
                    list.Add(property.Value);
                }

                return list;
            }
        }
        """;

    [Theory]
    [InlineData(10)]
    [InlineData(8)]
    public async Task Awaited_documents_print_the_same_after_fix_all(int net)
    {
        var references = net == 10 ? TestReferences.Net10 : TestReferences.Net8;
        var analyzer = new JsonDocumentNotDisposedAnalyzer();
        var fixedProgram = await FixRunner.ApplyFixAllAsync(AwaitedProgram, analyzer, new JsonDocumentNotDisposedFixer(), OutputKind.ConsoleApplication, references);
        Assert.Contains("using var document = await JsonDocument.ParseAsync(Stream(json));\n        var root = document.RootElement;", fixedProgram);
        Assert.Contains("return document.RootElement.GetProperty(\"tags\")[1].Clone();", fixedProgram);
        Assert.Contains("list.Add(property.Value.Clone());", fixedProgram);

        var (solution, document) = FixRunner.CreateProject(fixedProgram, OutputKind.ConsoleApplication, references);
        Assert.Empty((await FixRunner.GetDiagnosticsAsync(solution.GetDocument(document)!.Project, analyzer)).Where(d => d.Id == Rules.JsonDocumentNotDisposedId));

        var before = ProgramRunner.CompileAndRun(AwaitedProgram, references);
        var after = ProgramRunner.CompileAndRun(fixedProgram, references);
        Assert.StartsWith("marker", Encoding.UTF8.GetString(before));
        Assert.Equal(Encoding.UTF8.GetString(before), Encoding.UTF8.GetString(after));
    }
}
