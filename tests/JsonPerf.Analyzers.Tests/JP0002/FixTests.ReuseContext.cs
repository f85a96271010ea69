using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace JsonPerf.Analyzers.Tests.JP0002;

/// <summary>
/// A project's own context is reused whenever its generation options serialize as the call's options
/// do, compared setting by setting (a bare [JsonSourceGenerationOptions] is the defaults), never by attribute presence.
/// </summary>
public partial class FixTests
{
    private const string ReuseProgram = """
        using System;
        using System.Text.Json;

        namespace Shop
        {
            public static class Program
            {
                public static void Main()
                {
                    var order = new Order { Id = 7, CustomerName = "Ada <b> 山本", Lines = { new Line { Sku = "A-1", Quantity = 2 } } };
                    var json = JsonSerializer.Serialize(order);
                    Console.WriteLine(json);
                    var back = JsonSerializer.Deserialize<Order>("{\"Id\":3,\"CustomerName\":\"x\",\"Lines\":[{\"Sku\":\"Z\",\"Quantity\":4}]}");
                    Console.WriteLine(back.Id + " " + back.CustomerName + " " + back.Lines[0].Quantity);
                    Console.WriteLine(JsonSerializer.Serialize(new Line { Sku = "L", Quantity = 1 }));
                }
            }
        }
        """;

    private const string ReuseModels = """
        using System.Collections.Generic;

        namespace Shop
        {
            public class Line
            {
                public string Sku { get; set; }
                public int Quantity { get; set; }
            }

            public class Order
            {
                public int Id { get; set; }
                public string CustomerName { get; set; }
                public List<Line> Lines { get; set; } = new();
            }
        }
        """;

    [Theory]
    [InlineData("[JsonSourceGenerationOptions]")]
    [InlineData("[JsonSourceGenerationOptions(JsonSerializerDefaults.General)]")]
    [InlineData("[JsonSourceGenerationOptions(WriteIndented = false, PropertyNameCaseInsensitive = false, MaxDepth = 64, AllowDuplicateProperties = true, PropertyNamingPolicy = JsonKnownNamingPolicy.Unspecified)]")]
    public async Task Reuses_a_context_whose_generation_options_are_the_defaults(string options)
    {
        var context = $$"""
            using System.Text.Json;
            using System.Text.Json.Serialization;

            namespace Shop.Serialization
            {
                {{options}}
                [JsonSerializable(typeof(Order))]
                internal partial class ShopContext : JsonSerializerContext
                {
                }
            }
            """;
        var (before, after) = await FixAllInProjectAsync(("Program.cs", ReuseProgram), ("Models.cs", ReuseModels), ("Serialization/ShopContext.cs", context));

        Assert.Equal(new[] { "ShopContext" }, await ContextClassesAsync(after));
        var program = await TextAsync(after, "Program.cs");
        AssertContains("JsonSerializer.Serialize(order, Serialization.ShopContext.Default.Order)", program);
        AssertContains("JsonSerializer.Deserialize<Order>(\"{\\\"Id\\\":3,\\\"CustomerName\\\":\\\"x\\\",\\\"Lines\\\":[{\\\"Sku\\\":\\\"Z\\\",\\\"Quantity\\\":4}]}\", Serialization.ShopContext.Default.Order)", program);
        // A type it does not declare yet is registered on it, not on a new context.
        AssertContains("JsonSerializer.Serialize(new Line { Sku = \"L\", Quantity = 1 }, Serialization.ShopContext.Default.Line)", program);
        AssertContains("[JsonSerializable(typeof(Order))]\n    [JsonSerializable(typeof(Line))]\n    internal partial class ShopContext", await TextAsync(after, "ShopContext.cs"));
        Assert.Equal(before.Documents.Count(), after.Documents.Count());

        await AssertSameOutputAsync(before, after);
        Assert.Empty(await JP0002Async(after));
    }

    [Theory]
    [InlineData("[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]")]
    [InlineData("[JsonSourceGenerationOptions(JsonSerializerDefaults.Web)]")]
    [InlineData("[JsonSourceGenerationOptions(AllowDuplicateProperties = false)]")]
    [InlineData("[JsonSourceGenerationOptions(UseStringEnumConverter = true)]")]
    [InlineData("[JsonSourceGenerationOptions(Converters = new[] { typeof(JsonStringEnumConverter<System.DayOfWeek>) })]")]
    [InlineData("[JsonSourceGenerationOptions(RespectNullableAnnotations = false)]")]
    [InlineData("[JsonSourceGenerationOptions(GenerationMode = JsonSourceGenerationMode.Serialization)]")]
    // Web with the policy "Unspecified": not known to mean "no policy" to the generator, so not taken for the defaults.
    [InlineData("[JsonSourceGenerationOptions(JsonSerializerDefaults.Web, PropertyNamingPolicy = JsonKnownNamingPolicy.Unspecified, PropertyNameCaseInsensitive = false, NumberHandling = JsonNumberHandling.Strict)]")]
    public async Task Does_not_reuse_a_context_whose_generation_options_differ_from_the_calls(string options)
    {
        var context = $$"""
            using System.Text.Json;
            using System.Text.Json.Serialization;

            namespace Shop.Serialization
            {
                {{options}}
                [JsonSerializable(typeof(Order))]
                internal partial class ShopContext : JsonSerializerContext
                {
                }
            }
            """;
        var (before, after) = await FixAllInProjectAsync(("Program.cs", ReuseProgram), ("Models.cs", ReuseModels), ("Serialization/ShopContext.cs", context));

        Assert.Equal(2, (await ContextClassesAsync(after)).Length);
        Assert.DoesNotContain("ShopContext.Default", await TextAsync(after, "Program.cs"));
        await AssertSameOutputAsync(before, after);
    }

    [Fact]
    public async Task Static_web_options_reuse_a_context_with_the_same_settings_spelled_differently()
    {
        var program = """
            using System;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            namespace Shop
            {
                [JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, NumberHandling = JsonNumberHandling.AllowReadingFromString, PropertyNameCaseInsensitive = true, WriteIndented = false)]
                [JsonSerializable(typeof(Order))]
                internal partial class CamelContext : JsonSerializerContext
                {
                }

                public static class Program
                {
                    private static readonly JsonSerializerOptions s_web = new(JsonSerializerDefaults.Web) { PropertyNameCaseInsensitive = true };

                    public static void Main()
                    {
                        Console.WriteLine(JsonSerializer.Serialize(new Order { Id = 7, CustomerName = "Ada" }, s_web));
                        var back = JsonSerializer.Deserialize<Order>("{\"ID\":\"3\",\"customername\":\"x\"}", s_web);
                        Console.WriteLine(back.Id + " " + back.CustomerName);
                    }
                }
            }
            """;
        var (before, after) = await FixAllInProjectAsync(("Program.cs", program), ("Models.cs", ReuseModels));

        Assert.Equal(new[] { "CamelContext" }, await ContextClassesAsync(after));
        var text = await TextAsync(after, "Program.cs");
        AssertContains("JsonSerializer.Serialize(new Order { Id = 7, CustomerName = \"Ada\" }, CamelContext.Default.Order)", text);
        AssertContains("\"{\\\"ID\\\":\\\"3\\\",\\\"customername\\\":\\\"x\\\"}\", CamelContext.Default.Order)", text);
        await AssertSameOutputAsync(before, after);
    }

    /// <summary>Fix All (solution scope) from the first document of a console project of several documents under /src.</summary>
    private static async Task<(Project Before, Project After)> FixAllInProjectAsync(params (string Path, string Text)[] documents)
    {
        var (solution, id) = CreateProject(documents[0].Text, OutputKind.ConsoleApplication, TestReferences.Net10);
        solution = solution.WithDocumentName(id, System.IO.Path.GetFileName(documents[0].Path)).WithDocumentFilePath(id, "/src/" + documents[0].Path)
            .WithDocumentFolders(id, documents[0].Path.Split('/').SkipLast(1).ToArray());
        foreach (var (path, text) in documents.Skip(1))
        {
            var folders = path.Split('/').SkipLast(1).ToArray();
            solution = solution.AddDocument(DocumentId.CreateNewId(id.ProjectId), System.IO.Path.GetFileName(path), text, folders, "/src/" + path);
        }

        var changed = await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer);
        var after = changed.GetProject(id.ProjectId)!;
        await SourceGeneration.CompileAsync(after);
        return (solution.GetProject(id.ProjectId)!, after);
    }

    /// <summary>The names of the classes written in the project that derive from JsonSerializerContext, in document order.</summary>
    private static async Task<string[]> ContextClassesAsync(Project project)
    {
        var compilation = (await project.GetCompilationAsync())!;
        var names = new System.Collections.Generic.List<string>();
        foreach (var document in project.Documents.OrderBy(d => d.FilePath, System.StringComparer.Ordinal))
        {
            var tree = (await document.GetSyntaxTreeAsync())!;
            var model = compilation.GetSemanticModel(tree);
            names.AddRange(tree.GetRoot().DescendantNodes().OfType<ClassDeclarationSyntax>()
                .Where(c => model.GetDeclaredSymbol(c)?.BaseType?.ToDisplayString() == "System.Text.Json.Serialization.JsonSerializerContext")
                .Select(c => c.Identifier.ValueText));
        }

        return names.ToArray();
    }
}
