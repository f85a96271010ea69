using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace JsonPerf.Analyzers.Tests.Infrastructure.Guarantees;

/// <summary>
/// Property 1: the compiler diagnostics (CSxxxx, warning or error) and the System.Text.Json generator's (SYSLIB1xxx) a
/// fix adds, with every warning wave on.
/// </summary>
internal static class CompilerWarnings
{
    /// <summary>The compilation with every warning wave on; the project's nullable setting and other options stay.</summary>
    public static Compilation AllWarningsOn(Compilation compilation)
        => compilation.WithOptions(((CSharpCompilationOptions)compilation.Options).WithWarningLevel(9999));

    /// <summary>
    /// The diagnostics of <paramref name="after"/> beyond those of <paramref name="before"/>, compared as a multiset of id
    /// and message: a fix moves code, so locations are not compared; a second copy of an existing warning is new.
    /// </summary>
    public static List<string> Added(Compilation before, Compilation after)
        => Added(before, Enumerable.Empty<Diagnostic>(), after, Enumerable.Empty<Diagnostic>());

    /// <summary>As <see cref="Added(Compilation, Compilation)"/>, with the generator's diagnostics of each side.</summary>
    public static List<string> Added(Compilation before, IEnumerable<Diagnostic> generatorBefore, Compilation after, IEnumerable<Diagnostic> generatorAfter)
    {
        var left = Reported(before).Concat(Warnings(generatorBefore)).Select(Key).GroupBy(k => k).ToDictionary(g => g.Key, g => g.Count());
        var added = new List<string>();
        foreach (var diagnostic in Reported(after).Concat(Warnings(generatorAfter)))
        {
            var key = Key(diagnostic);
            if (left.TryGetValue(key, out var count) && count > 0)
            {
                left[key] = count - 1;
            }
            else
            {
                added.Add(diagnostic.ToString());
            }
        }

        return added;
    }

    private static IEnumerable<Diagnostic> Warnings(IEnumerable<Diagnostic> diagnostics)
        => diagnostics.Where(d => d.Severity >= DiagnosticSeverity.Warning && !d.IsSuppressed);

    private static IEnumerable<Diagnostic> Reported(Compilation compilation)
        => compilation.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning && !d.IsSuppressed && d.Id.StartsWith("CS", System.StringComparison.Ordinal));

    private static string Key(Diagnostic diagnostic) => diagnostic.Id + ": " + diagnostic.GetMessage(CultureInfo.InvariantCulture);
}
