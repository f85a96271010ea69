using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonSerializerOptionsCreatedPerCallAnalyzer,
    JsonPerf.CodeFixes.JsonSerializerOptionsCreatedPerCallFixer>;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>
/// <c>dotnet format analyzers --diagnostics JP0001 JP0004</c> on a minimal-API style program: the two fixes touch the
/// same creation, and one run must fix both whichever goes first. Where the options fix moves the encoder with the
/// options, JP0004 does not report it (the two fixes in either order would write two results).
/// </summary>
public partial class FixTests
{
    private const string HandlerWithEncoder = """
        using System;
        using System.Text.Encodings.Web;
        using System.Text.Json;
        using System.Text.Unicode;

        Console.WriteLine("marker");
        Func<string, string> handler = name => JsonSerializer.Serialize(new { name }, new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) });
        foreach (var name in new[] { "Ünal", "山本太郎", "<script>&" })
        {
            Console.WriteLine(handler(name));
        }
        """;

    [Fact]
    public Task Top_level_options_may_read_a_field_that_an_encoder_fix_put_in_partial_Program_before_them()
        => Verify.VerifyFixAsync("""
            using System;
            using System.Text.Encodings.Web;
            using System.Text.Json;
            using System.Text.Unicode;

            Func<int, string> handler = x => JsonSerializer.Serialize(x, {|JP0001:new JsonSerializerOptions { Encoder = s_encoder }|});
            Console.WriteLine(handler(1));

            partial class Program
            {
                private static readonly JavaScriptEncoder s_encoder = JavaScriptEncoder.Create(UnicodeRanges.All);
            }
            """, """
            using System;
            using System.Text.Encodings.Web;
            using System.Text.Json;
            using System.Text.Unicode;

            Func<int, string> handler = x => JsonSerializer.Serialize(x, s_jsonOptions);
            Console.WriteLine(handler(1));

            partial class Program
            {
                private static readonly JavaScriptEncoder s_encoder = JavaScriptEncoder.Create(UnicodeRanges.All);
                private static readonly JsonSerializerOptions s_jsonOptions = new JsonSerializerOptions { Encoder = s_encoder };
            }
            """, outputKind: OutputKind.ConsoleApplication);

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public Task JP0004_and_JP0001_fixes_leave_nothing_to_fix_in_either_order(bool encoderFirst)
        => AssertBothFixesLeaveNothingAsync(HandlerWithEncoder, encoderFirst, encoderReported: false);

    /// <summary>
    /// JP0004.md's promise for a factory of your own: JP0004 reports the encoder in the factory, JP0001 the factory's
    /// call in the handler, and both fixes together leave nothing, whichever runs first.
    /// </summary>
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public Task JP0004_in_a_coalescing_factory_and_JP0001_at_its_call_leave_nothing_to_fix_in_either_order(bool encoderFirst)
        => AssertBothFixesLeaveNothingAsync("""
            using System;
            using System.Text.Encodings.Web;
            using System.Text.Json;
            using System.Text.Unicode;

            Console.WriteLine("marker");
            Func<string, string> handler = name => JsonSerializer.Serialize(new { name }, Json.GetOptions());
            foreach (var name in new[] { "Ünal", "山本太郎", "<script>&" })
            {
                Console.WriteLine(handler(name));
                Console.WriteLine(JsonSerializer.Serialize(new { name }, Json.GetOptions(JsonSerializerOptions.Default)));
            }

            internal static class Json
            {
                internal static JsonSerializerOptions GetOptions(JsonSerializerOptions options = null)
                    => options ?? new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) };
            }
            """, encoderFirst, encoderReported: true);

    private static async Task AssertBothFixesLeaveNothingAsync(string program, bool encoderFirst, bool encoderReported)
    {
        var options = (Analyzer: (DiagnosticAnalyzer)new JsonSerializerOptionsCreatedPerCallAnalyzer(), Fixer: (CodeFixProvider)new JsonSerializerOptionsCreatedPerCallFixer());
        var encoder = (Analyzer: (DiagnosticAnalyzer)new JavaScriptEncoderCreatedPerCallAnalyzer(), Fixer: (CodeFixProvider)new JavaScriptEncoderCreatedPerCallFixer());
        var order = encoderFirst ? new[] { encoder, options } : new[] { options, encoder };

        var (solution, id) = FixRunner.CreateProject(program + "\n", OutputKind.ConsoleApplication, TestReferences.Net10);
        var reported = await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, options.Analyzer, encoder.Analyzer);
        Assert.Contains(reported, d => d.Id == "JP0001");
        Assert.Equal(encoderReported, reported.Any(d => d.Id == "JP0004"));
        foreach (var (analyzer, fixer) in order)
        {
            solution = await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, analyzer, fixer);
        }

        var fixedProgram = (await solution.GetDocument(id)!.GetTextAsync()).ToString();
        var remaining = await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, options.Analyzer, encoder.Analyzer);
        Assert.DoesNotContain(remaining, d => d.Id is "JP0001" or "JP0004");
        Assert.NotEqual(program, fixedProgram);
        Assert.EndsWith("\n", fixedProgram);

        var (beforeBytes, afterBytes) = ProgramRunner.RunBeforeAndAfter(program, fixedProgram);
        var (before, after) = (Encoding.UTF8.GetString(beforeBytes), Encoding.UTF8.GetString(afterBytes));
        Assert.StartsWith("marker", before);
        Assert.Equal(before, after);
    }
}
