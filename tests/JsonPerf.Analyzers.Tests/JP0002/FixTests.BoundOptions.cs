using System.Threading.Tasks;

namespace JsonPerf.Analyzers.Tests.JP0002;

/// <summary>
/// Calls on options held in a static member: the fix binds the context to those options as their resolver, with
/// reflection behind it for every type the context does not register, so the options' settings still apply.
/// </summary>
public partial class FixTests
{
    internal const string BoundOptionsProgram = """
        using System;
        using System.Collections.Generic;
        using System.Text.Encodings.Web;
        using System.Text.Json;
        using System.Text.Json.Serialization;
        using System.Text.Unicode;

        public enum Status { Pending, Shipped }

        public class Order
        {
            public int Id { get; set; }
            public string CustomerName { get; set; }
            public Status Status { get; set; }
            public decimal? Discount { get; set; }
            public string Note { get; set; }
            public Dictionary<string, int> Stock { get; set; } = new();
            public int Twice => Id * 2;
        }

        public static class Program
        {
            private static readonly JsonSerializerOptions s_options = new(JsonSerializerDefaults.Web)
            {
                WriteIndented = true,
                DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
                Converters = { new JsonStringEnumConverter(JsonNamingPolicy.SnakeCaseLower) },
                Encoder = JavaScriptEncoder.Create(UnicodeRanges.All),
                DictionaryKeyPolicy = JsonNamingPolicy.KebabCaseLower,
                NumberHandling = JsonNumberHandling.AllowReadingFromString,
                IgnoreReadOnlyProperties = true,
                AllowTrailingCommas = true,
                ReadCommentHandling = JsonCommentHandling.Skip,
                MaxDepth = 8,
                PropertyNameCaseInsensitive = true,
            };

            private static JsonSerializerOptions Camel { get; } = new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase };

            public static void Main()
            {
                var order = new Order { Id = 7, CustomerName = "山本太郎 <b>&", Status = Status.Shipped, Stock = { ["BlueHat"] = 3 } };
                Console.WriteLine(JsonSerializer.Serialize(order, s_options));
                var back = JsonSerializer.Deserialize<Order>("{\"ID\":\"5\", /* c */ \"customerName\":\"x\",\"status\":\"shipped\",}", s_options);
                Console.WriteLine(back.Id + " " + back.CustomerName + " " + back.Status);
                Console.WriteLine(JsonSerializer.Serialize(new List<Order> { order }, Camel));
                // Not fixable (object values), and not registered: served by the reflection fallback after the fix.
                Console.WriteLine(JsonSerializer.Serialize(new Dictionary<string, object> { ["k"] = 1, ["o"] = order }, s_options));
            }
        }
        """;

    [Fact]
    public async Task Binds_the_context_to_static_options_and_the_program_prints_the_same()
    {
        var (before, after) = await FixAllAsync(BoundOptionsProgram);
        var program = await TextAsync(after, "Program.cs");

        AssertContains("""
                    PropertyNameCaseInsensitive = true,
                    TypeInfoResolver = JsonTypeInfoResolver.Combine(AppJsonContext.Default, new DefaultJsonTypeInfoResolver())
                };
            """, program);
        // Camel's only setting is expressible: its calls get a context with that generation option instead (see the mirrored-options tests).
        AssertContains("JsonSerializer.Serialize(new List<Order> { order }, CamelJsonContext.Default.ListOrder)", program);
        AssertContains("using System.Text.Json.Serialization.Metadata;", program);
        AssertContains("[JsonSerializable(typeof(Order))]", program);
        AssertContains("[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]\n[JsonSerializable(typeof(List<Order>))]", program);
        Assert.Single(System.Text.RegularExpressions.Regex.Matches(program, "TypeInfoResolver = "));
        // The calls keep their options.
        AssertContains("JsonSerializer.Serialize(order, s_options)", program);
        Assert.Empty(await JP0002Async(after));
        await AssertSameOutputAsync(before, after);
    }

    [Theory]
    // Configured later, or handed to code that could configure it:
    [InlineData("s_options = new JsonSerializerOptions { WriteIndented = true }; static Program() => s_options.Converters.Add(new JsonStringEnumConverter());")]
    [InlineData("s_options = new JsonSerializerOptions { WriteIndented = true }; private static void Configure(JsonSerializerOptions options) { } static Program() => Configure(s_options);")]
    // Settings not known to carry over to generated metadata, or copied from other options:
    [InlineData("s_options = new JsonSerializerOptions { IncludeFields = true };")]
    [InlineData("s_options = new JsonSerializerOptions { ReferenceHandler = ReferenceHandler.Preserve };")]
    [InlineData("s_options = new JsonSerializerOptions(Shared);")]
    public async Task Offers_no_fix_for_static_options_configured_elsewhere_or_with_settings_not_known_to_carry_over(string members)
    {
        var source = $$"""
            using System;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public class Point { public int X { get; set; } }

            public static class Program
            {
                private static readonly JsonSerializerOptions Shared = new JsonSerializerOptions();
                private static readonly JsonSerializerOptions {{members}}
                public static void Main() => Console.WriteLine(JsonSerializer.Serialize(new Point { X = 1 }, s_options));
            }
            """;
        var (before, after) = await FixAllAsync(source, expectGenerated: false);
        Assert.Equal(await TextAsync(before, "Program.cs"), await TextAsync(after, "Program.cs"));
    }
}
