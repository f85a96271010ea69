using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;

namespace JsonPerf.AnalyzerCost;

/// <summary>
/// <c>METADATA=1</c>: the held-out shape of issue 40, a trimmed, AOT-compatible library that already passes generated
/// metadata everywhere. The same models and plain utility code as <see cref="ProjectGenerator"/> (about one file in four
/// touches System.Text.Json), but every serializer call takes a <c>JsonTypeInfo</c> of one source-generated context
/// (or options whose resolver is that context), documents are disposed and bytes stay bytes: the rules look at every
/// call and report only the four sites written on purpose (a document never disposed twice, a UTF-16 detour, a
/// conversion through text). What JsonPerf spends here is what it spends judging calls that are already right.
/// </summary>
internal static class MetadataProject
{
    public static string Write(string directory, int files, int seed, string packageVersion)
    {
        Directory.CreateDirectory(directory);
        var random = new Random(seed);
        ProjectGenerator.WriteProjectFiles(directory, packageVersion, "\n    <IsAotCompatible>true</IsAotCompatible>");

        var kinds = new int[files];
        var models = new List<int>();
        for (var i = 0; i < files; i++)
        {
            kinds[i] = i == 0 ? 0 : random.Next(100);
            if (kinds[i] < 30)
            {
                models.Add(i);
            }
        }

        var calls = 0;
        var sites = new List<string>();
        for (var i = 0; i < files; i++)
        {
            var (folder, text) = kinds[i] switch
            {
                < 30 => ("Models", ProjectGenerator.Model(i, random)),
                < 70 => ("Services", Service(i, random, models, sites, ref calls)),
                _ => ("Utilities", ProjectGenerator.Utility(i, random)),
            };
            Directory.CreateDirectory(Path.Combine(directory, folder));
            File.WriteAllText(Path.Combine(directory, folder, $"File{i:D4}.cs"), text);
        }

        // The context nested in a static partial class beside the options built on it by a private factory, as real
        // libraries keep them (modelcontextprotocol/csharp-sdk's McpJsonUtilities): every generated file of the context
        // is a part of the outer class too.
        var context = new StringBuilder("""
            using System.Text.Json;
            using System.Text.Json.Serialization;

            namespace Synthetic.Serialization;

            public static partial class AppJson
            {
                public static JsonSerializerOptions DefaultOptions { get; } = CreateDefaultOptions();

                private static JsonSerializerOptions CreateDefaultOptions()
                {
                    var options = new JsonSerializerOptions(JsonSerializerDefaults.Web) { TypeInfoResolver = Context.Default };
                    options.MakeReadOnly();
                    return options;
                }

                [JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]

            """);
        foreach (var model in models)
        {
            context.Append($"    [JsonSerializable(typeof(Synthetic.Models.Model{model}))]\n");
        }

        context.Append("    internal sealed partial class Context : JsonSerializerContext;\n}\n");
        Directory.CreateDirectory(Path.Combine(directory, "Serialization"));
        File.WriteAllText(Path.Combine(directory, "Serialization", "AppJson.cs"), context.ToString());
        return $"metadata everywhere (IsAotCompatible, one context of {models.Count} models nested in a partial class with a private options factory): {calls} serializer calls on generated metadata, {sites.Count} sites ({string.Join(", ", sites)})";
    }

    private static string Service(int i, Random random, List<int> models, List<string> sites, ref int calls)
    {
        var number = models[random.Next(models.Count)];
        var model = $"Synthetic.Models.Model{number}";
        var info = $"AppJson.Context.Default.Model{number}";
        var text = new StringBuilder($$"""
            using System.Net.Http.Json;
            using System.Text.Json;
            using System.Text.Json.Serialization.Metadata;
            using Synthetic.Serialization;

            namespace Synthetic.Services;

            public sealed class Service{{i}}
            {
                private static readonly JsonSerializerOptions s_options = AppJson.DefaultOptions;

            """);
        // The four sites, one each in the first services: what the held-out library had left.
        var site = sites.Count switch
        {
            0 => ("JP0007", $"    public int Id(string json) => JsonDocument.Parse(json).RootElement.GetProperty(\"id\").GetInt32();\n"),
            1 => ("JP0007", $"    public string Kind(string json)\n    {{\n        var doc = JsonDocument.Parse(json);\n        return doc.RootElement.GetProperty(\"kind\").GetString();\n    }}\n"),
            2 => ("JP0005", $"    public byte[] Body({model} value) => System.Text.Encoding.UTF8.GetBytes(JsonSerializer.Serialize(value, {info}));\n"),
            3 => ("JP0006", $"    public {model} FromElement(JsonElement e) => JsonSerializer.Deserialize(e.GetRawText(), {info});\n"),
            _ => default,
        };
        if (site.Item1 != null)
        {
            sites.Add(site.Item1);
            text.Append(site.Item2);
        }

        var methods = random.Next(3, 9);
        for (var m = 0; m < methods; m++)
        {
            calls++;
            text.Append(random.Next(12) switch
            {
                0 => $"    public string Write{m}({model} value) => JsonSerializer.Serialize(value, {info});\n",
                1 => $"    public {model} Read{m}(string json) => JsonSerializer.Deserialize(json, {info});\n",
                2 => $"    public byte[] Bytes{m}({model} value) => JsonSerializer.SerializeToUtf8Bytes(value, {info});\n",
                3 => $"    public Task Save{m}(Stream stream, {model} value, CancellationToken ct) => JsonSerializer.SerializeAsync(stream, value, {info}, ct);\n",
                4 => $"    public ValueTask<{model}> Load{m}(Stream stream, CancellationToken ct) => JsonSerializer.DeserializeAsync(stream, {info}, ct);\n",
                5 => $"    public Task<{model}> Get{m}(HttpClient client, string url) => client.GetFromJsonAsync(url, {info});\n",
                6 => $"    public HttpContent Content{m}({model} value) => JsonContent.Create(value, {info});\n",
                7 => $"    public {model} FromElement{m}(JsonElement e) => e.Deserialize({info});\n",
                8 => $"    public JsonElement ToElement{m}({model} value) => JsonSerializer.SerializeToElement(value, {info});\n",
                9 => $"    public int Count{m}(string json)\n    {{\n        using var doc = JsonDocument.Parse(json);\n        return doc.RootElement.GetArrayLength();\n    }}\n",
                10 => $"    public string Resolved{m}({model} value) => JsonSerializer.Serialize(value, (JsonTypeInfo<{model}>)s_options.GetTypeInfo(typeof({model})));\n",
                _ => $"    public async Task<{model}> Post{m}(HttpClient client, string url, {model} value)\n    {{\n        using var response = await client.PostAsJsonAsync(url, value, {info});\n        return await response.Content.ReadFromJsonAsync({info});\n    }}\n",
            });
        }

        return text.Append("}\n").ToString();
    }
}
