using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.Hosting;

/// <summary>
/// Shapes real code has that a fix once declined without a word: each is now fixed, or its message says why not.
/// </summary>
public class OfferedOrExplainedTests
{
    [Fact]
    public async Task A_StringContent_whose_arguments_carry_a_line_comment_says_why_it_has_no_fix()
    {
        const string source = """
            using System.Net.Http;
            using System.Text;
            using System.Text.Json;

            public class Order { public int Id { get; set; } }

            public static class Client
            {
                public static HttpContent Body(Order order)
                    => new StringContent(
                        JsonSerializer.Serialize(order), // the order as the API wants it
                        Encoding.UTF8,
                        "application/json");
            }
            """;
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var diagnostic = Assert.Single(await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new Utf16DetourAnalyzer()));

        Assert.Empty(diagnostic.Properties);
        Assert.EndsWith(Rules.NoFixForLineComment, diagnostic.GetMessage(), System.StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_StringContent_whose_arguments_carry_block_comments_is_fixed_and_keeps_them()
    {
        const string source = """
            using System.Net.Http;
            using System.Text;
            using System.Text.Json;

            public class Order { public int Id { get; set; } }

            public static class Client
            {
                public static HttpContent Body(Order order)
                    => new StringContent(/* body */ JsonSerializer.Serialize(order), Encoding.UTF8, /* type */ "application/json");
            }
            """;
        var fixedText = await FixRunner.ApplyFixAllAsync(source, new Utf16DetourAnalyzer(), new Utf16DetourFixer(), OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);

        Assert.Contains("JsonSerializer.SerializeToUtf8Bytes(order)", fixedText, System.StringComparison.Ordinal);
        Assert.True(fixedText.Contains("ByteArrayContent(/* body */ JsonSerializer.SerializeToUtf8Bytes(order))", System.StringComparison.Ordinal), fixedText);
        Assert.Contains("MediaTypeHeaderValue(/* type */ \"application/json\")", fixedText, System.StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("private static void Write(Utf8JsonWriter writer, JsonElement element) => JsonSerializer.Serialize(writer, element);")]
    [InlineData("private static void Write(Utf8JsonWriter writer, JsonElement element) { JsonSerializer.Serialize(writer, element); }")]
    public async Task Serialize_of_an_element_to_a_writer_in_an_expression_body_is_written_with_WriteTo(string member)
    {
        var source = $$"""
            using System;
            using System.IO;
            using System.Text;
            using System.Text.Json;

            public static class Program
            {
                public static void Main()
                {
                    for (var i = 0; i < 2; i++)
                    {
                        using var stream = new MemoryStream();
                        using (var writer = new Utf8JsonWriter(stream))
                        {
                            using var document = JsonDocument.Parse("{\"a\":[1,2,\"é\"]}");
                            Write(writer, document.RootElement);
                            Console.WriteLine(stream.Length);
                        }

                        Console.WriteLine(Encoding.UTF8.GetString(stream.ToArray()));
                    }
                }

                {{member}}
            }
            """;
        var fixedText = await FixRunner.ApplyFixAllAsync(source, new ReflectionSerializationAnalyzer(), new ReflectionSerializationFixer(), OutputKind.ConsoleApplication, TestReferences.Net10);

        Assert.Contains("element.WriteTo(writer);", fixedText, System.StringComparison.Ordinal);
        Assert.Contains("writer.Flush();", fixedText, System.StringComparison.Ordinal);
        var (before, after) = ProgramRunner.RunBeforeAndAfter(source, fixedText);
        Assert.Equal(System.Text.Encoding.UTF8.GetString(before), System.Text.Encoding.UTF8.GetString(after));
    }
}
