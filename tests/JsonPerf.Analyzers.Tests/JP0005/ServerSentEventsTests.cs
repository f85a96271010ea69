using System.Threading.Tasks;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0005;

/// <summary><c>Deserialize(item.Data)</c> over <c>SseParser.Create(stream)</c>'s string events: reported, with the item parser to use, without a fix.</summary>
public class ServerSentEventsTests
{
    [Theory]
    [InlineData("await foreach (var item in SseParser.Create(stream).EnumerateAsync(ct).ConfigureAwait(false)) { var e = JsonSerializer.Deserialize<Event>(item.Data, s_web) ?? throw new InvalidOperationException(); yield return e; }")]
    [InlineData("await foreach (var item in SseParser.Create(stream).EnumerateAsync().WithCancellation(ct)) { if (item.EventType == \"ping\") continue; yield return JsonSerializer.Deserialize<Event>(item.Data)!; }")]
    [InlineData("var parser = SseParser.Create(stream); foreach (SseItem<string> item in parser.Enumerate()) { yield return JsonSerializer.Deserialize<Event>(item.Data, s_web)!; }")]
    public async Task Event_data_read_as_text_then_deserialized_is_reported_without_a_fix(string body)
    {
        var diagnostic = Assert.Single(await JP0005Async(body));
        Assert.Empty(diagnostic.Properties);
        Assert.StartsWith("JsonSerializer.Deserialize(item.Data) of SseParser.Create(stream)", diagnostic.GetMessage(), System.StringComparison.Ordinal);
        Assert.Contains("(type, data) =>", diagnostic.GetMessage(), System.StringComparison.Ordinal);
        Assert.True(Rules.SaysWhy(diagnostic.GetMessage()), diagnostic.GetMessage());
    }

    [Theory]
    // The data also read: a sentinel check, a log.
    [InlineData("await foreach (var item in SseParser.Create(stream).EnumerateAsync(ct)) { if (item.Data == \"[DONE]\") yield break; yield return JsonSerializer.Deserialize<Event>(item.Data)!; }")]
    [InlineData("await foreach (var item in SseParser.Create(stream).EnumerateAsync(ct)) { Console.WriteLine(item.Data); yield return JsonSerializer.Deserialize<Event>(item.Data)!; }")]
    [InlineData("await foreach (var item in SseParser.Create(stream).EnumerateAsync(ct)) { Keep(item); yield return JsonSerializer.Deserialize<Event>(item.Data)!; }")]
    // Already the item parser: the events are the objects.
    [InlineData("await foreach (var item in SseParser.Create(stream, (t, d) => JsonSerializer.Deserialize<Event>(d)!).EnumerateAsync(ct)) { yield return item.Data; }")]
    // A parser from elsewhere, or a string of another source.
    [InlineData("await foreach (var item in Parser(stream).EnumerateAsync(ct)) { yield return JsonSerializer.Deserialize<Event>(item.Data)!; }")]
    [InlineData("var item = new SseItem<string>(\"{}\"); yield return JsonSerializer.Deserialize<Event>(item.Data)!; await Task.Yield();")]
    [InlineData("foreach (var item in new[] { new Holder() }) { yield return JsonSerializer.Deserialize<Event>(item.Data)!; } await Task.Yield();")]
    public async Task Data_also_read_or_not_from_the_string_parser_is_not_reported(string body)
        => Assert.Empty(await JP0005Async(body));

    [Theory]
    [InlineData("await foreach (var item in SseParser.Create(stream).EnumerateAsync(ct)) { yield return JsonSerializer.Deserialize<Event>(item.Data")]
    [InlineData("await foreach (var item in SseParser.Create().EnumerateAsync(ct)) { yield return JsonSerializer.Deserialize<Event>(item.Data)!; }")]
    [InlineData("foreach (var in SseParser.Create(stream).Enumerate()) { yield return JsonSerializer.Deserialize<Event>(item.Data)!; } await Task.Yield();")]
    public async Task Broken_code_does_not_throw(string body)
        => Assert.DoesNotContain(await JP0005Async(body, allowErrors: true), d => d.Id == "AD0001");

    private static Task<System.Collections.Generic.List<Diagnostic>> JP0005Async(string body, bool allowErrors = false)
    {
        var source = $$"""
            using System;
            using System.Collections.Generic;
            using System.IO;
            using System.Net.ServerSentEvents;
            using System.Text.Json;
            using System.Threading;
            using System.Threading.Tasks;

            public class Event { public int Id { get; set; } }
            public class Holder { public string Data { get; set; } = "{}"; }

            public static class C
            {
                private static readonly JsonSerializerOptions s_web = new JsonSerializerOptions(JsonSerializerDefaults.Web);

                private static SseParser<string> Parser(Stream stream) => SseParser.Create(stream);

                private static void Keep(SseItem<string> item) { }

                public static async IAsyncEnumerable<Event> Events(Stream stream, [System.Runtime.CompilerServices.EnumeratorCancellation] CancellationToken ct = default)
                {
                    {{body}}
                }
            }
            """;
        return ReportOnly.DiagnosticsAsync(source, allowErrors);
    }
}
