using System;
using System.Buffers;
using System.Collections.Generic;
using System.Text.Json;
using BenchmarkDotNet.Attributes;

namespace JsonPerf.PerfValidation;

/// <summary>
/// JP0006 on a DOM built only to be written, property by property (a2a-dotnet's <c>BaseKindDiscriminatorConverter.Write</c>):
/// <c>SerializeToElement(x, o)</c>, then <c>WriteStartObject()</c>, each property of <c>EnumerateObject()</c> written with
/// <c>WriteTo(writer)</c>, <c>WriteEndObject()</c> (flagged), against <c>JsonSerializer.Serialize(writer, x, o)</c>; a reused
/// writer and buffer, web options. Both write the same bytes (checked first). One <see cref="Item"/> (about 115 bytes of
/// JSON) and a <see cref="Page"/> of 100 items.
/// </summary>
[MemoryDiagnoser]
public abstract class JP0006_PropertyCopy<T>
{
    private static readonly JsonSerializerOptions s_web = new(JsonSerializerDefaults.Web);
    private readonly ArrayBufferWriter<byte> _buffer = new();
    private Utf8JsonWriter _writer = default!;
    private T _value = default!;

    protected abstract T Create();

    [GlobalSetup]
    public void Setup()
    {
        _value = Create();
        _writer = new Utf8JsonWriter(_buffer);
        PropertyByProperty();
        var copied = _buffer.WrittenSpan.ToArray();
        Serialize();
        if (copied.Length == 0 || !copied.AsSpan().SequenceEqual(_buffer.WrittenSpan))
        {
            throw new InvalidOperationException("The writes differ.");
        }
    }

    [Benchmark(Baseline = true)]
    public int PropertyByProperty()
    {
        var writer = Writer();
        var element = JsonSerializer.SerializeToElement(_value, s_web);
        writer.WriteStartObject();
        foreach (var property in element.EnumerateObject())
        {
            property.WriteTo(writer);
        }

        writer.WriteEndObject();
        writer.Flush();
        return _buffer.WrittenCount;
    }

    [Benchmark]
    public int Serialize()
    {
        var writer = Writer();
        JsonSerializer.Serialize(writer, _value, s_web);
        writer.Flush();
        return _buffer.WrittenCount;
    }

    private Utf8JsonWriter Writer()
    {
        _buffer.ResetWrittenCount();
        _writer.Reset();
        return _writer;
    }
}

/// <summary>A page of items: an object of about 12 KB of JSON.</summary>
public sealed class Page
{
    public int Number { get; set; }
    public List<Item> Items { get; set; } = new();
}

/// <summary>One <see cref="Item"/>: about 115 bytes of JSON.</summary>
public class JP0006_PropertyCopySmallObject : JP0006_PropertyCopy<Item>
{
    protected override Item Create() => Item.Create(1);
}

/// <summary>A <see cref="Page"/> of 100 <see cref="Item"/>s: about 12 KB of JSON.</summary>
public class JP0006_PropertyCopyPage : JP0006_PropertyCopy<Page>
{
    protected override Page Create() => new() { Number = 1, Items = Item.CreateList(100) };
}
