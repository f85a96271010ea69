using System;
using Microsoft.CodeAnalysis.CSharp;

namespace JsonPerf.Analyzers.Tests.Infrastructure;

internal static class Cases
{
    /// <summary>Every snippet under the oldest language version the package supports (C# 7.3) and the newest.</summary>
    public static TheoryData<string, string> WithLanguageVersions(params string[] snippets)
    {
        var data = new TheoryData<string, string>();
        foreach (var snippet in snippets)
        {
            data.Add(snippet, "7.3");
            data.Add(snippet, "latest");
        }

        return data;
    }

    public static LanguageVersion Parse(string version)
        => LanguageVersionFacts.TryParse(version, out var parsed) ? parsed : throw new ArgumentException(version);
}
