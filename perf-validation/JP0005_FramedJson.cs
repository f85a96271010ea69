using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using System.Text.Json;
using BenchmarkDotNet.Attributes;

namespace JsonPerf.PerfValidation;

/// <summary>
/// JP0005 on JSON framed by other text (a server-sent event, a2a-dotnet's <c>A2AEventStreamResult</c>): one event
/// written to a reused stream as <c>Encoding.UTF8.GetBytes($"data: {json}\n\n")</c> with <c>json = Serialize(x)</c>
/// (flagged), against the frame's text written as UTF-8 bytes around <c>SerializeToUtf8Bytes(x)</c>, and around
/// <c>Serialize(writer, x)</c> with a reused <see cref="Utf8JsonWriter"/> over the stream. All three write the same bytes
/// (checked first). One <see cref="Item"/> (about 115 bytes of JSON) and a list of 100.
/// </summary>
[MemoryDiagnoser]
public abstract class JP0005_FramedJson<T>
{
    private static readonly byte[] s_prefix = "data: "u8.ToArray();
    private static readonly byte[] s_suffix = "\n\n"u8.ToArray();
    private readonly MemoryStream _stream = new(1 << 20);
    private Utf8JsonWriter _writer = default!;
    private T _value = default!;

    protected abstract T Create();

    [GlobalSetup]
    public void Setup()
    {
        _value = Create();
        _writer = new Utf8JsonWriter(_stream);
        var written = new[] { Event(Interpolated), Event(Utf8Bytes), Event(Writer) };
        if (!written[0].AsSpan().SequenceEqual(written[1]) || !written[0].AsSpan().SequenceEqual(written[2]))
        {
            throw new InvalidOperationException("The events differ.");
        }
    }

    [Benchmark(Baseline = true)]
    public long Interpolated()
    {
        _stream.Position = 0;
        var json = JsonSerializer.Serialize(_value);
        _stream.Write(Encoding.UTF8.GetBytes($"data: {json}\n\n"));
        return _stream.Position;
    }

    [Benchmark]
    public long Utf8Bytes()
    {
        _stream.Position = 0;
        var json = JsonSerializer.SerializeToUtf8Bytes(_value);
        _stream.Write(s_prefix);
        _stream.Write(json);
        _stream.Write(s_suffix);
        return _stream.Position;
    }

    [Benchmark]
    public long Writer()
    {
        _stream.Position = 0;
        _stream.Write(s_prefix);
        _writer.Reset(_stream);
        JsonSerializer.Serialize(_writer, _value);
        _writer.Flush();
        _stream.Write(s_suffix);
        return _stream.Position;
    }

    private byte[] Event(Func<long> write)
    {
        var length = write();
        return _stream.ToArray().AsSpan(0, (int)length).ToArray();
    }
}

/// <summary>One <see cref="Item"/>: about 115 bytes of JSON.</summary>
public class JP0005_FramedSmallObject : JP0005_FramedJson<Item>
{
    protected override Item Create() => Item.Create(1);
}

/// <summary>100 <see cref="Item"/>s: about 12 KB of JSON.</summary>
public class JP0005_FramedHundredItems : JP0005_FramedJson<List<Item>>
{
    protected override List<Item> Create() => Item.CreateList(100);
}
