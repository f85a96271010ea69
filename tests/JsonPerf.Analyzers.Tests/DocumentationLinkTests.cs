using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;

namespace JsonPerf.Analyzers.Tests;

/// <summary>
/// Every relative link of the README and the docs leads somewhere: the file or folder exists, and a <c>#fragment</c>
/// names a heading of the page it points to (GitHub's anchors: lower case, punctuation dropped, spaces as dashes).
/// </summary>
public class DocumentationLinkTests
{
    private static readonly Regex Link = new(@"(?<!!)\[[^\]]*\]\((?<target>[^)\s]+)\)", RegexOptions.Compiled);

    public static TheoryData<string> Pages()
    {
        var root = RuleCatalogTests.RepositoryRoot;
        var pages = new TheoryData<string>();
        foreach (var page in new[] { "README.md", "CHANGELOG.md", "src/JsonPerf.Package/README.md", "perf-validation/README.md" }
            .Concat(Directory.EnumerateFiles(Path.Combine(root, "docs"), "*.md", SearchOption.AllDirectories).Select(p => Path.GetRelativePath(root, p).Replace('\\', '/')))
            .Where(p => File.Exists(Path.Combine(root, p))))
        {
            pages.Add(page);
        }

        return pages;
    }

    /// <summary>The project's own workflow means nothing to a reader: no "issue 40" or "stop 48" (another project's issue is named with it).</summary>
    [Theory]
    [MemberData(nameof(Pages))]
    public void No_page_speaks_the_projects_workflow(string page)
    {
        var text = File.ReadAllText(Path.Combine(RuleCatalogTests.RepositoryRoot, page));
        var words = Regex.Matches(text, @"(?<!/\S*\s)\b(?:[Ii]ssue|[Ss]top)s? #?\d+").Select(m => m.Value).ToList();
        Assert.True(words.Count == 0, page + ": " + string.Join(", ", words));
    }

    [Theory]
    [MemberData(nameof(Pages))]
    public void Every_relative_link_resolves(string page)
    {
        var root = RuleCatalogTests.RepositoryRoot;
        var path = Path.Combine(root, page);
        var broken = new List<string>();
        foreach (Match match in Link.Matches(WithoutCode(File.ReadAllText(path))))
        {
            var target = match.Groups["target"].Value;
            if (target.Contains("://", StringComparison.Ordinal) || target.StartsWith("mailto:", StringComparison.Ordinal))
            {
                continue;
            }

            var hash = target.IndexOf('#');
            var file = hash < 0 ? target : target.Substring(0, hash);
            var fragment = hash < 0 ? null : target.Substring(hash + 1);
            var resolved = file.Length == 0 ? path : Path.GetFullPath(Path.Combine(Path.GetDirectoryName(path)!, Uri.UnescapeDataString(file)));
            if (!File.Exists(resolved) && !Directory.Exists(resolved))
            {
                broken.Add(target + " (no such file)");
            }
            else if (fragment is not null && File.Exists(resolved) && !Anchors(File.ReadAllText(resolved)).Contains(fragment))
            {
                broken.Add(target + " (no such heading)");
            }
        }

        Assert.True(broken.Count == 0, page + ": " + string.Join(", ", broken));
    }

    [Fact]
    public void The_checker_finds_a_broken_link_and_a_missing_heading()
    {
        var text = "See [a](docs/nowhere.md) and [b](#no-heading).\n\n```\n[c](ignored-in-code.md)\n```\n";
        var links = Link.Matches(WithoutCode(text)).Select(m => m.Groups["target"].Value).ToList();
        Assert.Equal(new[] { "docs/nowhere.md", "#no-heading" }, links);
        Assert.Contains("beside-ca1869", Anchors("## Beside CA1869\n"));
        Assert.DoesNotContain("no-heading", Anchors("# Title\n"));
    }

    /// <summary>
    /// The README's Develop commands (the block between <c>&lt;!-- develop:commands --&gt;</c> markers) run what exists, say
    /// how long they take, and CI runs each of them as written; CI runs the install blocks too.
    /// </summary>
    [Fact]
    public void Readme_develop_commands_exist_say_their_time_and_run_in_CI()
    {
        var root = RuleCatalogTests.RepositoryRoot;
        var readme = File.ReadAllText(Path.Combine(root, "README.md")).Replace("\r\n", "\n");
        var block = Regex.Match(readme, @"(?s)<!-- develop:commands -->\n```sh\n(?<body>.*?)```\n<!-- /develop:commands -->");
        Assert.True(block.Success, "README.md has no develop:commands block");
        var ci = File.ReadAllText(Path.Combine(root, ".ci", "run"));
        var lines = block.Groups["body"].Value.Split('\n');
        var commands = 0;
        for (var i = 0; i < lines.Length; i++)
        {
            var line = lines[i].Trim();
            if (line.Length == 0 || line.StartsWith('#'))
            {
                continue;
            }

            commands++;
            // The comment above the command says how long it takes: "(about 70 s", "(3-4 min", ...
            var comment = string.Join(" ", lines.Take(i).Reverse().TakeWhile(l => l.TrimStart().StartsWith('#')));
            Assert.Matches(@"\([^)]*[0-9]+ (s|min)\b", comment);
            var words = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
            var target = words[0] == "bash" ? words[1] : words[0] == "dotnet" && words[1] == "test" ? words[2] : null;
            Assert.True(target is not null, "a Develop command neither runs a script nor dotnet test: " + line);
            Assert.True(File.Exists(Path.Combine(root, target!)), line + ": " + target + " does not exist");
            Assert.Contains(line, ci, StringComparison.Ordinal);
        }

        Assert.Equal(2, commands);
        var endToEnd = File.ReadAllText(Path.Combine(root, "tests", "PackageConsumer", "run.sh"));
        Assert.Contains("readme_block install:pack", endToEnd, StringComparison.Ordinal);
        Assert.Contains("readme_block install:use", endToEnd, StringComparison.Ordinal);
        Assert.Contains("bash tests/PackageConsumer/run.sh", ci, StringComparison.Ordinal);
    }

    /// <summary>The text without fenced code blocks and inline code spans, where brackets are code, not links.</summary>
    private static string WithoutCode(string markdown)
        => Regex.Replace(Regex.Replace(markdown, @"(?ms)^```.*?^```", ""), "`[^`\n]*`", "");

    private static HashSet<string> Anchors(string markdown)
    {
        var anchors = new HashSet<string>(StringComparer.Ordinal);
        foreach (Match heading in Regex.Matches(WithoutFences(markdown), @"(?m)^#{1,6}\s+(?<text>.+?)\s*$"))
        {
            var text = heading.Groups["text"].Value.ToLowerInvariant().Replace("`", "");
            var anchor = Regex.Replace(Regex.Replace(text, @"[^\p{L}\p{Nd}\s_-]", ""), @"\s", "-");
            for (var n = 0; !anchors.Add(n == 0 ? anchor : anchor + "-" + n); n++)
            {
            }
        }

        return anchors;
    }

    private static string WithoutFences(string markdown) => Regex.Replace(markdown, @"(?ms)^```.*?^```", "");
}
