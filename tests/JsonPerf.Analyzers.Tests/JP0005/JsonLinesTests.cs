using System.Threading.Tasks;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0005;

/// <summary>JSON lines: <c>Deserialize(line)</c> of lines the project's iterator reads with <c>StreamReader.ReadLineAsync</c>: reported, without a fix.</summary>
public class JsonLinesTests
{
    [Theory]
    [InlineData("await foreach (var line in Lines(stream).ConfigureAwait(false)) { yield return JsonSerializer.Deserialize<Event>(line, s_web)!; }")]
    [InlineData("var lines = Lines(stream).ConfigureAwait(false); await foreach (var line in lines) { if (string.IsNullOrWhiteSpace(line)) continue; yield return JsonSerializer.Deserialize<Event>(line)!; }")]
    [InlineData("await foreach (var line in Outer(stream)) { if (line is null) continue; yield return JsonSerializer.Deserialize<Event>(line)!; }")]
    [InlineData("await foreach (var line in Assigned(stream)) { var e = JsonSerializer.Deserialize<Event>(line) ?? throw new InvalidOperationException(); yield return e; }")]
    public async Task Lines_read_as_text_then_deserialized_are_reported_without_a_fix(string body)
    {
        var diagnostic = Assert.Single(await JP0005Async(body));
        Assert.Empty(diagnostic.Properties);
        Assert.StartsWith("JsonSerializer.Deserialize(line) of ", diagnostic.GetMessage(), System.StringComparison.Ordinal);
        Assert.Contains("DeserializeAsyncEnumerable<T>(stream, topLevelValues: true)", diagnostic.GetMessage(), System.StringComparison.Ordinal);
        Assert.True(Rules.SaysWhy(diagnostic.GetMessage()), diagnostic.GetMessage());
    }

    [Theory]
    // The line also kept or logged.
    [InlineData("await foreach (var line in Lines(stream)) { Console.WriteLine(line); yield return JsonSerializer.Deserialize<Event>(line)!; }")]
    [InlineData("await foreach (var line in Lines(stream)) { s_seen.Add(line); yield return JsonSerializer.Deserialize<Event>(line)!; }")]
    // Lines not of a UTF-8 stream reader: another encoding, a path, an iterator that also yields other text.
    [InlineData("await foreach (var line in Latin1(stream)) { yield return JsonSerializer.Deserialize<Event>(line)!; }")]
    [InlineData("await foreach (var line in Mixed(stream)) { yield return JsonSerializer.Deserialize<Event>(line)!; }")]
    [InlineData("await foreach (var line in Strings()) { yield return JsonSerializer.Deserialize<Event>(line)!; }")]
    [InlineData("foreach (var line in File.ReadLines(\"a.jsonl\")) { yield return JsonSerializer.Deserialize<Event>(line)!; } await Task.Yield();")]
    public async Task Lines_also_used_or_not_of_a_utf8_stream_are_not_reported(string body)
        => Assert.Empty(await JP0005Async(body));

    [Theory]
    [InlineData("await foreach (var line in Lines(stream)) { yield return JsonSerializer.Deserialize<Event>(line")]
    [InlineData("await foreach (var line in Lines()) { yield return JsonSerializer.Deserialize<Event>(line)!; }")]
    [InlineData("await foreach (var in Broken(stream)) { yield return JsonSerializer.Deserialize<Event>(line)!; }")]
    public async Task Broken_code_does_not_throw(string body)
        => Assert.DoesNotContain(await JP0005Async(body, allowErrors: true), d => d.Id == "AD0001");

    private static Task<System.Collections.Generic.List<Diagnostic>> JP0005Async(string body, bool allowErrors = false)
    {
        var source = $$"""
            using System;
            using System.Collections.Generic;
            using System.IO;
            using System.Text;
            using System.Text.Json;
            using System.Threading.Tasks;

            public class Event { public int Id { get; set; } }

            public static class C
            {
                private static readonly JsonSerializerOptions s_web = new JsonSerializerOptions(JsonSerializerDefaults.Web);
                private static readonly List<string> s_seen = new();

                private static async IAsyncEnumerable<string> Lines(Stream stream)
                {
                    using StreamReader reader = new(stream);
                    while (true)
                    {
                        var line = await reader.ReadLineAsync().ConfigureAwait(false);
                        if (line is null) break;
                        yield return line;
                    }
                }

                private static async IAsyncEnumerable<string> Outer(Stream stream)
                {
                    await foreach (var l in Lines(stream).ConfigureAwait(false))
                        yield return l;
                }

                private static async IAsyncEnumerable<string> Assigned(Stream stream)
                {
                    using var reader = new StreamReader(stream, Encoding.UTF8);
                    string? line;
                    while ((line = await reader.ReadLineAsync()) != null)
                        yield return line;
                }

                private static async IAsyncEnumerable<string> Latin1(Stream stream)
                {
                    using var reader = new StreamReader(stream, Encoding.Latin1);
                    string? line;
                    while ((line = await reader.ReadLineAsync()) != null)
                        yield return line;
                }

                private static async IAsyncEnumerable<string> Mixed(Stream stream)
                {
                    using var reader = new StreamReader(stream);
                    yield return "{}";
                    string? line;
                    while ((line = await reader.ReadLineAsync()) != null)
                        yield return line;
                }

                private static async IAsyncEnumerable<string> Strings()
                {
                    await Task.Yield();
                    yield return "{}";
                }

                public static async IAsyncEnumerable<Event> Events(Stream stream)
                {
                    {{body}}
                }
            }
            """;
        return ReportOnly.DiagnosticsAsync(source, allowErrors);
    }
}
