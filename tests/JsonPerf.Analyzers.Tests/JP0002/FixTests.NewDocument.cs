using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;

namespace JsonPerf.Analyzers.Tests.JP0002;

/// <summary>
/// A scaffolded context goes into a new document named after it (one type per file, SA1402), beside the
/// project's other contexts or at its root; a one-file program keeps it at the end of its only file.
/// </summary>
public partial class FixTests
{
    [Fact]
    public async Task Scaffolds_the_context_in_a_new_document_named_after_it()
    {
        var (before, after) = await FixAllInProjectAsync(("Program.cs", ReuseProgram), ("Models.cs", ReuseModels));

        Assert.Equal(before.Documents.Count() + 1, after.Documents.Count());
        var context = after.Documents.Single(d => d.Name == "AppJsonContext.cs");
        Assert.Equal("/src/AppJsonContext.cs", context.FilePath);
        Assert.Empty(context.Folders);
        // The calling code's namespace (the project has no root namespace here), its block style, only the using it needs.
        Assert.Equal("""
            using System.Text.Json.Serialization;

            namespace Shop
            {
                [JsonSerializable(typeof(Order))]
                [JsonSerializable(typeof(Line))]
                internal partial class AppJsonContext : JsonSerializerContext
                {
                }
            }

            """.ReplaceLineEndings("\n"), (await context.GetTextAsync()).ToString());

        var program = await TextAsync(after, "Program.cs");
        Assert.DoesNotContain("class AppJsonContext", program);
        AssertContains("JsonSerializer.Serialize(order, AppJsonContext.Default.Order)", program);
        Assert.Equal(await TextAsync(before, "Models.cs"), await TextAsync(after, "Models.cs"));
        await AssertSameOutputAsync(before, after);
        Assert.Empty(await JP0002Async(after));
    }

    [Fact]
    public async Task The_new_document_goes_beside_the_projects_other_contexts_in_their_namespace_and_style()
    {
        var program = """
            using System;
            using System.Collections.Generic;
            using System.Text.Json;
            using Shop.Models;

            namespace App.Services;

            public static class Program
            {
                public static void Main()
                {
                    var order = new Order { Id = 7, CustomerName = "Ada", Lines = { new Line { Sku = "A", Quantity = 2 } } };
                    Console.WriteLine(JsonSerializer.Serialize(order));
                    Console.WriteLine(JsonSerializer.Serialize(new List<Order> { order }));
                }
            }
            """;
        var models = ReuseModels.Replace("namespace Shop", "namespace Shop.Models", System.StringComparison.Ordinal);
        var camel = """
            using System.Text.Json.Serialization;
            using Shop.Models;

            namespace App.Json;

            [JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
            [JsonSerializable(typeof(Order))]
            internal partial class CamelContext : JsonSerializerContext
            {
            }
            """;
        var (before, after) = await FixAllInProjectAsync(("Services/Program.cs", program), ("Models/Models.cs", models), ("Json/CamelContext.cs", camel));

        var context = after.Documents.Single(d => d.Name == "AppJsonContext.cs");
        Assert.Equal("/src/Json/AppJsonContext.cs", context.FilePath);
        Assert.Equal(new[] { "Json" }, context.Folders);
        Assert.Equal("""
            using System.Collections.Generic;
            using System.Text.Json.Serialization;
            using Shop.Models;

            namespace App.Json;

            [JsonSerializable(typeof(Order))]
            [JsonSerializable(typeof(List<Order>))]
            internal partial class AppJsonContext : JsonSerializerContext
            {
            }

            """.ReplaceLineEndings("\n"), (await context.GetTextAsync()).ToString());
        AssertContains("JsonSerializer.Serialize(order, Json.AppJsonContext.Default.Order)", await TextAsync(after, "Program.cs"));
        await AssertSameOutputAsync(before, after);
    }

    [Fact]
    public async Task Without_other_contexts_the_new_document_goes_to_the_project_root_in_the_root_namespace()
    {
        var (solution, id) = CreateProject(ReuseProgram, OutputKind.ConsoleApplication, TestReferences.Net10);
        solution = solution.WithProjectFilePath(id.ProjectId, "/repo/Shop.Api/Shop.Api.csproj")
            .WithProjectDefaultNamespace(id.ProjectId, "Shop.Api")
            .WithDocumentFilePath(id, "/repo/Shop.Api/Endpoints/Program.cs")
            .WithDocumentFolders(id, new[] { "Endpoints" })
            .AddDocument(DocumentId.CreateNewId(id.ProjectId), "Models.cs", ReuseModels, new[] { "Domain" }, "/repo/Shop.Api/Domain/Models.cs");
        var after = (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer)).GetProject(id.ProjectId)!;

        var context = after.Documents.Single(d => d.Name == "AppJsonContext.cs");
        Assert.Equal("/repo/Shop.Api/AppJsonContext.cs", context.FilePath);
        Assert.Empty(context.Folders);
        var text = (await context.GetTextAsync()).ToString();
        AssertContains("namespace Shop.Api\n{\n    [JsonSerializable(typeof(Order))]", text);
        Assert.DoesNotContain("using Shop;", text);
        AssertContains("JsonSerializer.Serialize(order, Api.AppJsonContext.Default.Order)", await TextAsync(after, "Program.cs"));
        await AssertSameOutputAsync(solution.GetProject(id.ProjectId)!, after);
    }

    [Fact]
    public async Task Fix_all_across_two_documents_creates_one_new_document()
    {
        var report = """
            using System.Text.Json;

            namespace Shop
            {
                public static class Report
                {
                    public static string Write(Order order) => JsonSerializer.Serialize(order);
                    public static Line Read(string json) => JsonSerializer.Deserialize<Line>(json);
                }
            }
            """;
        var (solution, id) = CreateProject(ReuseProgram, OutputKind.ConsoleApplication, TestReferences.Net10);
        solution = solution.AddDocument(DocumentId.CreateNewId(id.ProjectId), "Models.cs", ReuseModels, filePath: "/src/Models.cs")
            .AddDocument(DocumentId.CreateNewId(id.ProjectId), "Report.cs", report, filePath: "/src/Report.cs");
        var before = solution.GetProject(id.ProjectId)!;
        var after = (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer, FixAllScope.Project)).GetProject(id.ProjectId)!;

        Assert.Equal(before.Documents.Count() + 1, after.Documents.Count());
        Assert.Equal(new[] { "AppJsonContext" }, await ContextClassesAsync(after));
        var context = (await after.Documents.Single(d => d.Name == "AppJsonContext.cs").GetTextAsync()).ToString();
        Assert.Single(context.Split("[JsonSerializable(typeof(Order))]").Skip(1));
        Assert.Single(context.Split("[JsonSerializable(typeof(Line))]").Skip(1));
        AssertContains("JsonSerializer.Serialize(order, AppJsonContext.Default.Order)", await TextAsync(after, "Report.cs"));
        AssertContains("JsonSerializer.Deserialize<Line>(json, AppJsonContext.Default.Line)", await TextAsync(after, "Report.cs"));
        Assert.Empty(await JP0002Async(after));
        await AssertSameOutputAsync(before, after);
    }

    [Fact]
    public async Task Under_dotnet_format_the_context_goes_into_the_calling_file()
    {
        // MSBuildWorkspace would write <Compile Include> for a new document into the SDK-style project: NETSDK1022.
        var (solution, id) = FixRunner.CreateProject(ReuseProgram, OutputKind.ConsoleApplication, TestReferences.Net10, workspaceKind: WorkspaceKind.MSBuild);
        solution = SourceGeneration.WithGenerator(solution.GetProject(id.ProjectId)!).Solution
            .AddDocument(DocumentId.CreateNewId(id.ProjectId), "Models.cs", ReuseModels, filePath: "/src/Models.cs");
        var before = solution.GetProject(id.ProjectId)!;
        var after = (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer)).GetProject(id.ProjectId)!;

        Assert.Equal(before.Documents.Count(), after.Documents.Count());
        AssertContains("    [JsonSerializable(typeof(Order))]\n    [JsonSerializable(typeof(Line))]\n    internal partial class AppJsonContext : JsonSerializerContext", await TextAsync(after, "Program.cs"));
        await AssertSameOutputAsync(before, after);
    }

    [Fact]
    public async Task A_one_file_top_level_program_keeps_the_context_at_the_end_of_program_cs()
    {
        var source = """
            using System;
            using System.Text.Json;

            var point = new Point(1, 2);
            Console.WriteLine(JsonSerializer.Serialize(point));

            public record Point(int X, int Y);

            """;
        var (solution, id) = CreateProject(source, OutputKind.ConsoleApplication, TestReferences.Net10);
        // What the SDK adds to every project: generated files, not the project's own.
        solution = solution.AddDocument(DocumentId.CreateNewId(id.ProjectId), "Program.GlobalUsings.g.cs", "// <auto-generated/>\nglobal using System.Linq;\n", filePath: "/src/obj/Program.GlobalUsings.g.cs")
            .AddDocument(DocumentId.CreateNewId(id.ProjectId), "Program.AssemblyInfo.cs", "//------\n// <auto-generated>\n// </auto-generated>\n//------\n[assembly: System.Reflection.AssemblyTitle(\"Program\")]\n", filePath: "/src/obj/Program.AssemblyInfo.cs");
        var before = solution.GetProject(id.ProjectId)!;
        var after = (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer)).GetProject(id.ProjectId)!;

        Assert.Equal(before.Documents.Count(), after.Documents.Count());
        Assert.Equal("""
            using System;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            var point = new Point(1, 2);
            Console.WriteLine(JsonSerializer.Serialize(point, AppJsonContext.Default.Point));

            public record Point(int X, int Y);

            [JsonSerializable(typeof(Point))]
            internal partial class AppJsonContext : JsonSerializerContext
            {
            }

            """.ReplaceLineEndings("\n"), await TextAsync(after, "Program.cs"));
        await AssertSameOutputAsync(before, after);
    }
}
