using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;

namespace JsonPerf.Analyzers.Tests.JP0002;

/// <summary>
/// Under <c>dotnet format</c> a new context for calls spread over several files goes into the file that
/// holds most of them, and not right under a <c>#pragma warning restore</c> that ends that file.
/// </summary>
public partial class FixTests
{
    private const string OneCall = """
        using System.Text.Json;

        namespace Shop
        {
            public static class Audit
            {
                public static string Write(Order order) => JsonSerializer.Serialize(order);
            }
        }
        """;

    private const string ThreeCalls = """
        using System.Collections.Generic;
        using System.Text.Json;

        namespace Shop
        {
            public class Order { public int Id { get; set; } }
            public class Line { public string Sku { get; set; } = "a"; }

            public static class Store
            {
                public static string Save(Order order) => JsonSerializer.Serialize(order);
                public static Order Load(string json) => JsonSerializer.Deserialize<Order>(json);
                public static string SaveLines(List<Line> lines) => JsonSerializer.Serialize(lines);
            }
        }
        """;

    [Fact]
    public async Task Under_dotnet_format_a_new_context_goes_into_the_file_with_most_of_its_calls()
    {
        // The project's first file holds one call; the second holds three: the context goes with the three.
        var (solution, id) = FixRunner.CreateProject(OneCall, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10, workspaceKind: WorkspaceKind.MSBuild);
        solution = SourceGeneration.WithGenerator(solution.GetProject(id.ProjectId)!).Solution
            .WithDocumentName(id, "Audit.cs").WithDocumentFilePath(id, "/src/Audit.cs")
            .AddDocument(DocumentId.CreateNewId(id.ProjectId), "Store.cs", ThreeCalls, filePath: "/src/Store.cs");
        var after = (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer, FixAllScope.Project)).GetProject(id.ProjectId)!;

        var store = await TextAsync(after, "Store.cs");
        var audit = await TextAsync(after, "Audit.cs");
        AssertContains("    internal partial class ProgramJsonContext : JsonSerializerContext", store);
        Assert.DoesNotContain("JsonSerializerContext", audit, System.StringComparison.Ordinal);
        AssertContains("JsonSerializer.Serialize(order, ProgramJsonContext.Default.Order)", audit);
        AssertContains("JsonSerializer.Deserialize<Order>(json, ProgramJsonContext.Default.Order)", store);
        Assert.Empty(await JP0002Async(after.Solution));
        await SourceGeneration.CompileAsync(after);
    }

    [Theory]
    [InlineData(false, true)]
    [InlineData(true, true)]
    [InlineData(true, false)]
    public async Task Under_dotnet_format_a_new_context_is_not_glued_under_a_trailing_pragma_restore(bool fileScoped, bool finalNewline)
    {
        var source = fileScoped
            ? """
              using System.Text.Json;

              namespace Shop;

              #pragma warning disable CS0618
              public class Order { public int Id { get; set; } }

              public static class Store
              {
                  public static string Save(Order order) => JsonSerializer.Serialize(order);
              }
              #pragma warning restore CS0618

              """
            : """
              using System.Text.Json;

              namespace Shop
              {
              #pragma warning disable CS0618
                  public class Order { public int Id { get; set; } }

                  public static class Store
                  {
                      public static string Save(Order order) => JsonSerializer.Serialize(order);
                  }
              #pragma warning restore CS0618
              }

              """;
        source = finalNewline ? source : source.TrimEnd('\n');
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10, workspaceKind: WorkspaceKind.MSBuild);
        solution = SourceGeneration.WithGenerator(solution.GetProject(id.ProjectId)!).Solution;
        var after = (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer, FixAllScope.Project)).GetProject(id.ProjectId)!;

        var text = (await after.Documents.Single(d => d.Id == id).GetTextAsync()).ToString();
        // After the restore, a blank line between, the context outside the region the pragma disables.
        var context = fileScoped
            ? "#pragma warning restore CS0618\n\n[JsonSerializable(typeof(Order))]\ninternal partial class ProgramJsonContext : JsonSerializerContext\n{\n}"
            : "#pragma warning restore CS0618\n\n    [JsonSerializable(typeof(Order))]\n    internal partial class ProgramJsonContext : JsonSerializerContext\n    {\n    }\n}";
        AssertContains(context, text);
        Assert.Empty(await JP0002Async(after.Solution));
        await SourceGeneration.CompileAsync(after);
    }
}
