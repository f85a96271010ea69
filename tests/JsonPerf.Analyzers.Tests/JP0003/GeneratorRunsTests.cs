using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0003;

/// <summary>
/// In a real project the System.Text.Json source generator runs and writes the other part of the context (in a
/// generated file): the rule, which makes no callback in generated code, still sees the user's attribute.
/// </summary>
public class GeneratorRunsTests
{
    [Fact]
    public async Task Reports_the_attribute_argument_of_a_context_the_generator_completes()
    {
        const string source = """
            using System.Text.Json.Serialization;

            public class Order { public int Id { get; set; } }

            [JsonSourceGenerationOptions(PropertyNameCaseInsensitive = true)]
            [JsonSerializable(typeof(Order))]
            public partial class ReadContext : JsonSerializerContext { }
            """;
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var project = SourceGeneration.WithGenerator(solution.GetDocument(id)!.Project);
        var compilation = (await project.GetCompilationAsync())!;
        Assert.True(compilation.SyntaxTrees.Count() > 1, "the generator did not run");
        var diagnostics = await FixRunner.GetDiagnosticsAsync(project, new PropertyNameCaseInsensitiveWithoutNamingPolicyAnalyzer());
        var reported = Assert.Single(diagnostics, d => d.Id == "JP0003");
        Assert.Equal("PropertyNameCaseInsensitive = true", reported.Location.SourceTree!.GetText().ToString(reported.Location.SourceSpan));
    }
}
