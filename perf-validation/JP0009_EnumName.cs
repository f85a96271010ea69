using System;
using System.Collections.Generic;
using System.Linq;
using System.Text.Json;
using System.Text.Json.Serialization;
using BenchmarkDotNet.Attributes;

namespace JsonPerf.PerfValidation;

/// <summary>
/// JP0009 on an enum value's wire name made through the serializer per call (a2a-dotnet's <c>SerializeEnumValue</c>):
/// <c>JsonSerializer.Serialize(value, options).Trim('"')</c> with static options holding a camelCase
/// <c>JsonStringEnumConverter</c> (flagged), against a static map of the names computed once with the same call. Eight
/// names, each benchmark call gets all eight (divide by 8 for one). Both give the same names (checked first).
/// </summary>
[MemoryDiagnoser]
public class JP0009_EnumName
{
    private static readonly JsonSerializerOptions s_options = new() { Converters = { new JsonStringEnumConverter(JsonNamingPolicy.CamelCase) } };
    private static readonly TaskState[] s_values = Enum.GetValues<TaskState>();
    private static readonly Dictionary<TaskState, string> s_names = s_values.ToDictionary(v => v, v => JsonSerializer.Serialize(v, s_options).Trim('"'));

    [GlobalSetup]
    public void Setup()
    {
        if (s_values.Any(v => !string.Equals(JsonSerializer.Serialize(v, s_options).Trim('"'), s_names[v], StringComparison.Ordinal)))
        {
            throw new InvalidOperationException("The names differ.");
        }
    }

    [Benchmark(Baseline = true)]
    public int SerializeAndTrim()
    {
        var length = 0;
        foreach (var value in s_values)
        {
            length += JsonSerializer.Serialize(value, s_options).Trim('"').Length;
        }

        return length;
    }

    [Benchmark]
    public int MapBuiltOnce()
    {
        var length = 0;
        foreach (var value in s_values)
        {
            length += s_names[value].Length;
        }

        return length;
    }
}

public enum TaskState { Submitted, Working, InputRequired, Completed, Canceled, Failed, Rejected, AuthRequired }
