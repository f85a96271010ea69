using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.Layout;

/// <summary>Where a fix is withheld because the code is under #if in a multi-targeted project, the message says so.</summary>
public partial class EveryTargetTests
{
    private const string Sites = """
        using System.Text;
        using System.Text.Json;

        public class Order { public int Id { get; set; } }

        public static class C
        {
            public static byte[] Shared(Order order) => Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order));

            public static byte[] Folded(Order order)
            {
        #if NET10_0_OR_GREATER
                var json = JsonSerializer.Serialize(order);
        #else
                var json = JsonSerializer.Serialize(order) + " ";
        #endif
                return Encoding.UTF8.GetBytes(json);
            }

            public static byte[] Branch(Order order)
            {
        #if NET10_0_OR_GREATER
                return Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order));
        #else
                return new byte[0];
        #endif
            }
        }
        """;

    [Fact]
    public async Task Options_in_a_local_used_under_if_say_why_they_have_no_fix()
    {
        // Anthropic.SDK's response reader: the options are created outside #if and used in both branches, so each
        // target's fix would rewrite another branch; the every-target check withholds it, and the message says why.
        const string source = """
            using System.IO;
            using System.Text.Json;
            using System.Threading.Tasks;

            public class Order { public int Id { get; set; } }

            public static class C
            {
                public static async Task<Order> Read(Stream stream)
                {
                    var options = new JsonSerializerOptions { WriteIndented = true };
            #if NET10_0_OR_GREATER
                    return await JsonSerializer.DeserializeAsync<Order>(stream, options);
            #else
                    return JsonSerializer.Deserialize<Order>(new StreamReader(stream).ReadToEnd(), options);
            #endif
                }

                public static string Write(Order order)
                {
                    var options = new JsonSerializerOptions { WriteIndented = true };
                    return JsonSerializer.Serialize(order, options);
                }
            }
            """;
        var (solution, net10, _) = MultiTarget.Create(OutputKind.DynamicallyLinkedLibrary, aspNet: false, generator: false, targetFrameworksVisible: true, (Path, source));
        var diagnostics = (await FixRunner.GetDiagnosticsAsync(solution.GetProject(net10)!, new JsonSerializerOptionsCreatedPerCallAnalyzer())).OrderBy(d => d.Location.SourceSpan.Start).ToList();

        Assert.Equal(2, diagnostics.Count);
        Assert.EndsWith(Rules.NoFixForTargets, diagnostics[0].GetMessage(), System.StringComparison.Ordinal);
        Assert.Empty(diagnostics[0].Properties);
        Assert.DoesNotContain("(no fix: ", diagnostics[1].GetMessage(), System.StringComparison.Ordinal);
        Assert.NotEmpty(diagnostics[1].Properties);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task A_site_under_if_in_a_multi_targeted_project_says_why_it_has_no_fix(bool targetFrameworksVisible)
    {
        var (solution, net10, _) = MultiTarget.Create(OutputKind.DynamicallyLinkedLibrary, aspNet: false, generator: false, targetFrameworksVisible, (Path, Sites));
        var diagnostics = (await FixRunner.GetDiagnosticsAsync(solution.GetProject(net10)!, new Utf16DetourAnalyzer())).OrderBy(d => d.Location.SourceSpan.Start).ToList();

        Assert.Equal(3, diagnostics.Count);
        Assert.NotEmpty(diagnostics[0].Properties);
        Assert.DoesNotContain("(no fix: ", diagnostics[0].GetMessage(), System.StringComparison.Ordinal);
        // A site outside #if whose fix folds a declaration under it.
        Assert.Equal(targetFrameworksVisible, diagnostics[1].GetMessage().EndsWith(Rules.NoFixForTargets, System.StringComparison.Ordinal));
        var branch = diagnostics[2];
        Assert.True(targetFrameworksVisible == branch.GetMessage().EndsWith(Rules.NoFixForTargets, System.StringComparison.Ordinal), branch.GetMessage());
        Assert.Equal(targetFrameworksVisible, branch.Properties.IsEmpty);
        Assert.Equal(diagnostics[0].Descriptor.HelpLinkUri, branch.Descriptor.HelpLinkUri);
        Assert.Equal(DiagnosticSeverity.Warning, branch.Severity);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task Options_configured_under_if_say_why_they_have_no_fix(bool multiTargeted)
    {
        const string source = """
            using System.Text.Json;

            public static class C
            {
                public static string Write(int value)
                {
                    var options = new JsonSerializerOptions();
            #if NET10_0_OR_GREATER
                    options.WriteIndented = true;
            #endif
                    return JsonSerializer.Serialize(value, options);
                }
            }
            """;
        var (solution, net10, _) = MultiTarget.Create(OutputKind.DynamicallyLinkedLibrary, aspNet: false, generator: false, multiTargeted, (Path, source));
        var diagnostic = Assert.Single(await FixRunner.GetDiagnosticsAsync(solution.GetProject(net10)!, new JsonSerializerOptionsCreatedPerCallAnalyzer()), d => d.Id == Rules.OptionsCreatedPerCallId);

        Assert.Equal(multiTargeted, diagnostic.GetMessage().EndsWith(Rules.NoFixForTargets, System.StringComparison.Ordinal));
        Assert.Equal(multiTargeted, diagnostic.Properties.IsEmpty);
    }
}
