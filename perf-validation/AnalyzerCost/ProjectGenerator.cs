using System;
using System.IO;
using System.Text;

namespace JsonPerf.AnalyzerCost;

/// <summary>
/// A synthetic but realistic web-service project: models, services, handlers and plain utility code. About one file
/// in four touches System.Text.Json, mostly well (cached options), sometimes not (options, converters or encoders
/// created per call, case-insensitive reading). Deterministic from the seed.
/// </summary>
public static class ProjectGenerator
{
    public static string Write(string directory, int files, int seed, string packageVersion, bool clean = false, bool few = false)
    {
        Directory.CreateDirectory(directory);
        var random = new Random(seed);
        var counts = new int[19];
        WriteProjectFiles(directory, packageVersion);

        // Kinds first, so services only use models that exist; file 0 is always a model.
        var kinds = new int[files];
        var models = new System.Collections.Generic.List<int>();
        for (var i = 0; i < files; i++)
        {
            kinds[i] = i == 0 ? 0 : random.Next(100);
            if (kinds[i] < 30)
            {
                models.Add(i);
            }
        }

        for (var i = 0; i < files; i++)
        {
            var kind = kinds[i];
            // FEW=1: JSON code in 1 file of 100 (a code base that serializes in a few places, like a component library).
            if (few && kind is >= 30 and < 70 && i % 100 != 0)
            {
                kind = 70;
            }

            var text = kind switch
            {
                < 30 => Model(i, random),
                < 55 => Service(i, random, counts, models),
                < 70 => Handler(i, random, counts),
                _ => Utility(i, random),
            };
            var folder = Path.Combine(directory, kind switch { < 30 => "Models", < 55 => "Services", < 70 => "Handlers", _ => "Utilities" });
            Directory.CreateDirectory(folder);
            File.WriteAllText(Path.Combine(folder, $"File{i:D4}.cs"), clean ? Clean(text) : text);
        }

        return (few ? "few sites (services and handlers in 1 file of 100, plain utilities elsewhere): " : "") + (clean ? "clean (every site below written as its fix: nothing to report): " : "") + $"per-call options inline {counts[0]}, per-call options in a local {counts[1]}, per-call converter {counts[2]}, per-call encoder {counts[3]}, case-insensitive reads {counts[4]}, cached options {counts[5]}, JsonDocument not disposed {counts[6]}, JsonDocument disposed or returned {counts[7]}, conversions through a string {counts[8]}, UTF-16 detours {counts[9]}, UTF-8 direct {counts[10]}, per-call options from a factory method {counts[11]}, per-call options through a wrapper method {counts[12]}, helpers with cached options {counts[13]}, per-call options read in a lambda {counts[14]}, StringContent of a string {counts[15]}, element to node through its text {counts[16]}, file text read through a local {counts[17]}, coalescing factory behind optional options {counts[18]}";
    }

    /// <summary>
    /// The project file (net10.0, the package, <paramref name="properties"/> added) and the .editorconfig that raises
    /// CA1869 to a warning, for every generated shape.
    /// </summary>
    internal static void WriteProjectFiles(string directory, string packageVersion, string properties = "")
    {
        File.WriteAllText(Path.Combine(directory, "Synthetic.csproj"), $$"""
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup>
                <TargetFramework>net10.0</TargetFramework>
                <Nullable>disable</Nullable>
                <ImplicitUsings>enable</ImplicitUsings>
                <NoWarn>$(NoWarn);CS1998;CS0219;CS8321</NoWarn>{{properties}}
              </PropertyGroup>
              <ItemGroup>
                <PackageReference Include="JsonPerf.Analyzers" Version="{{packageVersion}}" PrivateAssets="all" />
              </ItemGroup>
            </Project>
            """);
        File.WriteAllText(Path.Combine(directory, ".editorconfig"), """
            root = true

            [*.cs]
            # NetAnalyzers' rule for the same problem, made a warning so the two can be compared on one build.
            dotnet_diagnostic.CA1869.severity = warning
            dotnet_diagnostic.JPS0001.severity = none  # the package's suppressor would hide CA1869 at JP0001's sites; the report compares them
            """);

    }

    /// <summary>
    /// The same file as it reads once every site is fixed (what a team's code base looks like after adopting the
    /// package): the rules still look at every creation and serializer call, and report nothing. CA1869's sites
    /// become the cached options too.
    /// </summary>
    private static string Clean(string text)
    {
        foreach (var (site, fix) in Fixes)
        {
            text = System.Text.RegularExpressions.Regex.Replace(text, site, fix);
        }

        return text;
    }

    private static readonly (string Site, string Fix)[] Fixes =
    {
        // JP0001 and JP0004 (and CA1869): options, converters and encoders per call -> the cached options.
        (@"new JsonSerializerOptions \{ PropertyNamingPolicy = JsonNamingPolicy.CamelCase \}", "Shared"),
        (@"new JsonSerializerOptions \{ (WriteIndented = true|Converters = \{ new JsonStringEnumConverter\(\) \}|Encoder = JavaScriptEncoder.Create\(UnicodeRanges.All\)) \}", "s_options"),
        (@"var options = new JsonSerializerOptions\(\);\n        options.PropertyNamingPolicy = JsonNamingPolicy.CamelCase;\n        return JsonSerializer.Serialize\(value, options\);", "return JsonSerializer.Serialize(value, s_options);"),
        (@"CreateOptions\(\) => new JsonSerializerOptions \{ Converters = \{ new JsonStringEnumConverter\(\) \} \};", "CreateOptions() => s_options;"),
        (@"var options = new JsonSerializerOptions \{ Converters = \{ new JsonStringEnumConverter\(\) \} \};\n        return items.Select\(x => JsonSerializer.Serialize\(x, options\)\)", "return items.Select(x => JsonSerializer.Serialize(x, s_options))"),
        // JP0003: a naming policy beside case-insensitive matching.
        (@"new\(\) \{ PropertyNameCaseInsensitive = true \}", "new() { PropertyNameCaseInsensitive = true, PropertyNamingPolicy = JsonNamingPolicy.CamelCase }"),
        // JP0005: straight to and from UTF-8.
        (@"System.Text.Encoding.UTF8.GetBytes\(JsonSerializer.Serialize\(value, s_options\)\)", "JsonSerializer.SerializeToUtf8Bytes(value, s_options)"),
        (@"System.Text.Encoding.UTF8.GetString\(body\)", "body"),
        (@"File.WriteAllText\(path, JsonSerializer.Serialize\(value, s_options\)\)", "File.WriteAllBytes(path, JsonSerializer.SerializeToUtf8Bytes(value, s_options))"),
        (@"File.ReadAllText\(path\)", "File.ReadAllBytes(path)"),
        (@"JsonSerializer.Deserialize<([\w.]+)>\(await new StreamReader\(body\).ReadToEndAsync\(\), s_options\)", "await JsonSerializer.DeserializeAsync<$1>(body, s_options)"),
        (@"new StringContent\(JsonSerializer.Serialize\(value, s_options\), System.Text.Encoding.UTF8, ""application/json""\)", "new ByteArrayContent(JsonSerializer.SerializeToUtf8Bytes(value, s_options)) { Headers = { ContentType = new System.Net.Http.Headers.MediaTypeHeaderValue(\"application/json\") { CharSet = \"utf-8\" } } }"),
        (@"JsonNode.Parse\(e.GetRawText\(\)\)", "JsonSerializer.SerializeToNode(e)"),
        (@"o \?\? new JsonSerializerOptions \{ Converters = \{ new JsonStringEnumConverter\(\) \} \};", "o ?? s_options;"),
        // JP0006: no text between representations.
        (@"JsonSerializer.Deserialize<([\w.]+)>\(e.GetRawText\(\), s_options\)", "e.Deserialize<$1>(s_options)"),
        (@"JsonDocument.Parse\(JsonSerializer.Serialize\(value, s_options\)\)", "JsonSerializer.SerializeToDocument(value, s_options)"),
        (@"JsonNode.Parse\(JsonSerializer.Serialize\(value\)\)", "JsonSerializer.SerializeToNode(value)"),
        (@"JsonElement.Parse\(JsonSerializer.Serialize\(value, s_options\)\)", "JsonSerializer.SerializeToElement(value, s_options)"),
        // JP0007: documents disposed.
        (@"JsonDocument.Parse\(json\).RootElement.GetProperty", "JsonElement.Parse(json).GetProperty"),
        (@"        var doc = JsonDocument.Parse\(json\);", "        using var doc = JsonDocument.Parse(json);"),
    };

    internal static string Model(int i, Random random)
    {
        var text = new StringBuilder($"namespace Synthetic.Models;\n\npublic enum Status{i} {{ New, Active, Closed }}\n\npublic sealed class Model{i}\n{{\n");
        var properties = random.Next(4, 14);
        for (var p = 0; p < properties; p++)
        {
            var type = (p % 5) switch { 0 => "int", 1 => "string", 2 => "DateTime", 3 => "decimal?", _ => $"Status{i}" };
            text.Append($"    public {type} Property{p} {{ get; set; }}\n");
        }

        text.Append($"    public List<string> Tags {{ get; set; }} = new();\n    public override string ToString() => $\"Model{i}({{Property0}})\";\n}}\n");
        return text.ToString();
    }

    private static string Service(int i, Random random, int[] counts, System.Collections.Generic.List<int> models)
    {
        var model = $"Synthetic.Models.Model{models[random.Next(models.Count)]}";
        var text = new StringBuilder($$"""
            using System.Text.Encodings.Web;
            using System.Text.Json;
            using System.Text.Json.Nodes;
            using System.Text.Json.Serialization;
            using System.Text.Unicode;

            namespace Synthetic.Services;

            public sealed class Service{{i}}
            {
                private static readonly JsonSerializerOptions s_options = new() { PropertyNamingPolicy = JsonNamingPolicy.CamelCase };
                private readonly Dictionary<string, string> _cache = new();

            """);
        var methods = random.Next(3, 9);
        for (var m = 0; m < methods; m++)
        {
            switch (random.Next(100))
            {
                case < 8:
                    counts[0]++;
                    text.Append($"    public string Write{m}(object value) => JsonSerializer.Serialize(value, new JsonSerializerOptions {{ WriteIndented = true }});\n");
                    break;
                case < 14:
                    counts[1]++;
                    text.Append($"    public string Local{m}(object value)\n    {{\n        var options = new JsonSerializerOptions();\n        options.PropertyNamingPolicy = JsonNamingPolicy.CamelCase;\n        return JsonSerializer.Serialize(value, options);\n    }}\n");
                    break;
                case < 17:
                    counts[2]++;
                    text.Append($"    public string Enum{m}(object value) => JsonSerializer.Serialize(value, new JsonSerializerOptions {{ Converters = {{ new JsonStringEnumConverter() }} }});\n");
                    break;
                case < 19:
                    counts[3]++;
                    text.Append($"    public string Japanese{m}(object value) => JsonSerializer.Serialize(value, new JsonSerializerOptions {{ Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) }});\n");
                    break;
                case < 22:
                    counts[4]++;
                    text.Append($"    private static readonly JsonSerializerOptions s_read{m} = new() {{ PropertyNameCaseInsensitive = true }};\n    public {model} Read{m}(string json) => JsonSerializer.Deserialize<{model}>(json, s_read{m});\n");
                    break;
                case < 50:
                    counts[5]++;
                    text.Append($"    public string Cached{m}({model} value) => JsonSerializer.Serialize(value, s_options);\n    public {model} Parse{m}(string json) => JsonSerializer.Deserialize<{model}>(json, s_options);\n");
                    break;
                case var draw:
                    // JP0006's shapes take a slice of the plain methods; PlainMethod still draws, so every other count
                    // stays what it was for the same seed.
                    var plain = PlainMethod(m, random);
                    if (draw < 53)
                    {
                        counts[8]++;
                        text.Append(((i + m) % 4) switch
                        {
                            0 => $"    public {model} FromElement{m}(JsonElement e) => JsonSerializer.Deserialize<{model}>(e.GetRawText(), s_options);\n",
                            1 => $"    public JsonDocument ToDocument{m}({model} value) => JsonDocument.Parse(JsonSerializer.Serialize(value, s_options));\n",
                            2 => $"    public JsonNode ToNode{m}({model} value) => JsonNode.Parse(JsonSerializer.Serialize(value));\n",
                            _ => $"    public JsonElement ToElement{m}({model} value) => JsonElement.Parse(JsonSerializer.Serialize(value, s_options));\n",
                        });
                    }
                    else
                    {
                        text.Append(plain);
                    }

                    break;
            }
        }

        return text.Append(Utf8Detours(i, model, counts)).Append(Helpers(i, model, counts)).Append(RealCodeShapes(i, model, counts)).Append("}\n").ToString();
    }

    /// <summary>
    /// JP0005's shapes, from a random of their own (seeded by the file) so that adding them left every other count of
    /// the project unchanged: one service in four takes JSON through a UTF-16 string, as many write or read UTF-8 directly.
    /// </summary>
    private static string Utf8Detours(int i, string model, int[] counts)
    {
        var random = new Random(i * 6271 + 29);
        var text = new StringBuilder();
        var shapes = random.Next(0, 3);
        for (var d = 0; d < shapes; d++)
        {
            var draw = random.Next(10);
            counts[draw < 5 ? 9 : 10]++;
            text.Append(draw switch
            {
                0 => $"    public byte[] Bytes{d}({model} value) => System.Text.Encoding.UTF8.GetBytes(JsonSerializer.Serialize(value, s_options));\n",
                1 => $"    public {model} FromBytes{d}(byte[] body) => JsonSerializer.Deserialize<{model}>(System.Text.Encoding.UTF8.GetString(body), s_options);\n",
                2 => $"    public void Save{d}({model} value, string path) => File.WriteAllText(path, JsonSerializer.Serialize(value, s_options));\n",
                3 => $"    public {model} Load{d}(string path) => JsonSerializer.Deserialize<{model}>(File.ReadAllText(path), s_options);\n",
                4 => $"    public async Task<{model}> Read{d}(Stream body) => JsonSerializer.Deserialize<{model}>(await new StreamReader(body).ReadToEndAsync(), s_options);\n",
                5 => $"    public byte[] Utf8Bytes{d}({model} value) => JsonSerializer.SerializeToUtf8Bytes(value, s_options);\n",
                6 => $"    public {model} FromUtf8{d}(byte[] body) => JsonSerializer.Deserialize<{model}>(body, s_options);\n",
                7 => $"    public void SaveBytes{d}({model} value, string path) => File.WriteAllBytes(path, JsonSerializer.SerializeToUtf8Bytes(value, s_options));\n",
                8 => $"    public byte[] Ascii{d}(string text) => System.Text.Encoding.UTF8.GetBytes(text.Trim());\n",
                _ => $"    public async Task<{model}> ReadStream{d}(Stream body) => await JsonSerializer.DeserializeAsync<{model}>(body, s_options);\n",
            });
        }

        return text.ToString();
    }

    /// <summary>
    /// Shapes found on real repositories (issue 28), from a random of their own (seeded by the file) so that adding them
    /// left every other count unchanged, one service in eight each: options built per call for a lambda
    /// (<c>items.Select(x =&gt; JsonSerializer.Serialize(x, options))</c>), a StringContent of a string, an element copied
    /// to a node through its text, file text read through a local, a coalescing factory behind optional options.
    /// </summary>
    private static string RealCodeShapes(int i, string model, int[] counts)
    {
        var random = new Random(i * 7919 + 13);
        var text = new StringBuilder();
        if (random.Next(8) == 0)
        {
            counts[14]++;
            text.Append($"    public List<string> All(IEnumerable<{model}> items)\n    {{\n        var options = new JsonSerializerOptions {{ Converters = {{ new JsonStringEnumConverter() }} }};\n        return items.Select(x => JsonSerializer.Serialize(x, options)).ToList();\n    }}\n");
        }

        if (random.Next(8) == 0)
        {
            counts[15]++;
            text.Append($"    public Task<HttpResponseMessage> Post(HttpClient client, {model} value) => client.PostAsync(\"items\", new StringContent(JsonSerializer.Serialize(value, s_options), System.Text.Encoding.UTF8, \"application/json\"));\n");
        }

        if (random.Next(8) == 0)
        {
            counts[16]++;
            text.Append("    public JsonNode CopyNode(JsonElement e) => JsonNode.Parse(e.GetRawText());\n");
        }

        if (random.Next(8) == 0)
        {
            counts[17]++;
            text.Append($"    public {model} ReadLocal(string path)\n    {{\n        var text = File.ReadAllText(path);\n        return JsonSerializer.Deserialize<{model}>(text, s_options);\n    }}\n");
        }

        if (random.Next(8) == 0)
        {
            counts[18]++;
            text.Append("    private static JsonSerializerOptions OrDefault(JsonSerializerOptions o) => o ?? new JsonSerializerOptions { Converters = { new JsonStringEnumConverter() } };\n");
            text.Append("    public static string Format<T>(T value, JsonSerializerOptions options = null) => JsonSerializer.Serialize(value, OrDefault(options));\n");
        }

        return text.ToString();
    }

    /// <summary>
    /// JP0001 through the project's own helpers, from a random of their own (seeded by the file) so that adding them
    /// left every other count of the project unchanged: one service in five has an options factory and a wrapper; some
    /// build options per call (a factory returning new options, a creation passed to the wrapper), the others use them
    /// with cached options (a factory returning a static field, the wrapper given the static field), which JP0001 must
    /// read and leave alone.
    /// </summary>
    private static string Helpers(int i, string model, int[] counts)
    {
        var random = new Random(i * 104729 + 7);
        if (random.Next(5) != 0)
        {
            return "";
        }

        var perCall = random.Next(2) == 0;
        var text = new StringBuilder(perCall
            ? "    private static JsonSerializerOptions CreateOptions() => new JsonSerializerOptions { Converters = { new JsonStringEnumConverter() } };\n"
            : "    private static JsonSerializerOptions CreateOptions() => s_options;\n");
        text.Append("    private static string ToJson(object value, JsonSerializerOptions options) => Write(value, options);\n");
        text.Append("    private static string Write(object value, JsonSerializerOptions options) => JsonSerializer.Serialize(value, options ?? s_options);\n");
        var calls = random.Next(1, 4);
        for (var c = 0; c < calls; c++)
        {
            if (random.Next(2) == 0)
            {
                counts[perCall ? 11 : 13]++;
                text.Append($"    public {model} FromFactory{c}(string json) => JsonSerializer.Deserialize<{model}>(json, CreateOptions());\n");
            }
            else if (random.Next(2) == 0)
            {
                counts[12]++;
                text.Append($"    public string Wrapped{c}({model} value) => ToJson(value, new JsonSerializerOptions {{ WriteIndented = true }});\n");
            }
            else
            {
                counts[13]++;
                text.Append($"    public string WrappedCached{c}({model} value) => ToJson(value, s_options);\n");
            }
        }

        return text.ToString();
    }

    private static string Handler(int i, Random random, int[] counts)
    {
        var inline = random.Next(100) < 15;
        if (inline)
        {
            counts[0]++;
        }
        else
        {
            counts[5]++;
        }

        var options = inline ? "new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase }" : "Shared";
        return $$"""
            using System.Text.Json;

            namespace Synthetic.Handlers;

            public static class Handler{{i}}
            {
                private static readonly JsonSerializerOptions Shared = new(JsonSerializerDefaults.Web);

                public static Func<object, string> Map() => value => JsonSerializer.Serialize(value, {{options}});

                public static async Task<string> HandleAsync(Stream body, CancellationToken token)
                {
                    var payload = await JsonSerializer.DeserializeAsync<Dictionary<string, object>>(body, Shared, token);
                    var keys = payload?.Keys.OrderBy(k => k).ToList() ?? new List<string>();
                    return string.Join(",", keys.Where(k => k.Length > {{random.Next(1, 5)}}));
                }
            {{Documents(i, counts)}}}

            """;
    }

    /// <summary>
    /// JsonDocument shapes for JP0007, from a random of their own (seeded by the file) so that adding them left every
    /// other count of the project unchanged: two in three handlers read a document, one in three of those leaks it.
    /// </summary>
    private static string Documents(int i, int[] counts)
    {
        var random = new Random(i * 7919 + 13);
        var text = new StringBuilder();
        var shapes = random.Next(0, 3);
        for (var d = 0; d < shapes; d++)
        {
            switch (random.Next(6))
            {
                case 0:
                    counts[6]++;
                    text.Append($"\n    public static int DocumentId{d}(string json) => JsonDocument.Parse(json).RootElement.GetProperty(\"id\").GetInt32();\n");
                    break;
                case 1:
                    counts[6]++;
                    text.Append($"\n    public static string DocumentName{d}(string json)\n    {{\n        var doc = JsonDocument.Parse(json);\n        return doc.RootElement.GetProperty(\"name\").GetString();\n    }}\n");
                    break;
                case 2:
                    counts[7]++;
                    text.Append($"\n    public static string DocumentUsing{d}(string json)\n    {{\n        using var doc = JsonDocument.Parse(json);\n        return doc.RootElement.GetProperty(\"name\").GetString();\n    }}\n");
                    break;
                case 3:
                    counts[7]++;
                    text.Append($"\n    public static int DocumentStatement{d}(string json)\n    {{\n        using (var doc = JsonDocument.Parse(json))\n        {{\n            return doc.RootElement.GetArrayLength();\n        }}\n    }}\n");
                    break;
                case 4:
                    counts[7]++;
                    text.Append($"\n    public static JsonDocument DocumentLoad{d}(string json) => JsonDocument.Parse(json);\n");
                    break;
                default:
                    counts[7]++;
                    text.Append($"\n    public static async Task<bool> DocumentAsync{d}(Stream body)\n    {{\n        using var doc = await JsonDocument.ParseAsync(body);\n        return doc.RootElement.TryGetProperty(\"id\", out _);\n    }}\n");
                    break;
            }
        }

        return text.ToString();
    }

    internal static string Utility(int i, Random random)
    {
        var text = new StringBuilder($"namespace Synthetic.Utilities;\n\npublic static class Utility{i}\n{{\n");
        var methods = random.Next(3, 10);
        for (var m = 0; m < methods; m++)
        {
            text.Append(PlainMethod(m, random).Replace("    public ", "    public static "));
        }

        return text.Append("}\n").ToString();
    }

    private static string PlainMethod(int m, Random random) => (random.Next(4)) switch
    {
        0 => $"    public int Sum{m}(IEnumerable<int> values) => values.Where(v => v % {random.Next(2, 9)} == 0).Sum();\n",
        1 => $"    public string Join{m}(string[] parts)\n    {{\n        var builder = new System.Text.StringBuilder();\n        foreach (var part in parts) {{ builder.Append(part.Trim()).Append('/'); }}\n        return builder.ToString();\n    }}\n",
        2 => $"    public bool Check{m}(string text) => !string.IsNullOrEmpty(text) && text.Length < {random.Next(10, 200)} && char.IsLetter(text[0]);\n",
        _ => $"    public async Task<int> Delay{m}(int ms) {{ await Task.Delay(ms); return ms * {random.Next(1, 5)}; }}\n",
    };
}
