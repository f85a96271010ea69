using System;
using System.Diagnostics;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;

namespace JsonPerf.Analyzers.Tests.Infrastructure.Guarantees;

/// <summary>
/// What every fix must keep, checked by the harness on every fix a test applies (Verifier, FixRunner) and on every
/// before/after run (<see cref="ProgramRunner.RunBeforeAndAfter(Compilation, Compilation, bool, bool, bool)"/>):
/// no new compiler warning or error, no new call into reflection-based serialization, and a program that ran with
/// reflection off still runs so and prints the same. Each property counts what it checked (printed after the run).
/// </summary>
public static class FixGuarantees
{
    private static int s_newWarningChecks;
    private static int s_reflectionCallChecks;
    private static int s_reflectionOffRuns;
    private static int s_reflectionOffPairs;
    private static long s_checkTicks;

    public static int NewWarningChecks => Volatile.Read(ref s_newWarningChecks);

    public static int ReflectionCallChecks => Volatile.Read(ref s_reflectionCallChecks);

    public static int ReflectionOffRuns => Volatile.Read(ref s_reflectionOffRuns);

    /// <summary>Before/after runs seen, including those whose original does not run with reflection off (not checked).</summary>
    public static int ReflectionOffPairs => Volatile.Read(ref s_reflectionOffPairs);

    public static string Summary
        => $"Fix guarantees: new-warning check: {NewWarningChecks} fixes; reflection-call check: {ReflectionCallChecks} fixes; "
           + $"reflection-off run: {ReflectionOffRuns} of {ReflectionOffPairs} before/after runs (the others fail with reflection off before the fix); "
           + $"older targets' new-warning check: {OlderTargets.Summary}; "
           + $"Fix All's left sites checked: {LeftSiteChecks} times ({KnownGaps} known gaps); compile-time checks took {TimeSpan.FromTicks(Interlocked.Read(ref s_checkTicks)).TotalSeconds:0.0} s summed over threads";

    private static int s_leftSiteChecks;
    private static int s_knownGaps;
    private static readonly AsyncLocal<string?> s_knownGap = new();

    public static int LeftSiteChecks => Volatile.Read(ref s_leftSiteChecks);

    /// <summary>Fix Alls that left a site claiming a fix, in a test that names the gap (<see cref="KnownGap"/>).</summary>
    public static int KnownGaps => Volatile.Read(ref s_knownGaps);

    /// <summary>
    /// For the rest of the calling test: a site its Fix All leaves may still say a fix exists, for the reason given (a
    /// decision the fix takes on what the analyzer cannot see, such as every reference to a member in the project). Each
    /// such test is counted in the summary; the reasons are the open gaps between analyzers and fixes.
    /// </summary>
    public static IDisposable KnownGap(string why)
    {
        s_knownGap.Value = why;
        return new EndOfGap();
    }

    /// <summary>
    /// After Fix All: no site of the fixer's rules is left whose diagnostic still says a fix exists (only sites whose
    /// message says why there is none may stay).
    /// </summary>
    public static async Task CheckLeftSitesAsync(Solution after, DiagnosticAnalyzer analyzer, CodeFixProvider fixer)
    {
        if (fixer is not JsonPerf.CodeFixes.JsonFixer jsonFixer)
        {
            return;
        }

        foreach (var project in after.Projects)
        {
            var left = (await FixRunner.GetDiagnosticsAsync(project, analyzer).ConfigureAwait(false)).Where(jsonFixer.SaysFixable).ToList();
            if (left.Count > 0 && s_knownGap.Value is not null)
            {
                Interlocked.Increment(ref s_knownGaps);
                return;
            }

            if (left.Count > 0)
            {
                throw new Xunit.Sdk.XunitException($"Fix All left {left.Count} site(s) whose diagnostic still says a fix exists, e.g. {left[0].Location.GetLineSpan()}: {left[0].GetMessage(System.Globalization.CultureInfo.InvariantCulture)}");
            }
        }

        Interlocked.Increment(ref s_leftSiteChecks);
    }

    /// <summary>Properties 1 and 2 on every project a fix changed (a fix that changed nothing is not counted).</summary>
    public static async Task CheckAsync(Solution before, Solution after)
    {
        if (ReferenceEquals(before, after))
        {
            return;
        }

        foreach (var changes in after.GetChanges(before).GetProjectChanges())
        {
            var original = before.GetProject(changes.ProjectId);
            var changed = after.GetProject(changes.ProjectId);
            if (original is null || changed is null || !await ChangedAnySourceAsync(changes).ConfigureAwait(false))
            {
                continue;
            }

            Check((await original.GetCompilationAsync().ConfigureAwait(false))!, (await changed.GetCompilationAsync().ConfigureAwait(false))!);
        }
    }

    /// <summary>Properties 1 and 2 on a compilation before a fix and the one after it.</summary>
    public static void Check(Compilation before, Compilation after)
    {
        var started = Stopwatch.GetTimestamp();
        try
        {
            CheckCompilations(before, after);
        }
        finally
        {
            Interlocked.Add(ref s_checkTicks, Stopwatch.GetElapsedTime(started).Ticks);
        }
    }

    private static void CheckCompilations(Compilation before, Compilation after)
    {
        // As a build compiles them: with the System.Text.Json generator's output (a fix can add or extend a context).
        // The generator's own warnings (SYSLIB1xxx: a converter it cannot serve, a type it skips) count as the compiler's.
        var beforeAll = CompilerWarnings.AllWarningsOn(SourceGeneration.Generated(before, out var generatorBefore));
        var afterAll = CompilerWarnings.AllWarningsOn(SourceGeneration.Generated(after, out var generatorAfter));
        var newWarnings = CompilerWarnings.Added(beforeAll, generatorBefore, afterAll, generatorAfter);
        Assert.True(newWarnings.Count == 0, "The fix added compiler warnings or errors (warning level 9999):\n" + string.Join("\n", newWarnings) + "\n\n" + Sources(after));
        Interlocked.Increment(ref s_newWarningChecks);
        OlderTargets.Check(before, after);

        var (callsBefore, callsAfter) = (ReflectionCalls.Find(beforeAll), ReflectionCalls.Find(afterAll));
        Assert.True(
            ReflectionCalls.Excess(callsBefore, callsAfter) <= 0,
            $"The fix added calls to members marked [RequiresUnreferencedCode] or [RequiresDynamicCode] ({callsBefore.Calls.Count} before, {callsAfter.Calls.Count} after):\n"
            + string.Join("\n", ReflectionCalls.Added(callsBefore.Calls, callsAfter.Calls)) + "\n\n" + Sources(after));
        Interlocked.Increment(ref s_reflectionCallChecks);
    }

    /// <summary>
    /// Property 3 on a program run with reflection-based serialization off before and after a fix: where the original
    /// exits 0, the fixed one must too and (unless <paramref name="sameOutput"/> is false) print the same bytes.
    /// </summary>
    public static void CheckReflectionOff(ProgramRun before, ProgramRun after, bool sameOutput)
    {
        Interlocked.Increment(ref s_reflectionOffPairs);
        if (before.ExitCode != 0)
        {
            return;
        }

        Assert.True(after.ExitCode == 0, $"With reflection off, the program ran before the fix and exits with {after.ExitCode} after it:\n{after.Error}");
        if (sameOutput)
        {
            Assert.True(
                before.Output.AsSpan().SequenceEqual(after.Output),
                $"With reflection off, the program prints something else after the fix.\nBefore:\n{before.Text}\nAfter:\n{after.Text}");
        }

        Interlocked.Increment(ref s_reflectionOffRuns);
    }

    private static async Task<bool> ChangedAnySourceAsync(ProjectChanges changes)
    {
        if (changes.GetAddedDocuments().Any() || changes.GetRemovedDocuments().Any())
        {
            return true;
        }

        foreach (var id in changes.GetChangedDocuments(onlyGetDocumentsWithTextChanges: true))
        {
            var before = await changes.OldProject.GetDocument(id)!.GetTextAsync().ConfigureAwait(false);
            var after = await changes.NewProject.GetDocument(id)!.GetTextAsync().ConfigureAwait(false);
            if (!before.ContentEquals(after))
            {
                return true;
            }
        }

        return false;
    }

    private static string Sources(Compilation compilation)
        => string.Join("\n", compilation.SyntaxTrees.Where(t => !t.FilePath.EndsWith(".g.cs", StringComparison.Ordinal)).Select(t => "// " + t.FilePath + "\n" + t));

    private sealed class EndOfGap : IDisposable
    {
        public void Dispose() => s_knownGap.Value = null;
    }
}
