using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.Layout;

/// <summary>JP0008 in an AOT app that targets net10.0 and net8.0: an endpoint under #if is left, the others registered.</summary>
public partial class EveryTargetTests
{
    [Fact]
    public async Task JP0008_registers_only_types_every_target_maps_alike()
    {
        var source = JP0008.MinimalApiTests.App.Replace(
            "        app.MapPost(\"/body\", ([FromBody] MissingBody body) => body.Name);\n",
            "#if NET10_0_OR_GREATER\n        app.MapPost(\"/body\", ([FromBody] MissingBody body) => body.Name);\n#endif\n",
            System.StringComparison.Ordinal);
        Assert.NotEqual(JP0008.MinimalApiTests.App, source);
        var (solution, net10, net8) = MultiTarget.Create(OutputKind.ConsoleApplication, aspNet: true, generator: true, "build_property.PublishAot = true\n", (Path, source));
        var analyzer = new MinimalApiMetadataAnalyzer();
        Assert.NotEmpty(await FixRunner.GetDiagnosticsAsync(solution.GetProject(net8)!, analyzer));

        var after = await MultiTarget.FixAllAsync(solution, analyzer, new MinimalApiMetadataFixer());

        await MultiTarget.AssertEveryTargetBuildsAsync(after);
        var text = await MultiTarget.TextAsync(after, net10, Path);
        Assert.Contains("[JsonSerializable(typeof(MissingAsync))]", text, System.StringComparison.Ordinal);
        Assert.Contains("[JsonSerializable(typeof(MissingInferred))]", text, System.StringComparison.Ordinal);
        Assert.DoesNotContain("[JsonSerializable(typeof(MissingBody))]", text, System.StringComparison.Ordinal);
    }
}
