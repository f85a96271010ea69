using System;
using System.Text.RegularExpressions;

namespace JsonPerf.Analyzers.Tests.Infrastructure;

/// <summary>Fixed code compared as if a call the fix wrapped (a line over the file's limit) were on one line.</summary>
public static class Unwrap
{
    public static string Unwrapped(string text)
        => Regex.Replace(text.ReplaceLineEndings("\n"), @"[ \t]*\n[ \t]*", " ")
            .Replace("( ", "(", StringComparison.Ordinal).Replace(" )", ")", StringComparison.Ordinal);

    public static void AssertContains(string expected, string text)
        => Assert.True(Unwrapped(text).Contains(Unwrapped(expected).Trim(), StringComparison.Ordinal), $"Not found:\n{expected}\n--- in ---\n{text}");
}
