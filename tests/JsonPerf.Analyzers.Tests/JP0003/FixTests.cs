using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Testing;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.PropertyNameCaseInsensitiveWithoutNamingPolicyAnalyzer,
    JsonPerf.CodeFixes.PropertyNameCaseInsensitiveWithoutNamingPolicyFixer>;

namespace JsonPerf.Analyzers.Tests.JP0003;

public partial class FixTests
{
    [Fact]
    public Task Adds_a_camelCase_policy_next_to_the_flag_in_an_initializer()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            public class Order { public int Id { get; set; } }

            public class C
            {
                private static readonly JsonSerializerOptions s_read = new JsonSerializerOptions
                {
                    {|JP0003:PropertyNameCaseInsensitive = true|},
                    AllowTrailingCommas = true,
                };

                public Order Parse(string json) => JsonSerializer.Deserialize<Order>(json, s_read);
            }
            """, """
            using System.Text.Json;

            public class Order { public int Id { get; set; } }

            public class C
            {
                private static readonly JsonSerializerOptions s_read = new JsonSerializerOptions
                {
                    PropertyNameCaseInsensitive = true,
                    PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
                    AllowTrailingCommas = true,
                };

                public Order Parse(string json) => JsonSerializer.Deserialize<Order>(json, s_read);
            }
            """);

    [Fact]
    public Task Adds_a_statement_after_the_assignment_to_a_local()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            public class Order { public int Id { get; set; } }

            public class C
            {
                public Order Parse(string json)
                {
                    var options = new JsonSerializerOptions();
                    {|JP0003:options.PropertyNameCaseInsensitive = true|};
                    return JsonSerializer.Deserialize<Order>(json, options);
                }
            }
            """, """
            using System.Text.Json;

            public class Order { public int Id { get; set; } }

            public class C
            {
                public Order Parse(string json)
                {
                    var options = new JsonSerializerOptions();
                    options.PropertyNameCaseInsensitive = true;
                    options.PropertyNamingPolicy = JsonNamingPolicy.CamelCase;
                    return JsonSerializer.Deserialize<Order>(json, options);
                }
            }
            """);

    [Fact]
    public Task Adds_the_policy_inline_for_options_passed_to_Deserialize()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            public class Order { public int Id { get; set; } }

            public class C
            {
                public Order Parse(string json) => JsonSerializer.Deserialize<Order>(json, new JsonSerializerOptions { {|JP0003:PropertyNameCaseInsensitive = true|} });
            }
            """, """
            using System.Text.Json;

            public class Order { public int Id { get; set; } }

            public class C
            {
                public Order Parse(string json) => JsonSerializer.Deserialize<Order>(
                    json,
                    new JsonSerializerOptions
                    {
                        PropertyNameCaseInsensitive = true,
                        PropertyNamingPolicy = JsonNamingPolicy.CamelCase
                    });
            }
            """);

    [Fact]
    public Task Adds_a_known_naming_policy_to_a_context_used_only_to_deserialize()
        => new Verify.Test
        {
            TestCode = """
                using System.Text.Json;
                using System.Text.Json.Serialization;
                using System.Text.Json.Serialization.Metadata;

                public class Order { public int Id { get; set; } }

                [JsonSourceGenerationOptions({|JP0003:PropertyNameCaseInsensitive = true|})]
                [JsonSerializable(typeof(Order))]
                internal partial class ReadContext : JsonSerializerContext
                {
                    public static ReadContext Default { get; } = null;
                    public JsonTypeInfo<Order> Order { get; } = null;
                }

                public class C
                {
                    public Order Parse(string json) => JsonSerializer.Deserialize(json, ReadContext.Default.Order);
                }
                """,
            FixedCode = """
                using System.Text.Json;
                using System.Text.Json.Serialization;
                using System.Text.Json.Serialization.Metadata;

                public class Order { public int Id { get; set; } }

                [JsonSourceGenerationOptions(PropertyNameCaseInsensitive = true, PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
                [JsonSerializable(typeof(Order))]
                internal partial class ReadContext : JsonSerializerContext
                {
                    public static ReadContext Default { get; } = null;
                    public JsonTypeInfo<Order> Order { get; } = null;
                }

                public class C
                {
                    public Order Parse(string json) => JsonSerializer.Deserialize(json, ReadContext.Default.Order);
                }
                """,
            // The context stands in for generated code (no generator runs here): only the fix's text is checked.
            CompilerDiagnostics = CompilerDiagnostics.None,
        }.RunAsync();

    [Theory]
    [InlineData("public string Write(Order o) => JsonSerializer.Serialize(o, s_read);")]
    [InlineData("public System.Net.Http.Json.JsonContent Content(Order o) => System.Net.Http.Json.JsonContent.Create(o, options: s_read);")]
    [InlineData("public JsonSerializerOptions Expose() => s_read;")]
    [InlineData("public void Pass() => Use(s_read);")]
    public Task Offers_no_fix_when_the_options_may_also_serialize(string member)
    {
        var source = """
            using System.Text.Json;

            public class Order { public int Id { get; set; } }

            internal class C
            {
                private static readonly JsonSerializerOptions s_read = new JsonSerializerOptions { {|JP0003:PropertyNameCaseInsensitive = true|} };

                public Order Parse(string json) => JsonSerializer.Deserialize<Order>(json, s_read);
                private static void Use(JsonSerializerOptions options) { }
                MEMBER
            }
            """.Replace("MEMBER", member);
        return Verify.VerifyFixAsync(source, source);
    }

    [Fact]
    public Task Offers_no_fix_for_a_public_context_of_a_library()
    {
        var source = """
            using System.Text.Json.Serialization;

            [JsonSourceGenerationOptions({|JP0003:PropertyNameCaseInsensitive = true|})]
            public partial class ReadContext : JsonSerializerContext { }
            """;
        return new Verify.Test { TestCode = source, FixedCode = source, CompilerDiagnostics = CompilerDiagnostics.None }.RunAsync();
    }

    [Fact]
    public Task Offers_no_fix_for_public_options_of_a_library()
    {
        var source = """
            using System.Text.Json;

            public static class Json
            {
                public static readonly JsonSerializerOptions Read = new JsonSerializerOptions { {|JP0003:PropertyNameCaseInsensitive = true|} };
            }
            """;
        return Verify.VerifyFixAsync(source, source);
    }

    [Fact]
    public Task Offers_no_fix_for_a_local_that_also_serializes()
    {
        var source = """
            using System.Text.Json;

            public class C
            {
                public string RoundTrip(string json)
                {
                    var options = new JsonSerializerOptions { {|JP0003:PropertyNameCaseInsensitive = true|} };
                    var value = JsonSerializer.Deserialize<object>(json, options);
                    return JsonSerializer.Serialize(value, options);
                }
            }
            """;
        return Verify.VerifyFixAsync(source, source);
    }

    [Fact]
    public async Task Deserialized_objects_are_the_same_after_the_fix()
    {
        const string program = """
            using System;
            using System.Collections.Generic;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public record Line(string Sku, int Quantity);
            public class Order
            {
                public int Id { get; set; }
                public string CustomerName { get; set; }
                [JsonPropertyName("ref")] public string Reference { get; set; }
                public Dictionary<string, int> Counts { get; set; }
                public List<Line> Lines { get; set; }
                public string URL { get; set; }
                public override string ToString() => $"{Id}|{CustomerName}|{Reference}|{string.Join(",", Counts ?? new())}|{string.Join(";", Lines ?? new())}|{URL}";
            }

            public static class Program
            {
                private static readonly JsonSerializerOptions s_read = new JsonSerializerOptions { PropertyNameCaseInsensitive = true, AllowTrailingCommas = true };

                public static void Main()
                {
                    var inputs = new[]
                    {
                        "{\"id\":1,\"customerName\":\"camel\",\"ref\":\"r1\",\"counts\":{\"Apples\":2,\"pears\":3},\"lines\":[{\"sku\":\"A\",\"quantity\":2}],\"url\":\"u\"}",
                        "{\"Id\":2,\"CustomerName\":\"Pascal\",\"REF\":\"r2\",\"Counts\":{\"X\":1},\"Lines\":[{\"Sku\":\"B\",\"Quantity\":1}],\"URL\":\"v\"}",
                        "{\"ID\":3,\"CUSTOMERNAME\":\"upper\",\"customername\":\"lower wins last\",\"Url\":\"w\"}",
                    };
                    Console.WriteLine("marker");
                    foreach (var json in inputs)
                    {
                        Console.WriteLine(JsonSerializer.Deserialize<Order>(json, s_read));
                        var local = new JsonSerializerOptions();
                        local.PropertyNameCaseInsensitive = true;
                        Console.WriteLine(JsonSerializer.Deserialize<Order>(json, local));
                        try { JsonSerializer.Deserialize<Order>("{\"id\":\"x\"}", s_read); } catch (JsonException e) { Console.WriteLine(e.Path); }
                    }
                }
            }
            """;
        var fixedProgram = await FixRunner.ApplyFixAllAsync(program, new PropertyNameCaseInsensitiveWithoutNamingPolicyAnalyzer(), new PropertyNameCaseInsensitiveWithoutNamingPolicyFixer(), OutputKind.ConsoleApplication, TestReferences.Net10);
        Assert.Contains("PropertyNamingPolicy = JsonNamingPolicy.CamelCase", fixedProgram);
        Assert.Contains("local.PropertyNamingPolicy = JsonNamingPolicy.CamelCase;", fixedProgram);
        var (before, after) = ProgramRunner.RunBeforeAndAfter(program, fixedProgram);
        Assert.StartsWith("marker", Encoding.UTF8.GetString(before));
        Assert.Equal(Encoding.UTF8.GetString(before), Encoding.UTF8.GetString(after));
    }
}
