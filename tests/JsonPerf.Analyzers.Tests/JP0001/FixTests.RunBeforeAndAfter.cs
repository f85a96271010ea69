using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>
/// The fix must not change behaviour: each program is compiled and run before and after Fix All, and must
/// print the same bytes. Each program also prints a marker, so "both printed nothing" cannot pass.
/// </summary>
public partial class FixTests
{
    private const string Model = """
        public enum Status { Pending, Shipped }
        public class Line { public string Sku { get; set; } public int Quantity { get; set; } }
        public class Order
        {
            public int Id { get; set; }
            public string CustomerName { get; set; }
            public Status Status { get; set; }
            public decimal? Discount { get; set; }
            public System.Collections.Generic.List<Line> Lines { get; set; } = new();
            public static Order Sample(int id) => new Order { Id = id, CustomerName = "Ada <Lovelace> & \"Co\"", Status = Status.Shipped, Lines = { new Line { Sku = "A-1", Quantity = 2 } } };
        }
        """;

    [Fact]
    public Task Inline_options_with_a_converter_and_a_naming_policy_serialize_the_same()
        => AssertSameOutputAsync("""
            using System;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public static class Program
            {
                public static void Main()
                {
                    Console.WriteLine("marker");
                    for (var i = 0; i < 3; i++)
                    {
                        Console.WriteLine(JsonSerializer.Serialize(Order.Sample(i), new JsonSerializerOptions
                        {
                            PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
                            DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
                            Converters = { new JsonStringEnumConverter() },
                        }));
                        Console.WriteLine(JsonSerializer.Serialize(Order.Sample(i), new JsonSerializerOptions { WriteIndented = true }));
                        Console.WriteLine(JsonSerializer.Serialize(Order.Sample(i), new JsonSerializerOptions { WriteIndented = false }));
                    }
                }
            }
            """ + Model);

    [Fact]
    public Task A_configured_local_folded_into_a_field_round_trips_the_same()
        => AssertSameOutputAsync("""
            using System;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public static class Program
            {
                public static void Main()
                {
                    Console.WriteLine("marker");
                    foreach (var id in new[] { 1, 2 })
                    {
                        Console.WriteLine(RoundTrip(Order.Sample(id)));
                    }
                }

                private static string RoundTrip(Order order)
                {
                    var options = new JsonSerializerOptions();
                    options.PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower;
                    options.Converters.Add(new JsonStringEnumConverter(JsonNamingPolicy.KebabCaseUpper));
                    options.NumberHandling = JsonNumberHandling.WriteAsString | JsonNumberHandling.AllowReadingFromString;
                    var json = JsonSerializer.Serialize(order, options);
                    var back = JsonSerializer.Deserialize<Order>(json, options);
                    return json + " | " + back.CustomerName + " " + back.Status + " " + back.Lines.Count;
                }
            }
            """ + Model);

    [Fact]
    public Task Default_and_web_options_read_and_write_the_same()
        => AssertSameOutputAsync("""
            using System;
            using System.Text.Json;

            public static class Program
            {
                public static void Main()
                {
                    Console.WriteLine("marker");
                    Run();
                }

                // Not in Main, and public: the entry point, and a private method only it calls, run once; JP0001 leaves them alone.
                public static void Run()
                {
                    Console.WriteLine(JsonSerializer.Serialize(Order.Sample(7), new JsonSerializerOptions()));
                    var web = JsonSerializer.Deserialize<Order>("{\"id\":\"42\",\"customername\":\"x\"}", new JsonSerializerOptions(JsonSerializerDefaults.Web));
                    Console.WriteLine(web.Id + " " + web.CustomerName);
                    Console.WriteLine(JsonSerializer.Serialize(web, new JsonSerializerOptions(JsonSerializerDefaults.Web)));
                    var local = new JsonSerializerOptions();
                    Console.WriteLine(JsonSerializer.Serialize(Order.Sample(8), local));
                }
            }
            """ + Model);

    [Fact]
    public Task A_getter_turned_into_an_auto_property_serializes_the_same()
        => AssertSameOutputAsync("""
            using System;
            using System.Text.Json;
            using System.Text.Encodings.Web;
            using System.Text.Unicode;

            public static class Program
            {
                private static JsonSerializerOptions Options => new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All), WriteIndented = true };

                public static void Main()
                {
                    Console.WriteLine("marker");
                    var worker = new { Company = "株式会社 自宅警備", Department = "開発部", Name = "山本太郎", Sex = "男", Age = 30, Html = "<script>alert('x')</script> & +" };
                    Console.WriteLine(JsonSerializer.Serialize(worker, Options));
                    Console.WriteLine(JsonSerializer.Serialize(worker, Options));
                }
            }
            """);

    [Fact]
    public Task Top_level_statements_with_a_handler_lambda_behave_the_same()
        => AssertSameOutputAsync("""
            using System;
            using System.Text.Json;

            Console.WriteLine("marker");
            Func<Order, string> handler = o => JsonSerializer.Serialize(o, new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase });
            for (var i = 0; i < 3; i++)
            {
                Console.WriteLine(handler(Order.Sample(i)));
            }

            var indented = new JsonSerializerOptions { WriteIndented = true };
            Console.WriteLine(JsonSerializer.Serialize(Order.Sample(9), indented));
            """ + Model);

    private static async Task AssertSameOutputAsync(string program)
    {
        var analyzer = new JsonSerializerOptionsCreatedPerCallAnalyzer();
        var fixedProgram = await FixRunner.ApplyFixAllAsync(program, analyzer, new JsonSerializerOptionsCreatedPerCallFixer(), OutputKind.ConsoleApplication, TestReferences.Net10);
        Assert.NotEqual(program, fixedProgram);

        var (solution, document) = FixRunner.CreateProject(fixedProgram, OutputKind.ConsoleApplication, TestReferences.Net10);
        var remaining = (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(document)!.Project, analyzer)).Where(d => d.Id == Rules.OptionsCreatedPerCallId);
        Assert.Empty(remaining);

        var (before, after) = ProgramRunner.RunBeforeAndAfter(program, fixedProgram);
        Assert.StartsWith("marker", Encoding.UTF8.GetString(before));
        Assert.Equal(Encoding.UTF8.GetString(before), Encoding.UTF8.GetString(after));
        Assert.Equal(before, after);
    }
}
