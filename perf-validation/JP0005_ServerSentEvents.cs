using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net.ServerSentEvents;
using System.Text;
using System.Text.Json;
using BenchmarkDotNet.Attributes;

namespace JsonPerf.PerfValidation;

/// <summary>
/// JP0005 on server-sent events: a stream of 100 events, each one <see cref="Item"/> (about 115 bytes of JSON), read
/// as a streaming client reads them. The baseline is the flagged code (<c>SseParser.Create(stream)</c>, each event's
/// data a string, then <c>Deserialize&lt;Item&gt;(item.Data)</c>); the other row is what the rule page advises: the item
/// parser, which gets each event's UTF-8 bytes (<c>SseParser.Create(stream, (type, data) =&gt; Deserialize&lt;Item&gt;(data))</c>).
/// </summary>
[MemoryDiagnoser]
public class JP0005_ServerSentEvents
{
    private byte[] _events = default!;

    [GlobalSetup]
    public void Setup()
    {
        var text = new StringBuilder();
        foreach (var item in Enumerable.Range(1, 100).Select(Item.Create))
        {
            text.Append("data: ").Append(JsonSerializer.Serialize(item)).Append("\n\n");
        }

        _events = Encoding.UTF8.GetBytes(text.ToString());
    }

    [Benchmark(Baseline = true)]
    public int Events_DataAsString()
    {
        var count = 0;
        foreach (var item in SseParser.Create(new MemoryStream(_events, writable: false)).Enumerate())
        {
            count += JsonSerializer.Deserialize<Item>(item.Data)!.Id;
        }

        return count;
    }

    [Benchmark]
    public int Events_ItemParser()
    {
        var count = 0;
        foreach (var item in SseParser.Create(new MemoryStream(_events, writable: false), static (_, data) => JsonSerializer.Deserialize<Item>(data)!).Enumerate())
        {
            count += item.Data.Id;
        }

        return count;
    }
}
