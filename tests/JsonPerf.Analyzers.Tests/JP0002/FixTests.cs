using System.Collections.Immutable;
using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;

namespace JsonPerf.Analyzers.Tests.JP0002;

/// <summary>
/// The fix on real projects: the System.Text.Json source generator runs on the fixed code (a context that does not
/// generate fails), no JP0002 is left where a fix was offered, and programs print the same bytes before and after.
/// </summary>
public partial class FixTests
{
    private static readonly ReflectionSerializationAnalyzer Analyzer = new();
    private static readonly ReflectionSerializationFixer Fixer = new();

    internal const string Models = """
        namespace Shop
        {
            using System;
            using System.Collections.Generic;

            public enum Status { Pending, Shipped }
            public record Line(string Sku, int Quantity);
            public class Order
            {
                public int Id { get; set; }
                public string Customer { get; set; }
                public Status Status { get; set; }
                public decimal? Discount { get; set; }
                public DateTime CreatedAt { get; set; }
                public List<Line> Lines { get; set; } = new();
                public Dictionary<string, int> Stock { get; set; } = new();
                public string[] Tags { get; set; }
                public static Order Sample(int id) => new Order
                {
                    Id = id, Customer = "Ada <Lovelace> & \"Co\" 山本太郎", Status = Status.Shipped, CreatedAt = new DateTime(2024, 5, 1, 12, 0, 0, DateTimeKind.Utc),
                    Lines = { new Line("A-1", 2), new Line("B-2", 1) }, Stock = { ["A-1"] = 3 }, Tags = new[] { "x", "y" },
                };
            }
        }
        """;

    internal const string Program = """
        using System;
        using System.Collections.Generic;
        using System.Text.Json;
        using Shop;

        namespace App
        {
            public static class Program
            {
                public static void Main()
                {
                    Console.WriteLine("marker");
                    var order = Order.Sample(7);
                    var json = JsonSerializer.Serialize(order);
                    Console.WriteLine(json);
                    var back = JsonSerializer.Deserialize<Order>(json);
                    Console.WriteLine(back.Customer + " " + back.Lines[1].Sku + " " + back.Discount + " " + back.Stock["A-1"] + " " + back.CreatedAt.ToString("O"));
                    Console.WriteLine(JsonSerializer.Serialize(new List<Order> { order, Order.Sample(8) }));
                    Console.WriteLine(JsonSerializer.Serialize(order, typeof(Order)));
                    var list = JsonSerializer.Deserialize<List<Order>>("[{\"Id\":1,\"Status\":1,\"Lines\":[{\"Sku\":\"Z\",\"Quantity\":4}]}]");
                    Console.WriteLine(list[0].Id + " " + list[0].Status + " " + list[0].Lines[0].Quantity);
                    Console.WriteLine(JsonSerializer.Serialize(new Dictionary<string, int> { ["a"] = 1 }));
                    Console.WriteLine(JsonSerializer.Serialize(Status.Pending, options: null));
                    Console.WriteLine(JsonSerializer.SerializeToUtf8Bytes(order).Length);
                    Console.WriteLine(JsonSerializer.Deserialize("{\"Id\":3}", typeof(Order)) is Order { Id: 3 });
                }
            }
        }
        """;

    [Fact]
    public async Task Fix_all_scaffolds_one_context_that_generates_and_the_program_prints_the_same()
    {
        var (before, after) = await FixAllAsync(Program + Models);

        // A one-file program: the context goes at the end of its file (ContextScaffolding; other projects get a new file).
        Assert.Equal(before.Documents.Count(), after.Documents.Count());
        AssertContains("""
                    }
                }

                [JsonSerializable(typeof(Order))]
                [JsonSerializable(typeof(List<Order>))]
                [JsonSerializable(typeof(Dictionary<string, int>))]
                [JsonSerializable(typeof(Status))]
                internal partial class AppJsonContext : JsonSerializerContext
                {
                }
            }
            """, await TextAsync(after, "Program.cs"));
        AssertContains("using System.Text.Json;\nusing System.Text.Json.Serialization;\nusing Shop;", await TextAsync(after, "Program.cs"));

        var program = await TextAsync(after, "Program.cs");
        AssertContains("JsonSerializer.Serialize(order, AppJsonContext.Default.Order)", program);
        AssertContains("JsonSerializer.Deserialize<Order>(json, AppJsonContext.Default.Order)", program);
        AssertContains("JsonSerializer.Serialize(new List<Order> { order, Order.Sample(8) }, AppJsonContext.Default.ListOrder)", program);
        AssertContains("JsonSerializer.Serialize(order, typeof(Order), AppJsonContext.Default)", program);
        AssertContains("JsonSerializer.Serialize(Status.Pending, jsonTypeInfo: AppJsonContext.Default.Status)", program);
        AssertContains("JsonSerializer.Deserialize(\"{\\\"Id\\\":3}\", typeof(Order), AppJsonContext.Default)", program);

        await AssertSameOutputAsync(before, after);
        Assert.Empty(await JP0002Async(after));
    }

    [Fact]
    public async Task Registers_on_an_existing_context_with_default_options_and_leaves_option_contexts_alone()
    {
        var source = Program + Models + """
            namespace Shop.Json
            {
                using System.Text.Json.Serialization;

                [JsonSourceGenerationOptions(WriteIndented = true)]
                [JsonSerializable(typeof(Shop.Order))]
                internal partial class IndentedContext : JsonSerializerContext { }

                [JsonSerializable(typeof(Shop.Line))]
                internal partial class ShopContext : JsonSerializerContext { }
            }
            """;
        var (before, after) = await FixAllAsync(source);

        Assert.Equal(before.Documents.Count(), after.Documents.Count());
        var program = await TextAsync(after, "Program.cs");
        AssertContains("JsonSerializer.Serialize(order, Shop.Json.ShopContext.Default.Order)", program);
        Assert.DoesNotContain("IndentedContext.Default", program);
        AssertContains("""
                [JsonSerializable(typeof(Shop.Line))]
                [JsonSerializable(typeof(Order))]
                [JsonSerializable(typeof(List<Order>))]
                [JsonSerializable(typeof(Dictionary<string, int>))]
                [JsonSerializable(typeof(Status))]
                internal partial class ShopContext : JsonSerializerContext { }
            """.ReplaceLineEndings("\n"), program.ReplaceLineEndings("\n"));

        await AssertSameOutputAsync(before, after);
        Assert.Empty(await JP0002Async(after));
    }

    [Fact]
    public async Task Uses_a_registration_that_is_already_there()
    {
        var source = """
            using System;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public class Point { public int X { get; set; } public int Y { get; set; } }

            [JsonSerializable(typeof(Point), TypeInfoPropertyName = "P")]
            internal partial class PointContext : JsonSerializerContext { }

            public static class Program
            {
                public static void Main() => Console.WriteLine(JsonSerializer.Serialize(new Point { X = 1, Y = 2 }));
            }
            """;
        var (before, after) = await FixAllAsync(source);

        var program = await TextAsync(after, "Program.cs");
        AssertContains("JsonSerializer.Serialize(new Point { X = 1, Y = 2 }, PointContext.Default.P)", program);
        Assert.Single(program.Split("[JsonSerializable").Skip(1));
        await AssertSameOutputAsync(before, after);
    }

    [Fact]
    public async Task Names_a_clashing_type_after_its_namespace()
    {
        var source = """
            using System;
            using System.Text.Json;

            namespace Shop { public class Order { public int Id { get; set; } } }
            namespace Billing { public class Order { public string Number { get; set; } } }

            public static class Program
            {
                public static void Main()
                {
                    Console.WriteLine(JsonSerializer.Serialize(new Shop.Order { Id = 1 }));
                    Console.WriteLine(JsonSerializer.Serialize(new Billing.Order { Number = "B-1" }));
                }
            }
            """;
        var (before, after) = await FixAllAsync(source);

        var context = await TextAsync(after, "Program.cs");
        AssertContains("[JsonSerializable(typeof(Billing.Order), TypeInfoPropertyName = \"BillingOrder\")]", context);
        AssertContains("AppJsonContext.Default.BillingOrder", await TextAsync(after, "Program.cs"));
        await AssertSameOutputAsync(before, after);
    }

    [Theory]
    [InlineData("public object Payload { get; set; }")]
    [InlineData("public System.Collections.Generic.List<object> Items { get; set; }")]
    [InlineData("[System.Text.Json.Serialization.JsonInclude] private int Hidden { get; set; }")]
    [InlineData("public dynamic Loose { get; set; }")]
    public async Task Neither_reports_nor_fixes_when_generated_metadata_may_serialize_differently(string member)
    {
        var source = $$"""
            using System;
            using System.Text.Json;

            public class Envelope { public int Id { get; set; } {{member}} }

            public static class Program
            {
                public static void Main() => Console.WriteLine(JsonSerializer.Serialize(new Envelope()));
            }
            """;
        var (before, after) = await FixAllAsync(source, expectGenerated: false);

        Assert.Equal(await TextAsync(before, "Program.cs"), await TextAsync(after, "Program.cs"));
        Assert.Empty(await JP0002Async(after));
    }

    [Theory]
    [InlineData("JsonSerializer.Serialize(new Point(), JsonSerializerOptions.Web)")]
    [InlineData("JsonSerializer.Serialize(new Point(), new JsonSerializerOptions { WriteIndented = true })")]
    public async Task Offers_no_fix_for_options_other_than_the_defaults(string call)
    {
        var source = $$"""
            using System;
            using System.Text.Json;

            public class Point { public int X { get; set; } }

            public static class Program
            {
                public static void Main() => Console.WriteLine({{call}});
            }
            """;
        var (before, after) = await FixAllAsync(source, expectGenerated: false);
        Assert.Equal(await TextAsync(before, "Program.cs"), await TextAsync(after, "Program.cs"));
        Assert.Single(await JP0002Async(after));
    }

    [Fact]
    public async Task Offers_no_fix_below_csharp_9_where_the_generator_does_not_run()
    {
        var source = """
            using System;
            using System.Text.Json;

            public class Point { public int X { get; set; } }

            public static class Program
            {
                public static void Main() { Console.WriteLine(JsonSerializer.Serialize(new Point())); }
            }
            """;
        var (solution, id) = CreateProject(source, OutputKind.ConsoleApplication, TestReferences.Net10, LanguageVersion.CSharp8);
        Assert.Single(await JP0002Async(solution));
        Assert.Null(await FixRunner.ApplyFirstFixAsync(solution.GetDocument(id)!, Analyzer, Fixer));
    }

    [Fact]
    public async Task A_public_context_is_not_used_for_an_internal_type()
    {
        var source = """
            using System;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            internal class Secret { public int X { get; set; } }
            public class Point { public int X { get; set; } }

            [JsonSerializable(typeof(Point))]
            public partial class PublicContext : JsonSerializerContext { }

            public static class Program
            {
                public static void Main() => Console.WriteLine(JsonSerializer.Serialize(new Secret { X = 4 }));
            }
            """;
        var (before, after) = await FixAllAsync(source);
        AssertContains("AppJsonContext.Default.Secret", await TextAsync(after, "Program.cs"));
        await AssertSameOutputAsync(before, after);
    }

    [Fact]
    public async Task One_fix_from_the_lightbulb_changes_only_its_call()
    {
        var (solution, id) = CreateProject(Program + Models, OutputKind.ConsoleApplication, TestReferences.Net10);
        var after = (await FixRunner.ApplyFirstFixAsync(solution.GetDocument(id)!, Analyzer, Fixer))!;

        var program = await TextAsync(after, "Program.cs");
        AssertContains("var json = JsonSerializer.Serialize(order, AppJsonContext.Default.Order);", program);
        AssertContains("JsonSerializer.Deserialize<Order>(json);", program);
        Assert.Equal((await JP0002Async(solution)).Length - 1, (await JP0002Async(after)).Length);
        await SourceGeneration.CompileAsync(after.GetDocument(id)!.Project);
    }

    [Fact]
    public async Task Fix_all_in_a_project_of_two_files_writes_one_context()
    {
        var (solution, id) = CreateProject(Program, OutputKind.ConsoleApplication, TestReferences.Net10);
        solution = solution.AddDocument(DocumentId.CreateNewId(id.ProjectId), "Models.cs", Models + """

            namespace Shop
            {
                public static class Report
                {
                    public static string Write(Order order) => System.Text.Json.JsonSerializer.Serialize(order);
                }
            }
            """, filePath: "/src/Models.cs");
        var before = solution.GetDocument(id)!.Project;
        var after = (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer, FixAllScope.Project)).GetProject(id.ProjectId)!;

        Assert.Single(await Task.WhenAll(after.Documents.Select(d => d.GetTextAsync())), t => t.ToString().Contains("class AppJsonContext", System.StringComparison.Ordinal));
        AssertContains("AppJsonContext.Default.Order", await TextAsync(after, "Models.cs"));
        Assert.Empty(await JP0002Async(after.Solution));
        await AssertSameOutputAsync(before, after);
    }

    private static (Solution Solution, DocumentId Document) CreateProject(string source, OutputKind outputKind, System.Collections.Immutable.ImmutableArray<MetadataReference> references, LanguageVersion languageVersion = LanguageVersion.Latest)
    {
        var (solution, id) = FixRunner.CreateProject(source, outputKind, references, languageVersion);
        return (SourceGeneration.WithGenerator(solution.GetProject(id.ProjectId)!).Solution, id);
    }

    private static void AssertContains(string expected, string text) => Unwrap.AssertContains(expected, text);

    private static async Task<(Project Before, Project After)> FixAllAsync(string source, bool expectGenerated = true)
    {
        var (solution, id) = CreateProject(source, OutputKind.ConsoleApplication, TestReferences.Net10);
        var changed = await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer);
        var after = changed.GetProject(id.ProjectId)!;
        if (expectGenerated)
        {
            await SourceGeneration.CompileAsync(after);
        }

        return (solution.GetProject(id.ProjectId)!, after);
    }

    private static async Task AssertSameOutputAsync(Project before, Project after)
    {
        var (expected, actual) = ProgramRunner.RunBeforeAndAfter(await SourceGeneration.CompileAsync(before), await SourceGeneration.CompileAsync(after));
        Assert.NotEmpty(expected);
        Assert.Equal(Encoding.UTF8.GetString(expected), Encoding.UTF8.GetString(actual));
        Assert.Equal(expected, actual);
    }

    private static async Task<ImmutableArray<Diagnostic>> JP0002Async(Solution solution)
        => (await FixRunner.GetDiagnosticsAsync(solution.Projects.Single(), Analyzer)).Where(d => d.Id == "JP0002").ToImmutableArray();

    private static Task<ImmutableArray<Diagnostic>> JP0002Async(Project project) => JP0002Async(project.Solution);

    private static Task<string> TextAsync(Solution solution, string name) => TextAsync(solution.Projects.Single(), name);

    private static async Task<string> TextAsync(Project project, string name)
        => (await project.Documents.Single(d => d.Name == name).GetTextAsync()).ToString();
}
