using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>
/// C# 14 extension blocks: a getter that builds options per read there is reported, but a block may hold neither an
/// auto-property with an initializer nor a field (CS9282), so the getter fix is not offered (a review's finding).
/// </summary>
public class ExtensionBlockTests
{
    [Fact]
    public async Task A_getter_in_an_extension_block_is_reported_without_a_fix()
    {
        var source = """
            using System.Text.Json;

            internal static class E
            {
                extension(string)
                {
                    private static JsonSerializerOptions Opts => new() { WriteIndented = true };
                    public static string A(object v) => JsonSerializer.Serialize(v, string.Opts);
                }
            }
            """;
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var project = solution.GetDocument(id)!.Project;
        Assert.Empty((await project.GetCompilationAsync())!.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));

        var diagnostic = Assert.Single((await FixRunner.GetDiagnosticsAsync(project, new JsonSerializerOptionsCreatedPerCallAnalyzer())).Where(d => d.Id == "JP0001"));
        Assert.False(diagnostic.Properties.ContainsKey(DiagnosticProperties.FixKind));
    }
}
