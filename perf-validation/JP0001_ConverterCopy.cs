using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Text.Json.Serialization;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace JsonPerf.PerfValidation;

/// <summary>
/// JP0001: a converter that copies the options it is handed on every value (<c>new JsonSerializerOptions(options)</c>,
/// then removes itself from the copy's converters, to serialize the value again without itself), against exactly what
/// JP0001's fix writes: the copy, with the statements that configure it, made once per source options in the factory of a
/// <c>ConditionalWeakTable</c> field of the converter (<see cref="ItemCopyCachedConverter"/>). Both converters are
/// registered in options built once, and deserialize a list of 100 <see cref="Item"/>s (its Read, once per item) or
/// serialize it (its Write).
/// </summary>
[MemoryDiagnoser]
[CategoriesColumn]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
public class JP0001_ConverterCopy
{
    private static readonly JsonSerializerOptions PerValueOptions = new JsonSerializerOptions { Converters = { new ItemCopyPerValueConverter() } };
    private static readonly JsonSerializerOptions CachedOptions = new JsonSerializerOptions { Converters = { new ItemCopyCachedConverter() } };

    private readonly List<Item> _list = Item.CreateList(100);
    private byte[] _json = default!;

    [GlobalSetup]
    public void Setup()
    {
        _json = JsonSerializer.SerializeToUtf8Bytes(_list);
        var expected = Convert.ToBase64String(_json);
        if (Convert.ToBase64String(JsonSerializer.SerializeToUtf8Bytes(_list, PerValueOptions)) != expected
            || Convert.ToBase64String(JsonSerializer.SerializeToUtf8Bytes(_list, CachedOptions)) != expected
            || Convert.ToBase64String(JsonSerializer.SerializeToUtf8Bytes(JsonSerializer.Deserialize<List<Item>>(_json, PerValueOptions))) != expected
            || Convert.ToBase64String(JsonSerializer.SerializeToUtf8Bytes(JsonSerializer.Deserialize<List<Item>>(_json, CachedOptions))) != expected)
        {
            throw new InvalidOperationException("The two converters read or write differently.");
        }
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Read, list of 100")]
    public List<Item> Read_CopyPerValue() => JsonSerializer.Deserialize<List<Item>>(_json, PerValueOptions)!;

    [Benchmark, BenchmarkCategory("Read, list of 100")]
    public List<Item> Read_CopyPerSourceOptions() => JsonSerializer.Deserialize<List<Item>>(_json, CachedOptions)!;

    [Benchmark(Baseline = true), BenchmarkCategory("Write, list of 100")]
    public byte[] Write_CopyPerValue() => JsonSerializer.SerializeToUtf8Bytes(_list, PerValueOptions);

    [Benchmark, BenchmarkCategory("Write, list of 100")]
    public byte[] Write_CopyPerSourceOptions() => JsonSerializer.SerializeToUtf8Bytes(_list, CachedOptions);
}

/// <summary>The flagged converter: a copy of the options per value.</summary>
public sealed class ItemCopyPerValueConverter : JsonConverter<Item>
{
    public override Item? Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        var copy = new JsonSerializerOptions(options);
        copy.Converters.Remove(this);
        return JsonSerializer.Deserialize<Item>(ref reader, copy);
    }

    public override void Write(Utf8JsonWriter writer, Item value, JsonSerializerOptions options)
    {
        var copy = new JsonSerializerOptions(options);
        copy.Converters.Remove(this);
        JsonSerializer.Serialize(writer, value, copy);
    }
}

/// <summary>The same converter after JP0001's fix (Fix All), as the fix writes it.</summary>
public sealed class ItemCopyCachedConverter : JsonConverter<Item>
{
    private readonly ConditionalWeakTable<JsonSerializerOptions, JsonSerializerOptions> _readOptions = new();
    private readonly ConditionalWeakTable<JsonSerializerOptions, JsonSerializerOptions> _writeOptions = new();

    public override Item? Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        var copy = _readOptions.GetValue(options, _ =>
        {
            var created = new JsonSerializerOptions(options);
            created.Converters.Remove(this);
            return created;
        });
        return JsonSerializer.Deserialize<Item>(ref reader, copy);
    }

    public override void Write(Utf8JsonWriter writer, Item value, JsonSerializerOptions options)
    {
        var copy = _writeOptions.GetValue(options, _ =>
        {
            var created = new JsonSerializerOptions(options);
            created.Converters.Remove(this);
            return created;
        });
        JsonSerializer.Serialize(writer, value, copy);
    }
}
