using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.Layout;

/// <summary>
/// A fix is withheld under <c>#if</c> only where it would edit code the targets compile differently, decided by the
/// symbols it rewrites and the spans of the regions: never because a region's text contains the name of a local.
/// Shapes of Anthropic.SDK's request and stream paths, in a net10.0 + net8.0 project.
/// </summary>
public partial class EveryTargetTests
{
    private const string HotPaths = """
        using System;
        using System.IO;
        using System.Text;
        using System.Text.Encodings.Web;
        using System.Text.Json;
        using System.Text.Unicode;
        using System.Threading.Tasks;

        public class Event { public string Type { get; set; } public string Text { get; set; } }

        public static class Program
        {
            public static async Task Main()
            {
                for (var i = 0; i < 2; i++)
                {
                    Console.WriteLine((await ReadEvent("{\"Type\":\"delta\",\"Text\":\"Paris é\"}")).Text);
                    Console.WriteLine(Describe("{\"Type\":\"stop\",\"Text\":\"<b> é\"}"));
                    Console.WriteLine(Inactive(new Event { Type = "a", Text = "é" }));
                    Console.WriteLine(LongerName(new Event { Type = "b", Text = "<i>" }));
                }
            }

            // The stream path: options and encoder built inline in the initializer of `res`; `response` is under #if.
            private static async Task<Event> ReadEvent(string data)
            {
                var response = data.Length;
        #if NET10_0_OR_GREATER
                Console.Write(response > 0 ? "" : "empty");
        #else
                Console.Write(response > 0 ? "" : "none");
        #endif
                using var ms = new MemoryStream(Encoding.UTF8.GetBytes(data));
                var res = await JsonSerializer.DeserializeAsync<Event>(ms, new JsonSerializerOptions
                {
                    Encoder = JavaScriptEncoder.Create(UnicodeRanges.All),
                });
                return res;
            }

            // The response path: the options local is used in both branches of an #if; its encoder is not.
            private static string Describe(string data)
            {
                var options = new JsonSerializerOptions
                {
                    Encoder = JavaScriptEncoder.Create(UnicodeRanges.All),
                };
        #if NET10_0_OR_GREATER
                var value = JsonSerializer.Deserialize<Event>(data, options);
        #else
                var value = JsonSerializer.Deserialize<Event>(data, options);
        #endif
                return JsonSerializer.Serialize(value, options);
            }

            // Used outside #if here, and in a branch only the other target compiles.
            private static string Inactive(Event value)
            {
                var options = new JsonSerializerOptions { WriteIndented = true };
                var json = JsonSerializer.Serialize(value, options);
        #if !NET10_0_OR_GREATER
                json += JsonSerializer.Serialize(value, options);
        #endif
                return json;
            }

            // An #if region names `optionsText`, never the local `options`.
            private static string LongerName(Event value)
            {
                var options = new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase };
        #if NET10_0_OR_GREATER
                var optionsText = "net10";
        #else
                var optionsText = "net8";
        #endif
                return JsonSerializer.Serialize(value, options) + optionsText.Length;
            }
        }
        """;

    [Fact]
    public async Task An_if_region_that_names_a_longer_identifier_withholds_no_fix()
    {
        var (solution, net10, _) = MultiTarget.Create(OutputKind.ConsoleApplication, aspNet: false, generator: false, targetFrameworksVisible: true, (Path, HotPaths));
        var project = solution.GetProject(net10)!;
        var options = (await FixRunner.GetDiagnosticsAsync(project, new JsonSerializerOptionsCreatedPerCallAnalyzer())).OrderBy(d => d.Location.SourceSpan.Start).ToList();
        var encoders = (await FixRunner.GetDiagnosticsAsync(project, new JavaScriptEncoderCreatedPerCallAnalyzer())).OrderBy(d => d.Location.SourceSpan.Start).ToList();

        Assert.Equal(4, options.Count);
        Assert.Equal(new[] { true, false, false, true }, options.Select(d => d.Properties.Count > 0));
        Assert.Equal(new[] { false, true, true, false }, options.Select(d => d.GetMessage().EndsWith(Rules.NoFixForTargets, System.StringComparison.Ordinal)));
        Assert.Equal(2, encoders.Count);
        Assert.All(encoders, d => Assert.NotEmpty(d.Properties));
        Assert.All(encoders, d => Assert.DoesNotContain("(no fix: ", d.GetMessage(), System.StringComparison.Ordinal));
    }

    /// <summary>
    /// Run together, as the package hosts them: JP0004 leaves the stream path's encoder to JP0001, whose fix hoists the
    /// options with it, but reports the response path's, whose options JP0001 cannot fix (their local is used under #if).
    /// </summary>
    [Fact]
    public async Task JP0004_leaves_an_encoder_to_JP0001_only_where_JP0001s_fix_is_offered()
    {
        var (solution, net10, _) = MultiTarget.Create(OutputKind.ConsoleApplication, aspNet: false, generator: false, targetFrameworksVisible: true, (Path, HotPaths));
        var diagnostics = await FixRunner.GetDiagnosticsAsync(solution.GetProject(net10)!, new JsonSerializerOptionsCreatedPerCallAnalyzer(), new JavaScriptEncoderCreatedPerCallAnalyzer());
        var encoder = Assert.Single(diagnostics, d => d.Id == "JP0004");
        Assert.NotEmpty(encoder.Properties);
        var text = encoder.Location.SourceTree!.ToString();
        Assert.True(text.IndexOf("Describe(string data)", System.StringComparison.Ordinal) < encoder.Location.SourceSpan.Start
                    && encoder.Location.SourceSpan.Start < text.IndexOf("Inactive(Event value)", System.StringComparison.Ordinal), encoder.ToString());
    }

    [Fact]
    public async Task The_hot_paths_are_fixed_in_both_targets_and_print_the_same()
    {
        var (solution, net10, _) = MultiTarget.Create(OutputKind.ConsoleApplication, aspNet: false, generator: false, targetFrameworksVisible: true, (Path, HotPaths));
        await MultiTarget.AssertEveryTargetBuildsAsync(solution);

        var encoders = await MultiTarget.FixAllAsync(solution, new JavaScriptEncoderCreatedPerCallAnalyzer(), new CodeFixes.JavaScriptEncoderCreatedPerCallFixer());
        var after = await MultiTarget.FixAllAsync(encoders, new JsonSerializerOptionsCreatedPerCallAnalyzer(), new CodeFixes.JsonSerializerOptionsCreatedPerCallFixer());

        await MultiTarget.AssertEveryTargetBuildsAsync(after);
        var text = await MultiTarget.TextAsync(after, net10, Path);
        Assert.Single(System.Text.RegularExpressions.Regex.Matches(text, @"JavaScriptEncoder\.Create\(").Cast<System.Text.RegularExpressions.Match>());
        Assert.DoesNotContain("DeserializeAsync<Event>(ms, new JsonSerializerOptions", text, System.StringComparison.Ordinal);
        // Declined where the local really is used under #if: in both branches, and in a branch the other target compiles.
        Assert.Equal(2, System.Text.RegularExpressions.Regex.Matches(text, @"var options = new JsonSerializerOptions").Count);

        var expected = ProgramRunner.Run((await solution.GetProject(net10)!.GetCompilationAsync())!);
        Assert.NotEmpty(expected);
        Assert.Equal(System.Text.Encoding.UTF8.GetString(expected), System.Text.Encoding.UTF8.GetString(ProgramRunner.Run((await after.GetProject(net10)!.GetCompilationAsync())!)));
    }
}
