using System;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.Analyzers.Tests.Infrastructure.Guarantees;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.Harness;

/// <summary>
/// The harness's guarantees catch a broken fix, each by its own property, whichever way a test applies the fix
/// (FixRunner, the Verifier, a run before and after); the control fix passes all three and is counted.
/// </summary>
public class FixGuaranteeTests
{
    public const string Program = """
        using System;
        using System.Text.Json;

        public static class Program
        {
            internal static readonly JsonSerializerOptions Indented = new() { WriteIndented = true };

            public static void Main()
            {
                /*insert*/
                Console.WriteLine("marker");
            }

            public static string Write(int value) => JsonSerializer.Serialize(value, new JsonSerializerOptions { WriteIndented = true });
        }
        """;

    [Fact]
    public async Task A_fix_adding_a_compiler_warning_is_caught_through_FixRunner()
    {
        var failure = await Assert.ThrowsAnyAsync<Exception>(() => FixAsync(new AddsUnusedLocal()));
        Assert.Contains("added compiler warnings", failure.Message, StringComparison.Ordinal);
        Assert.Contains("CS0219", failure.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_fix_adding_a_compiler_warning_is_caught_through_the_verifier()
    {
        var failure = await Assert.ThrowsAnyAsync<Exception>(() => Verifier<JsonSerializerOptionsCreatedPerCallAnalyzer, AddsUnusedLocal>.VerifyFixAsync(
            Program.Replace(BrokenFixer.PerCall, "{|JP0001:new JsonSerializerOptions { WriteIndented = true }|})"),
            Program.Replace(BrokenFixer.PerCall, "Indented)").Replace("/*insert*/", "int unused = 0;")));
        Assert.Contains("added compiler warnings", failure.Message, StringComparison.Ordinal);
        Assert.Contains("CS0219", failure.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_fix_adding_a_reflection_based_call_is_caught()
    {
        var failure = await Assert.ThrowsAnyAsync<Exception>(() => FixAsync(new AddsReflectionCall()));
        Assert.Contains("added calls to members marked [RequiresUnreferencedCode] or [RequiresDynamicCode] (1 before, 2 after)", failure.Message, StringComparison.Ordinal);
        Assert.Contains("System.Text.Json.JsonSerializer.Serialize<int>(int, System.Text.Json.JsonSerializerOptions?) (line ", failure.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_fix_printing_something_else_with_reflection_off_is_caught()
    {
        // The fix passes the compile-time checks and prints the same with reflection on: only the run with it off differs.
        var fixedProgram = await FixAsync(new PrintsOnlyWithoutReflection());
        var failure = Assert.ThrowsAny<Exception>(() => ProgramRunner.RunBeforeAndAfter(Program, fixedProgram));
        Assert.Contains("With reflection off, the program prints something else after the fix", failure.Message, StringComparison.Ordinal);
        Assert.Contains("reflection off", failure.Message.Substring(failure.Message.IndexOf("After:", StringComparison.Ordinal)), StringComparison.Ordinal);
    }

    [Fact]
    public async Task The_control_fix_passes_every_guarantee_and_is_counted()
    {
        var (warnings, calls, runs) = (FixGuarantees.NewWarningChecks, FixGuarantees.ReflectionCallChecks, FixGuarantees.ReflectionOffRuns);
        var fixedProgram = await FixAsync(new SharesTheOptions());
        var (before, after) = ProgramRunner.RunBeforeAndAfter(Program, fixedProgram);

        Assert.Contains("Serialize(value, Indented)", fixedProgram, StringComparison.Ordinal);
        Assert.Equal(before, after);
        Assert.True(FixGuarantees.NewWarningChecks > warnings);
        Assert.True(FixGuarantees.ReflectionCallChecks > calls);
        Assert.True(FixGuarantees.ReflectionOffRuns > runs);
    }

    private static Task<string> FixAsync(BrokenFixer fixer)
        => FixRunner.ApplyFixAllAsync(Program, new JsonSerializerOptionsCreatedPerCallAnalyzer(), fixer, OutputKind.ConsoleApplication, TestReferences.Net10);
}
