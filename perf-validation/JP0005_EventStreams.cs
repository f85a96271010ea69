using System.Collections.Generic;
using System.Threading.Tasks;
using System.IO;
using System.Linq;
using System.Net.ServerSentEvents;
using System.Text;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace JsonPerf.PerfValidation;

/// <summary>
/// JP0005 on streams of JSON values, 100 values of one <see cref="Item"/> each (about 115 bytes of JSON), read as a
/// streaming client reads them. Server-sent events: the flagged code (<c>SseParser.Create(stream)</c>, each event's
/// data a string, then <c>Deserialize&lt;Item&gt;(item.Data)</c>) against the item parser, which gets each event's UTF-8
/// bytes (<c>SseParser.Create(stream, (type, data) =&gt; Deserialize&lt;Item&gt;(data))</c>). JSON lines: each line read
/// with <c>StreamReader.ReadLineAsync</c> and deserialized, against <c>DeserializeAsyncEnumerable&lt;Item&gt;(stream, topLevelValues: true)</c>.
/// </summary>
[MemoryDiagnoser]
[CategoriesColumn]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
public class JP0005_EventStreams
{
    private byte[] _events = default!;
    private byte[] _lines = default!;

    [GlobalSetup]
    public void Setup()
    {
        var text = new StringBuilder();
        foreach (var item in Enumerable.Range(1, 100).Select(Item.Create))
        {
            text.Append("data: ").Append(JsonSerializer.Serialize(item)).Append("\n\n");
        }

        _events = Encoding.UTF8.GetBytes(text.ToString());
        _lines = Encoding.UTF8.GetBytes(string.Concat(Enumerable.Range(1, 100).Select(i => JsonSerializer.Serialize(Item.Create(i)) + "\n")));
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Server-sent events")]
    public int Events_DataAsString()
    {
        var count = 0;
        foreach (var item in SseParser.Create(new MemoryStream(_events, writable: false)).Enumerate())
        {
            count += JsonSerializer.Deserialize<Item>(item.Data)!.Id;
        }

        return count;
    }

    [Benchmark, BenchmarkCategory("Server-sent events")]
    public int Events_ItemParser()
    {
        var count = 0;
        foreach (var item in SseParser.Create(new MemoryStream(_events, writable: false), static (_, data) => JsonSerializer.Deserialize<Item>(data)!).Enumerate())
        {
            count += item.Data.Id;
        }

        return count;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("JSON lines")]
    public async Task<int> Lines_ReadLineAsync()
    {
        var count = 0;
        using var reader = new StreamReader(new MemoryStream(_lines, writable: false));
        while (await reader.ReadLineAsync() is { } line)
        {
            count += JsonSerializer.Deserialize<Item>(line)!.Id;
        }

        return count;
    }

    [Benchmark, BenchmarkCategory("JSON lines")]
    public async Task<int> Lines_TopLevelValues()
    {
        var count = 0;
        await foreach (var item in JsonSerializer.DeserializeAsyncEnumerable<Item>(new MemoryStream(_lines, writable: false), topLevelValues: true))
        {
            count += item!.Id;
        }

        return count;
    }
}
