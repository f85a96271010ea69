using System.Threading.Tasks;
using JsonPerf.CodeFixes;

namespace JsonPerf.Analyzers.Tests.Layout;

/// <summary>Every rule with a fix, in the two-target project: a site outside #if is fixed, those under #if are kept.</summary>
public partial class EveryTargetTests
{
    private const string Usings = """
        using System;
        using System.Text.Encodings.Web;
        using System.Text.Json;
        using System.Text.Unicode;

        public class Order { public int Id { get; set; } public string Name { get; set; } }

        """;

    private const string Main = """
            public static void Main()
            {
                var order = new Order { Id = 1, Name = "<a>" };
                var element = JsonSerializer.SerializeToElement(new { Id = 2, Name = "b" });
                for (var i = 0; i < 2; i++)
                {
                    Console.WriteLine(Shared(order, element));
                    Console.WriteLine(Branches(order, element));
                    Console.WriteLine(Folded(order, element));
                }
            }

        """;

    [Fact]
    public Task JP0001_hoists_only_options_every_target_compiles_alike()
        => AssertOneEditAsync(new JsonSerializerOptionsCreatedPerCallAnalyzer(), new JsonSerializerOptionsCreatedPerCallFixer(), Usings + """
            public static class Program
            {
            """ + Main + """
                private static string Shared(Order order, JsonElement element) => JsonSerializer.Serialize(order, new JsonSerializerOptions { WriteIndented = true });

                private static string Branches(Order order, JsonElement element)
                {
            #if NET10_0_OR_GREATER
                    return JsonSerializer.Serialize(order, new JsonSerializerOptions { MaxDepth = 8 });
            #else
                    return JsonSerializer.Serialize(order, new JsonSerializerOptions { MaxDepth = 9 });
            #endif
                }

                private static string Folded(Order order, JsonElement element)
                {
                    var options = new JsonSerializerOptions { AllowTrailingCommas = true };
            #if NET10_0_OR_GREATER
                    options.WriteIndented = true;
            #endif
                    return JsonSerializer.Serialize(order, options);
                }
            }
            """,
            fixedText: "static readonly JsonSerializerOptions",
            kept: new[] { "new JsonSerializerOptions { MaxDepth = 8 }", "new JsonSerializerOptions { MaxDepth = 9 }", "var options = new JsonSerializerOptions { AllowTrailingCommas = true };" });

    [Fact]
    public Task JP0004_hoists_only_encoders_every_target_compiles_alike()
        => AssertOneEditAsync(new JavaScriptEncoderCreatedPerCallAnalyzer(), new JavaScriptEncoderCreatedPerCallFixer(), Usings + """
            public static class Program
            {
            """ + Main + """
                private static string Shared(Order order, JsonElement element)
                    => JsonEncodedText.Encode(order.Name, JavaScriptEncoder.Create(UnicodeRanges.All)).Value;

                private static string Branches(Order order, JsonElement element)
                {
            #if NET10_0_OR_GREATER
                    return JsonEncodedText.Encode(order.Name, JavaScriptEncoder.Create(UnicodeRanges.BasicLatin)).Value;
            #else
                    return JsonEncodedText.Encode(order.Name, JavaScriptEncoder.Create(UnicodeRanges.Latin1Supplement)).Value;
            #endif
                }

                private static string Folded(Order order, JsonElement element)
                {
            #if NET10_0_OR_GREATER
                    var encoder = JavaScriptEncoder.Create(UnicodeRanges.BasicLatin, UnicodeRanges.Cyrillic);
            #else
                    var encoder = JavaScriptEncoder.Create(UnicodeRanges.BasicLatin);
            #endif
                    return JsonEncodedText.Encode(order.Name, encoder).Value;
                }
            }
            """,
            fixedText: "static readonly JavaScriptEncoder",
            kept: new[] { "JavaScriptEncoder.Create(UnicodeRanges.BasicLatin)).Value", "JavaScriptEncoder.Create(UnicodeRanges.Latin1Supplement)", "var encoder = JavaScriptEncoder.Create(UnicodeRanges.BasicLatin, UnicodeRanges.Cyrillic);" });

    [Fact]
    public Task JP0003_adds_a_naming_policy_only_where_every_target_compiles_alike()
        => AssertOneEditAsync(new PropertyNameCaseInsensitiveWithoutNamingPolicyAnalyzer(), new PropertyNameCaseInsensitiveWithoutNamingPolicyFixer(), Usings + """
            public static class Program
            {
                private static readonly JsonSerializerOptions Options = new JsonSerializerOptions { PropertyNameCaseInsensitive = true };
            #if NET10_0_OR_GREATER
                private static readonly JsonSerializerOptions Branch = new JsonSerializerOptions { PropertyNameCaseInsensitive = true };
            #else
                private static readonly JsonSerializerOptions Branch = new JsonSerializerOptions { PropertyNameCaseInsensitive = true, MaxDepth = 9 };
            #endif

                public static void Main()
                {
                    for (var i = 0; i < 2; i++)
                    {
                        Console.WriteLine(JsonSerializer.Deserialize<Order>("{\"id\":1,\"NAME\":\"x\"}", Options).Name);
                        Console.WriteLine(JsonSerializer.Deserialize<Order>("{\"id\":1,\"NAME\":\"y\"}", Branch).Name);
                    }
                }
            }
            """,
            fixedText: "PropertyNamingPolicy = JsonNamingPolicy.CamelCase",
            kept: new[] { "Branch = new JsonSerializerOptions { PropertyNameCaseInsensitive = true };" });

    [Fact]
    public Task JP0006_converts_only_where_every_target_compiles_alike()
        => AssertOneEditAsync(new ConvertWithoutTextAnalyzer(), new ConvertWithoutTextFixer(), Usings + """
            public static class Program
            {
            """ + Main + """
                private static string Shared(Order order, JsonElement element) => JsonSerializer.Deserialize<Order>(element.GetRawText()).Name;

                private static string Branches(Order order, JsonElement element)
                {
            #if NET10_0_OR_GREATER
                    return JsonSerializer.Deserialize<Order>(element.GetRawText()).Name + "10";
            #else
                    return JsonSerializer.Deserialize<Order>(element.GetRawText()).Name + "8";
            #endif
                }

                private static string Folded(Order order, JsonElement element)
                {
            #if NET10_0_OR_GREATER
                    var json = element.GetRawText();
            #else
                    var json = element.GetRawText().Trim();
            #endif
                    return JsonSerializer.Deserialize<Order>(json).Name;
                }
            }
            """,
            fixedText: "JsonSerializer.Deserialize<Order>(element).Name;",
            kept: new[] { "JsonSerializer.Deserialize<Order>(element.GetRawText()).Name + \"10\"", "JsonSerializer.Deserialize<Order>(json).Name" });

    [Fact]
    public Task JP0007_disposes_only_where_every_target_compiles_alike()
        => AssertOneEditAsync(new JsonDocumentNotDisposedAnalyzer(), new JsonDocumentNotDisposedFixer(), Usings + """
            public static class Program
            {
            """ + Main + """
                private static string Shared(Order order, JsonElement element)
                {
                    var document = JsonDocument.Parse(element.GetRawText());
                    return document.RootElement.GetProperty("Name").GetString();
                }

                private static string Branches(Order order, JsonElement element)
                {
            #if NET10_0_OR_GREATER
                    var document = JsonDocument.Parse("[10]");
            #else
                    var document = JsonDocument.Parse("[8]");
            #endif
                    return document.RootElement[0].GetRawText();
                }

                private static string Folded(Order order, JsonElement element)
                {
                    var document = JsonDocument.Parse("{\"a\":1}");
            #if NET10_0_OR_GREATER
                    return document.RootElement.GetProperty("a").GetRawText();
            #else
                    return document.RootElement.GetRawText();
            #endif
                }
            }
            """,
            fixedText: "using var document = JsonDocument.Parse(element.GetRawText());",
            kept: new[] { "var document = JsonDocument.Parse(\"[10]\");", "var document = JsonDocument.Parse(\"{\\\"a\\\":1}\");" });

    [Fact]
    public Task JP0010_encodes_only_constants_every_target_writes_alike()
        => AssertOneEditAsync(new ConverterPerValueWorkAnalyzer(), new ConverterPerValueWorkFixer(), Usings + """
            public sealed class OrderConverter : System.Text.Json.Serialization.JsonConverter<Order>
            {
                public override Order Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => throw new NotSupportedException();

                public override void Write(Utf8JsonWriter writer, Order value, JsonSerializerOptions options)
                {
                    writer.WriteStartObject();
                    writer.WriteNumber("id", value.Id);
            #if NET10_0_OR_GREATER
                    writer.WriteString("name10", value.Name);
            #else
                    writer.WriteString("name8", value.Name);
            #endif
                    writer.WriteEndObject();
                }
            }

            public static class Program
            {
                public static void Main()
                {
                    var order = new Order { Id = 1, Name = "<a>" };
                    for (var i = 0; i < 2; i++)
                    {
                        var stream = new System.IO.MemoryStream();
                        using (var writer = new Utf8JsonWriter(stream)) { new OrderConverter().Write(writer, order, JsonSerializerOptions.Default); }
                        Console.WriteLine(System.Text.Encoding.UTF8.GetString(stream.ToArray()));
                    }
                }
            }
            """,
            fixedText: "writer.WriteNumber(IdPropertyName, value.Id);",
            kept: new[] { "writer.WriteString(\"name10\", value.Name);", "writer.WriteString(\"name8\", value.Name);" });

    [Fact]
    public Task JP0002_generates_metadata_only_where_every_target_compiles_alike()
        => AssertOneEditAsync(new ReflectionSerializationAnalyzer(), new ReflectionSerializationFixer(), Usings + """
            public static class Program
            {
            """ + Main + """
                private static string Shared(Order order, JsonElement element) => JsonSerializer.Serialize(order);

                private static string Branches(Order order, JsonElement element)
                {
            #if NET10_0_OR_GREATER
                    return JsonSerializer.Serialize(new[] { order });
            #else
                    return JsonSerializer.Serialize(new[] { order }) + "8";
            #endif
                }

                private static string Folded(Order order, JsonElement element) => "";
            }
            """,
            fixedText: ".Default.Order)",
            kept: new[] { "return JsonSerializer.Serialize(new[] { order });" },
            generator: true);
}
