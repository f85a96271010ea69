using System;
using System.Collections.Generic;
using System.Linq;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using BenchmarkDotNet.Attributes;

namespace JsonPerf.PerfValidation;

/// <summary>
/// JP0011's one-property shape (a2a-dotnet's blended agent card, A24): a whole card serialized to a <c>JsonNode</c>
/// only to take its <c>supportedInterfaces</c> (and clone them into another tree), against that property's value
/// serialized alone. Source-generated metadata throughout; both give the same JSON.
/// </summary>
[MemoryDiagnoser]
public class JP0011_OneProperty
{
    private BenchCard _card = null!;

    [GlobalSetup]
    public void Setup()
    {
        _card = BenchCard.Create();
        if (WholeCardForOneProperty()!.ToJsonString() != OnlyThatProperty()!.ToJsonString())
        {
            throw new InvalidOperationException("The paths give different JSON.");
        }
    }

    [Benchmark(Baseline = true)]
    public JsonNode? WholeCardForOneProperty()
    {
        var whole = JsonSerializer.SerializeToNode(_card, OnePropertyContext.Default.BenchCard)!.AsObject();
        return whole.TryGetPropertyValue("supportedInterfaces", out var interfaces) ? interfaces?.DeepClone() : null;
    }

    [Benchmark]
    public JsonNode? OnlyThatProperty() => JsonSerializer.SerializeToNode(_card.SupportedInterfaces, OnePropertyContext.Default.ListBenchInterface);
}

public sealed class BenchCard
{
    [JsonPropertyName("name")] public string Name { get; set; } = "";
    [JsonPropertyName("description")] public string Description { get; set; } = "";
    [JsonPropertyName("version")] public string Version { get; set; } = "";
    [JsonPropertyName("url")] public string Url { get; set; } = "";
    [JsonPropertyName("supportedInterfaces")] public List<BenchInterface> SupportedInterfaces { get; set; } = new();
    [JsonPropertyName("defaultInputModes")] public List<string> DefaultInputModes { get; set; } = new();
    [JsonPropertyName("defaultOutputModes")] public List<string> DefaultOutputModes { get; set; } = new();
    [JsonPropertyName("skills")] public List<BenchSkill> Skills { get; set; } = new();

    public static BenchCard Create() => new()
    {
        Name = "Travel agent",
        Description = "Plans trips: flights, hotels and the way between them.",
        Version = "1.0.0",
        Url = "https://agents.example.com/travel",
        SupportedInterfaces = new() { new() { Url = "https://agents.example.com/travel", Transport = "JSONRPC" }, new() { Url = "https://agents.example.com/travel/grpc", Transport = "GRPC" } },
        DefaultInputModes = new() { "text/plain", "application/json" },
        DefaultOutputModes = new() { "text/plain", "application/json" },
        Skills = Enumerable.Range(1, 8).Select(i => new BenchSkill { Id = "skill-" + i, Name = "Skill " + i, Description = "Does step " + i + " of a trip.", Tags = new() { "travel", "step" + i } }).ToList(),
    };
}

public sealed class BenchInterface
{
    [JsonPropertyName("url")] public string Url { get; set; } = "";
    [JsonPropertyName("transport")] public string Transport { get; set; } = "";
}

public sealed class BenchSkill
{
    [JsonPropertyName("id")] public string Id { get; set; } = "";
    [JsonPropertyName("name")] public string Name { get; set; } = "";
    [JsonPropertyName("description")] public string Description { get; set; } = "";
    [JsonPropertyName("tags")] public List<string> Tags { get; set; } = new();
}

[JsonSerializable(typeof(BenchCard))]
[JsonSerializable(typeof(List<BenchInterface>))]
internal sealed partial class OnePropertyContext : JsonSerializerContext;
