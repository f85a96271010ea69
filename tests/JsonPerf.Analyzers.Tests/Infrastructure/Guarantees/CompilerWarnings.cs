using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace JsonPerf.Analyzers.Tests.Infrastructure.Guarantees;

/// <summary>Property 1: the compiler diagnostics (CSxxxx, warning or error) a fix adds, with every warning wave on.</summary>
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
    {
        var left = Keys(before).GroupBy(k => k).ToDictionary(g => g.Key, g => g.Count());
        var added = new List<string>();
        foreach (var diagnostic in Reported(after))
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

    private static IEnumerable<string> Keys(Compilation compilation) => Reported(compilation).Select(Key);

    private static IEnumerable<Diagnostic> Reported(Compilation compilation)
        => compilation.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning && !d.IsSuppressed && d.Id.StartsWith("CS", System.StringComparison.Ordinal));

    private static string Key(Diagnostic diagnostic) => diagnostic.Id + ": " + diagnostic.GetMessage(CultureInfo.InvariantCulture);
}
