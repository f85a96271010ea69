using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace JsonPerf.PerfValidation;

/// <summary>
/// JP0005: JSON taken through a UTF-16 string on its way to or from UTF-8. In each category the baseline is the
/// flagged code and the other row is the UTF-8 call (what the fix writes, or what the doc suggests where there is no
/// fix). Run on a small object (<see cref="JP0005_SmallObject"/>) and on about 1 MB of JSON
/// (<see cref="JP0005_OneMegabyte"/>, 9,000 items), default options, all metadata warm. The file rows write to and
/// read from a file in the temporary folder (page cache, no fsync). The carrier rows: an object converted through JSON
/// held in a local (<c>var json = Serialize(x); Deserialize&lt;T&gt;(json)</c>, fixed to <c>SerializeToUtf8Bytes</c>) and
/// BinaryData made of a serialized string (<c>BinaryData.FromString(Serialize(x))</c>, fixed to
/// <c>new BinaryData(SerializeToUtf8Bytes(x))</c>).
/// </summary>
[MemoryDiagnoser]
[CategoriesColumn]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
public abstract class JP0005_Utf16Detour<T>
{
    private T _value = default!;
    private byte[] _utf8 = default!;
    private MemoryStream _stream = default!;
    private string _path = default!;
    private string _readPath = default!;

    protected abstract T Create();

    [GlobalSetup]
    public void Setup()
    {
        _value = Create();
        _utf8 = JsonSerializer.SerializeToUtf8Bytes(_value);
        _stream = new MemoryStream(_utf8, writable: false);
        _path = Path.Combine(Path.GetTempPath(), "jp0005-" + Guid.NewGuid().ToString("N") + ".json");
        _readPath = _path + ".read";
        File.WriteAllBytes(_readPath, _utf8);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        File.Delete(_path);
        File.Delete(_readPath);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("T to UTF-8 bytes")]
    public byte[] ToBytes_ViaString() => Encoding.UTF8.GetBytes(JsonSerializer.Serialize(_value));

    [Benchmark, BenchmarkCategory("T to UTF-8 bytes")]
    public byte[] ToBytes_Direct() => JsonSerializer.SerializeToUtf8Bytes(_value);

    [Benchmark(Baseline = true), BenchmarkCategory("UTF-8 bytes to T")]
    public T FromBytes_ViaString() => JsonSerializer.Deserialize<T>(Encoding.UTF8.GetString(_utf8))!;

    [Benchmark, BenchmarkCategory("UTF-8 bytes to T")]
    public T FromBytes_Direct() => JsonSerializer.Deserialize<T>(_utf8)!;

    [Benchmark(Baseline = true), BenchmarkCategory("T to file")]
    public void ToFile_WriteAllText() => File.WriteAllText(_path, JsonSerializer.Serialize(_value));

    [Benchmark, BenchmarkCategory("T to file")]
    public void ToFile_WriteAllBytes() => File.WriteAllBytes(_path, JsonSerializer.SerializeToUtf8Bytes(_value));

    [Benchmark(Baseline = true), BenchmarkCategory("File to T")]
    public T FromFile_ReadAllText() => JsonSerializer.Deserialize<T>(File.ReadAllText(_readPath))!;

    [Benchmark, BenchmarkCategory("File to T")]
    public T FromFile_Stream()
    {
        using var stream = File.OpenRead(_readPath);
        return JsonSerializer.Deserialize<T>(stream)!;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Stream to T")]
    public T FromStream_ReadToEnd()
    {
        _stream.Position = 0;
        return JsonSerializer.Deserialize<T>(new StreamReader(_stream).ReadToEnd())!;
    }

    [Benchmark, BenchmarkCategory("Stream to T")]
    public T FromStream_Direct()
    {
        _stream.Position = 0;
        return JsonSerializer.Deserialize<T>(_stream)!;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("T to T through a local")]
    public T Carrier_Local_String()
    {
        var json = JsonSerializer.Serialize(_value);
        return JsonSerializer.Deserialize<T>(json)!;
    }

    [Benchmark, BenchmarkCategory("T to T through a local")]
    public T Carrier_Local_Utf8Bytes()
    {
        var json = JsonSerializer.SerializeToUtf8Bytes(_value);
        return JsonSerializer.Deserialize<T>(json)!;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("T to BinaryData")]
    public BinaryData Carrier_BinaryData_FromString() => BinaryData.FromString(JsonSerializer.Serialize(_value));

    [Benchmark, BenchmarkCategory("T to BinaryData")]
    public BinaryData Carrier_BinaryData_Utf8Bytes() => new BinaryData(JsonSerializer.SerializeToUtf8Bytes(_value));
}

/// <summary>One <see cref="Item"/>: about 115 bytes of JSON.</summary>
public class JP0005_SmallObject : JP0005_Utf16Detour<Item>
{
    protected override Item Create() => Item.Create(1);
}

/// <summary>9,000 <see cref="Item"/>s: about 1 MB of JSON.</summary>
public class JP0005_OneMegabyte : JP0005_Utf16Detour<List<Item>>
{
    protected override List<Item> Create() => Item.CreateList(9_000);
}
