using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0005;

/// <summary>
/// JSON framed by other text, then encoded: <c>Encoding.UTF8.GetBytes($"data: {json}\n\n")</c> per streamed event
/// (a2a-dotnet's <c>A2AEventStreamResult</c>), the JSON serialized inline or held in a local read nowhere else.
/// Reported without a fix where it runs per call; left alone where the text is needed or the code runs once.
/// </summary>
public class FramedJsonTests
{
    [Theory]
    [InlineData("var json = JsonSerializer.Serialize(item, s_web); await body.WriteAsync(Encoding.UTF8.GetBytes($\"data: {json}\\n\\n\"), ct);", "$\"...{json}...\") with json = JsonSerializer.Serialize(...)")]
    [InlineData("await body.WriteAsync(Encoding.UTF8.GetBytes($\"data: {JsonSerializer.Serialize(item)}\\n\\n\"), ct);", "$\"...{JsonSerializer.Serialize(...)}...\")")]
    [InlineData("var json = JsonSerializer.Serialize(item); var bytes = Encoding.UTF8.GetBytes(\"data: \" + json + \"\\n\\n\"); await body.WriteAsync(bytes, 0, bytes.Length, ct);", "\"...\" + json + \"...\") with json = JsonSerializer.Serialize(...)")]
    [InlineData("await body.WriteAsync(Encoding.UTF8.GetBytes(\"event: order\\ndata: \" + JsonSerializer.Serialize(item, s_web) + \"\\n\\n\"), ct);", "\"...\" + JsonSerializer.Serialize(...) + \"...\")")]
    [InlineData("var json = JsonSerializer.Serialize(item); await body.WriteAsync(Encoding.UTF8.GetBytes($\"id: {item.Id}\\ndata: {json}\\n\\n\"), ct);", "$\"...{json}...\") with json = JsonSerializer.Serialize(...)")]
    public async Task JSON_framed_by_text_and_encoded_per_item_is_reported_without_a_fix(string statement, string what)
    {
        var diagnostic = Assert.Single(await JP0005Async(InLoop(statement)));
        Assert.Empty(diagnostic.Properties);
        var message = diagnostic.GetMessage();
        Assert.Equal("Encoding.UTF8.GetBytes(" + what + " makes a UTF-16 copy of the JSON; write the text and SerializeToUtf8Bytes(...) apart" + Rules.NoFixFramedJson, message);
        Assert.True(Rules.SaysWhy(message), message);
    }

    [Theory]
    // The text is needed anyway: the local is logged, kept or changed.
    [InlineData("var json = JsonSerializer.Serialize(item); Console.WriteLine(json); await body.WriteAsync(Encoding.UTF8.GetBytes($\"data: {json}\\n\\n\"), ct);")]
    [InlineData("var json = JsonSerializer.Serialize(item); _last = json; await body.WriteAsync(Encoding.UTF8.GetBytes($\"data: {json}\\n\\n\"), ct);")]
    [InlineData("var json = JsonSerializer.Serialize(item); json = json.Trim(); await body.WriteAsync(Encoding.UTF8.GetBytes($\"data: {json}\\n\\n\"), ct);")]
    [InlineData("var json = JsonSerializer.Serialize(item); await body.WriteAsync(Encoding.UTF8.GetBytes($\"data: {json}, {json.Length}\\n\\n\"), ct);")]
    // Not JSON from the serializer, not UTF-8, or formatted.
    [InlineData("await body.WriteAsync(Encoding.UTF8.GetBytes($\"data: {item}\\n\\n\"), ct);")]
    [InlineData("var json = item.ToString(); await body.WriteAsync(Encoding.UTF8.GetBytes(\"data: \" + json), ct);")]
    [InlineData("await body.WriteAsync(Encoding.Unicode.GetBytes($\"data: {JsonSerializer.Serialize(item)}\\n\\n\"), ct);")]
    [InlineData("await body.WriteAsync(Encoding.UTF8.GetBytes($\"data: {JsonSerializer.Serialize(item),40}\\n\\n\"), ct);")]
    [InlineData("var text = $\"data: {JsonSerializer.Serialize(item)}\\n\\n\"; Console.WriteLine(text); await body.WriteAsync(Encoding.UTF8.GetBytes(text), ct);")]
    [InlineData("await body.WriteAsync(Encoding.UTF8.GetBytes(\"data: \" + JsonSerializer.SerializeToNode(item)), ct);")]
    // An error event, written once after a failure.
    [InlineData("try { await body.FlushAsync(ct); } catch (IOException e) { var json = JsonSerializer.Serialize(new { error = e.Message }); await body.WriteAsync(Encoding.UTF8.GetBytes($\"data: {json}\\n\\n\"), ct); }")]
    public async Task Text_also_needed_or_not_serialized_UTF8_is_not_reported(string statement)
        => Assert.Empty(await JP0005Async(InLoop(statement)));

    [Fact]
    public async Task Code_that_runs_once_is_not_reported()
    {
        var source = Usings + """
            public class Item { public int Id { get; set; } }

            public static class Events
            {
                private static readonly byte[] s_first;
                private static readonly byte[] s_second = Frame(new Item());

                static Events()
                {
                    var json = JsonSerializer.Serialize(new Item { Id = 1 });
                    s_first = Encoding.UTF8.GetBytes($"data: {json}\n\n");
                }

                private static byte[] Frame(Item item) => Encoding.UTF8.GetBytes("data: " + JsonSerializer.Serialize(item) + "\n\n");
            }
            """;
        Assert.Empty(await JP0005Async(source));
    }

    [Theory]
    [InlineData("var json = JsonSerializer.Serialize(item); await body.WriteAsync(Encoding.UTF8.GetBytes($\"data: {json\"), ct);")]
    [InlineData("var json = JsonSerializer.Serialize(item); await body.WriteAsync(Encoding.UTF8.GetBytes(\"data: \" + ), ct);")]
    [InlineData("await body.WriteAsync(Encoding.UTF8.GetBytes($\"data: {missing}\\n\\n\"), ct);")]
    [InlineData("await body.WriteAsync(Encoding.UTF8.GetBytes($\"data: {JsonSerializer.Serialize(}\\n\\n\"), ct);")]
    [InlineData("var json = JsonSerializer.Serialize(item); await body.WriteAsync(Encoding.UTF8.GetBytes($\"data: {json}\\n\\n\", 1), ct);")]
    public async Task Incomplete_code_never_throws(string statement)
    {
        var (solution, id) = FixRunner.CreateProject(InLoop(statement), OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var diagnostics = await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new Utf16DetourAnalyzer());
        Assert.DoesNotContain(diagnostics, d => d.Id == "AD0001");
    }

    private const string Usings = """
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Text;
        using System.Text.Json;
        using System.Threading;
        using System.Threading.Tasks;

        """;

    private static string InLoop(string statement) => Usings + $$"""
        public class Item { public int Id { get; set; } }

        public class EventStream
        {
            private static readonly JsonSerializerOptions s_web = new JsonSerializerOptions(JsonSerializerDefaults.Web);
            private string _last;

            public async Task WriteAsync(IAsyncEnumerable<Item> items, Stream body, CancellationToken ct)
            {
                await foreach (var item in items)
                {
                    {{statement}}
                }
            }
        }
        """;

    private static async Task<System.Collections.Generic.List<Diagnostic>> JP0005Async(string source)
    {
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        return (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new Utf16DetourAnalyzer())).Where(d => d.Id == "JP0005").ToList();
    }
}
