using System.Threading.Tasks;

namespace JsonPerf.Analyzers.Tests.JP0002;

/// <summary>
/// Calls on static options whose settings [JsonSourceGenerationOptions] can express: a context with those generation
/// options, and the call takes its metadata (the JsonTypeInfo overload, trim- and AOT-safe).
/// </summary>
public partial class FixTests
{
    internal const string MirroredOptionsProgram = """
        using System;
        using System.Collections.Generic;
        using System.Text.Json;
        using System.Text.Json.Serialization;

        public enum Status { Pending, Shipped }

        public class Order
        {
            public int Id { get; set; }
            public string CustomerName { get; set; }
            public Status Status { get; set; }
            public decimal? Discount { get; set; }
            public string Note { get; set; }
            public Dictionary<string, int> StockByName { get; set; } = new();
            public int Twice => Id * 2;
        }

        public static class Program
        {
            private static readonly JsonSerializerOptions s_web = new(JsonSerializerDefaults.Web)
            {
                WriteIndented = true,
                DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
                NumberHandling = JsonNumberHandling.AllowReadingFromString | JsonNumberHandling.WriteAsString,
                DictionaryKeyPolicy = JsonNamingPolicy.KebabCaseLower,
                PropertyNameCaseInsensitive = true,
                MaxDepth = 16,
            };

            private static JsonSerializerOptions Snake { get; } = new JsonSerializerOptions
            {
                PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower,
                IgnoreReadOnlyProperties = true,
                AllowTrailingCommas = true,
                ReadCommentHandling = JsonCommentHandling.Skip,
            };

            public static void Main()
            {
                var order = new Order { Id = 7, CustomerName = "山本太郎 <b>&", Status = Status.Shipped, StockByName = { ["BlueHat"] = 3 } };
                Console.WriteLine(JsonSerializer.Serialize(order, s_web));
                var back = JsonSerializer.Deserialize<Order>("{\"ID\":\"5\",\"customerName\":\"x\",\"status\":1,\"discount\":\"1.5\"}", s_web);
                Console.WriteLine(back.Id + " " + back.CustomerName + " " + back.Status + " " + back.Discount);
                Console.WriteLine(JsonSerializer.Serialize(new List<Order> { order }, Snake));
                Console.WriteLine(JsonSerializer.Deserialize<Order>("{\"customer_name\":\"y\", /* note */ \"id\": 4,}", Snake).CustomerName);
                Console.WriteLine(JsonSerializer.Serialize(order));
            }
        }
        """;

    [Fact]
    public async Task Mirrors_expressible_static_options_into_a_context_and_the_program_prints_the_same()
    {
        var (before, after) = await FixAllAsync(MirroredOptionsProgram);
        var program = await TextAsync(after, "Program.cs");

        AssertContains("[JsonSourceGenerationOptions(JsonSerializerDefaults.Web, DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull, DictionaryKeyPolicy = JsonKnownNamingPolicy.KebabCaseLower, MaxDepth = 16, NumberHandling = JsonNumberHandling.AllowReadingFromString | JsonNumberHandling.WriteAsString, PropertyNameCaseInsensitive = true, WriteIndented = true)]", program);
        AssertContains("[JsonSourceGenerationOptions(AllowTrailingCommas = true, IgnoreReadOnlyProperties = true, PropertyNamingPolicy = JsonKnownNamingPolicy.SnakeCaseLower, ReadCommentHandling = JsonCommentHandling.Skip)]", program);
        AssertContains("JsonSerializer.Serialize(order, WebJsonContext.Default.Order)", program);
        AssertContains("/* note */ \\\"id\\\": 4,}\", SnakeJsonContext.Default.Order)", program);
        AssertContains("JsonSerializer.Serialize(new List<Order> { order }, SnakeJsonContext.Default.ListOrder)", program);
        AssertContains("JsonSerializer.Serialize(order, AppJsonContext.Default.Order)", program);
        // Three contexts: s_web's, Snake's and the default options'. The members, private and used by nothing after
        // the fix, are removed.
        Assert.Equal(3, System.Text.RegularExpressions.Regex.Matches(program, "internal partial class").Count);
        Assert.DoesNotContain("s_web", program, System.StringComparison.Ordinal);
        Assert.DoesNotContain("JsonSerializerOptions Snake", program, System.StringComparison.Ordinal);
        Assert.DoesNotContain("TypeInfoResolver", program, System.StringComparison.Ordinal);
        Assert.Empty(await JP0002Async(after));
        await AssertSameOutputAsync(before, after);
    }

    [Theory]
    [InlineData("internal static readonly JsonSerializerOptions s_indented")]
    [InlineData("private static readonly JsonSerializerOptions s_other = new JsonSerializerOptions(), s_indented")]
    public async Task Keeps_a_mirrored_member_other_code_can_reach_or_that_shares_its_declaration(string declaration)
    {
        var source = $$"""
            using System;
            using System.Text.Json;

            public class Point { public int X { get; set; } }

            public static class Program
            {
                {{declaration}} = new JsonSerializerOptions { WriteIndented = true };
                public static void Main() => Console.WriteLine(JsonSerializer.Serialize(new Point { X = 1 }, s_indented));
            }
            """;
        var (before, after) = await FixAllAsync(source);
        var program = await TextAsync(after, "Program.cs");
        AssertContains("JsonSerializer.Serialize(new Point { X = 1 }, IndentedJsonContext.Default.Point)", program);
        if (declaration.StartsWith("internal", System.StringComparison.Ordinal))
        {
            AssertContains(declaration, program);
        }
        else
        {
            AssertContains("private static readonly JsonSerializerOptions s_other = new JsonSerializerOptions();", program);
            Assert.DoesNotContain("s_indented", program, System.StringComparison.Ordinal);
        }

        await AssertSameOutputAsync(before, after);
    }

    [Fact]
    public async Task Reuses_a_context_whose_generation_options_are_the_same()
    {
        var source = """
            using System;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public class Point { public int X { get; set; } }

            [JsonSourceGenerationOptions(WriteIndented = true)]
            [JsonSerializable(typeof(int))]
            internal partial class IndentedContext : JsonSerializerContext { }

            [JsonSourceGenerationOptions(WriteIndented = true, AllowTrailingCommas = true)]
            [JsonSerializable(typeof(long))]
            internal partial class OtherContext : JsonSerializerContext { }

            public static class Program
            {
                private static readonly JsonSerializerOptions s_indented = new JsonSerializerOptions { WriteIndented = true };
                public static void Main() => Console.WriteLine(JsonSerializer.Serialize(new Point { X = 1 }, s_indented));
            }
            """;
        var (before, after) = await FixAllAsync(source);
        var program = await TextAsync(after, "Program.cs");
        AssertContains("JsonSerializer.Serialize(new Point { X = 1 }, IndentedContext.Default.Point)", program);
        AssertContains("[JsonSerializable(typeof(Point))]\ninternal partial class IndentedContext", program);
        Assert.DoesNotContain("AppJsonContext", program, System.StringComparison.Ordinal);
        await AssertSameOutputAsync(before, after);
    }
}
