using System.Linq;
using System.Text;
using System.Text.RegularExpressions;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0009;

/// <summary>Every fixable shape in one program, each read twice, run before and after Fix All: the same JSON out.</summary>
public partial class FixTests
{
    /// <summary>Tool schemas as AI SDKs write them: getters and methods that build the same JSON on every read.</summary>
    public const string Program = """
        using System;
        using System.Collections.Generic;
        using System.Text.Json;

        public sealed class Parameter
        {
            public string Type { get; set; } = "object";
            public List<string> Required { get; set; }
            public int Max { get; set; }
        }

        public class WeatherTool
        {
            private const string Unit = "celsius";
            private static readonly string s_version = "2";
            private static readonly JsonSerializerOptions s_camel = new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase, WriteIndented = true };

            public JsonElement Schema => JsonSerializer.SerializeToElement(new
            {
                type = "object",
                properties = new
                {
                    city = new { type = "string", description = "Städte, 東京 <b> & \"q\" 😀" },
                    unit = new { type = "string", @enum = new[] { Unit, "fahrenheit" } },
                },
                required = new[] { "city" },
                version = s_version,
                max = 1.5e300,
                small = -0.000001m,
                big = long.MaxValue,
                flag = true,
                nothing = (string)null,
                kind = JsonValueKind.Array,
                name = nameof(WeatherTool),
            });

            public JsonElement Parsed => JsonElement.Parse("{\"a\" : [1, 2.50, -3e2, true, null, \"\\u00e9\\ud83d\\ude00\"], \"a\": \"dup\"}");

            public JsonElement Cloned() => JsonDocument.Parse("  [ {\"x\":1} ]  ").RootElement.Clone();

            public static JsonElement GetDeserialized() => JsonSerializer.Deserialize<JsonElement>("{\"nested\":{\"deep\":[[[]]]}}");

            public JsonElement Camel => JsonSerializer.SerializeToElement(new Parameter { Required = new List<string> { "id" }, Max = 3 }, s_camel);

            public JsonElement Map => JsonSerializer.SerializeToElement(new Dictionary<string, object> { ["b"] = 1, ["a"] = new[] { "x" } }, JsonSerializerOptions.Web);
        }

        public static class Program
        {
            public static void Main()
            {
                var tool = new WeatherTool();
                for (var i = 0; i < 2; i++)
                {
                    foreach (var element in new[] { tool.Schema, tool.Parsed, tool.Cloned(), WeatherTool.GetDeserialized(), tool.Camel, tool.Map })
                    {
                        Console.WriteLine(element.ValueKind + " " + element.GetRawText());
                        Console.WriteLine(element.ToString());
                        Console.WriteLine(JsonSerializer.Serialize(element));
                    }

                    Func<JsonElement> handler = () => JsonElement.Parse("[\"from a lambda\"]");
                    Console.WriteLine(handler().GetRawText());
                }
            }
        }
        """;

    /// <summary>BinaryData, as OpenAI's and Azure's SDKs take tool parameters.</summary>
    public const string BinaryDataProgram = """
        using System;
        using System.Text.Json;

        public static class Tools
        {
            public static BinaryData Parameters => BinaryData.FromString("{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"}}}");

            public static BinaryData FromObject() => BinaryData.FromObjectAsJson(new { type = "object", required = new[] { "q" } });
        }

        public static class Program
        {
            public static void Main()
            {
                for (var i = 0; i < 2; i++)
                {
                    foreach (var data in new[] { Tools.Parameters, Tools.FromObject() })
                    {
                        Console.WriteLine(data.ToString());
                        Console.WriteLine(Convert.ToBase64String(data.ToArray()));
                        Console.WriteLine(data.ToObjectFromJson<JsonElement>().GetRawText());
                    }
                }
            }
        }
        """;

    [Fact]
    public async Task Every_shape_writes_the_same_JSON_after_the_fix_read_twice()
    {
        var fixedText = await FixRunner.ApplyFixAllAsync(Program, new ConstantJsonAnalyzer(), new ConstantJsonFixer(), OutputKind.ConsoleApplication, TestReferences.Net10);

        Assert.Equal(7, Regex.Matches(fixedText, "private static readonly JsonElement ").Count);
        Assert.Contains("Func<JsonElement> handler = () => Handler;", fixedText, System.StringComparison.Ordinal);
        var (before, after) = ProgramRunner.RunBeforeAndAfter(Program, fixedText);
        Assert.Contains("\\u6771\\u4EAC", Encoding.UTF8.GetString(before), System.StringComparison.Ordinal);
        Assert.Equal(Encoding.UTF8.GetString(before), Encoding.UTF8.GetString(after));
    }

    [Fact]
    public async Task BinaryData_is_built_once_and_reads_the_same()
    {
        var fixedText = await FixRunner.ApplyFixAllAsync(BinaryDataProgram, new ConstantJsonAnalyzer(), new ConstantJsonFixer(), OutputKind.ConsoleApplication, TestReferences.Net10WithBinaryData);

        Assert.Equal(2, Regex.Matches(fixedText, "private static readonly BinaryData ").Count);
        Assert.Contains("public static BinaryData Parameters => ParametersData;", fixedText, System.StringComparison.Ordinal);
        var (before, after) = ProgramRunner.RunBeforeAndAfter(BinaryDataProgram, fixedText, TestReferences.Net10WithBinaryData);
        Assert.Equal(Encoding.UTF8.GetString(before), Encoding.UTF8.GetString(after));
        Assert.Equal(2 * 2 * 3, Encoding.UTF8.GetString(before).Split('\n').Count(l => l.Length > 0));
    }
}
