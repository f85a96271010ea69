using System.Threading.Tasks;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.ConstantJsonAnalyzer,
    JsonPerf.CodeFixes.ConstantJsonFixer>;

namespace JsonPerf.Analyzers.Tests.JP0009;

public partial class FixTests
{
    [Fact]
    public Task A_schema_getter_reads_a_static_readonly_field_named_after_it()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            public class WeatherTool
            {
                public string Name => "weather";

                public JsonElement Schema => {|JP0009:JsonSerializer.SerializeToElement(new
                {
                    type = "object",
                    properties = new { city = new { type = "string", description = "The city" } },
                    required = new[] { "city" },
                })|};
            }
            """, """
            using System.Text.Json;

            public class WeatherTool
            {
                private static readonly JsonElement SchemaJson = JsonSerializer.SerializeToElement(new
                {
                    type = "object",
                    properties = new { city = new { type = "string", description = "The city" } },
                    required = new[] { "city" },
                });

                public string Name => "weather";

                public JsonElement Schema => SchemaJson;
            }
            """);

    [Fact]
    public Task The_field_follows_the_types_static_field_convention()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            public class Tool
            {
                private static readonly string s_name = "search";

                public string Name => s_name;

                public JsonElement InputSchema
                {
                    get { return {|JP0009:JsonElement.Parse("{\"type\":\"object\",\"properties\":{\"query\":{\"type\":\"string\"}}}")|}; }
                }
            }
            """, """
            using System.Text.Json;

            public class Tool
            {
                private static readonly string s_name = "search";
                private static readonly JsonElement s_inputSchema = JsonElement.Parse("{\"type\":\"object\",\"properties\":{\"query\":{\"type\":\"string\"}}}");

                public string Name => s_name;

                public JsonElement InputSchema
                {
                    get { return s_inputSchema; }
                }
            }
            """);

    [Fact]
    public Task A_method_names_the_field_without_its_verb_and_the_clone_of_a_parsed_document_stays_as_written()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            public static class Schemas
            {
                public static JsonElement GetOrderSchema() => {|JP0009:JsonDocument.Parse("{\"type\":\"object\"}").RootElement.Clone()|};

                public static JsonElement Parsed() => {|JP0009:JsonSerializer.Deserialize<JsonElement>("[1,2,3]")|};
            }
            """, """
            using System.Text.Json;

            public static class Schemas
            {
                private static readonly JsonElement OrderSchema = JsonDocument.Parse("{\"type\":\"object\"}").RootElement.Clone();
                private static readonly JsonElement ParsedJson = JsonSerializer.Deserialize<JsonElement>("[1,2,3]");

                public static JsonElement GetOrderSchema() => OrderSchema;

                public static JsonElement Parsed() => ParsedJson;
            }
            """);

    [Fact]
    public Task Fix_all_shares_one_field_per_equal_expression_and_names_locals_and_parameters()
        => Verify.VerifyFixAllAsync("""
            using System;
            using System.Text.Json;

            public class C
            {
                private static readonly JsonSerializerOptions s_options = new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase };

                public JsonElement A => {|JP0009:JsonElement.Parse("{}")|};

                public JsonElement B => {|JP0009:JsonElement.Parse("{}")|};

                public void Log()
                {
                    var defaults = {|JP0009:JsonSerializer.SerializeToElement(new { Retries = 3 }, s_options)|};
                    Write(payload: {|JP0009:JsonSerializer.SerializeToElement(new { Level = "info" }, s_options)|});
                    Console.WriteLine(defaults);
                }

                private static void Write(JsonElement payload) => Console.WriteLine(payload);
            }
            """, """
            using System;
            using System.Text.Json;

            public class C
            {
                private static readonly JsonElement s_a = JsonElement.Parse("{}");
                private static readonly JsonSerializerOptions s_options = new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase };
                private static readonly JsonElement s_defaults = JsonSerializer.SerializeToElement(new { Retries = 3 }, s_options);
                private static readonly JsonElement s_payload = JsonSerializer.SerializeToElement(
                    new { Level = "info" },
                    s_options);

                public JsonElement A => s_a;

                public JsonElement B => s_a;

                public void Log()
                {
                    var defaults = s_defaults;
                    Write(payload: s_payload);
                    Console.WriteLine(defaults);
                }

                private static void Write(JsonElement payload) => Console.WriteLine(payload);
            }
            """);

    [Fact]
    public Task Top_level_statements_get_the_field_in_a_partial_Program()
        => Verify.VerifyFixAsync("""
            using System;
            using System.Text.Json;

            for (var i = 0; i < 2; i++)
            {
                Console.WriteLine({|JP0009:JsonSerializer.SerializeToElement(new { i = 1 })|});
            }
            """, """
            using System;
            using System.Text.Json;

            for (var i = 0; i < 2; i++)
            {
                Console.WriteLine(Json);
            }

            partial class Program
            {
                private static readonly JsonElement Json = JsonSerializer.SerializeToElement(new { i = 1 });
            }
            """, outputKind: Microsoft.CodeAnalysis.OutputKind.ConsoleApplication);

    [Fact]
    public Task A_plain_class_and_a_context_s_metadata_are_hoisted_with_the_call()
        => Verify.VerifyFixAsync("""
            using System.Collections.Generic;
            using System.Text.Json;
            using System.Text.Json.Serialization;
            using System.Text.Json.Serialization.Metadata;

            public sealed class Parameter
            {
                public string Type { get; set; } = "object";
                public List<string> Required { get; set; }
            }

            public sealed class ToolContext : JsonSerializerContext
            {
                public ToolContext() : base(null) { }
                public static ToolContext Default { get; } = new ToolContext();
                public JsonTypeInfo<Parameter> Parameter => null;
                protected override JsonSerializerOptions GeneratedSerializerOptions => null;
                public override JsonTypeInfo GetTypeInfo(System.Type type) => null;
            }

            public class Tool
            {
                public JsonElement Parameters => {|JP0009:JsonSerializer.SerializeToElement(new Parameter { Required = new List<string> { "id" } }, ToolContext.Default.Parameter)|};
            }
            """, """
            using System.Collections.Generic;
            using System.Text.Json;
            using System.Text.Json.Serialization;
            using System.Text.Json.Serialization.Metadata;

            public sealed class Parameter
            {
                public string Type { get; set; } = "object";
                public List<string> Required { get; set; }
            }

            public sealed class ToolContext : JsonSerializerContext
            {
                public ToolContext() : base(null) { }
                public static ToolContext Default { get; } = new ToolContext();
                public JsonTypeInfo<Parameter> Parameter => null;
                protected override JsonSerializerOptions GeneratedSerializerOptions => null;
                public override JsonTypeInfo GetTypeInfo(System.Type type) => null;
            }

            public class Tool
            {
                private static readonly JsonElement ParametersJson = JsonSerializer.SerializeToElement(
                    new Parameter { Required = new List<string> { "id" } },
                    ToolContext.Default.Parameter);

                public JsonElement Parameters => ParametersJson;
            }
            """);
}
