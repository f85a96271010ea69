using System;
using System.Linq;
using System.Text.RegularExpressions;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;

namespace JsonPerf.Analyzers.Tests.Layout;

/// <summary>
/// A fix's diff is what a careful person would write: the document keeps its line endings (CRLF files stay CRLF
/// without an end_of_line setting) and its final newline, and removing a local leaves no stray blank line.
/// </summary>
public partial class FixLayoutTests
{
    private const string OptionsAndEncoder = """
        using System;
        using System.Text.Encodings.Web;
        using System.Text.Json;
        using System.Text.Unicode;

        public class Api
        {
            public string Camel(object value)
            {
                var options = new JsonSerializerOptions();
                options.Encoder = JavaScriptEncoder.Create(UnicodeRanges.All);

                return JsonSerializer.Serialize(value, options);
            }

            public string Indented(object value)
            {
                Console.WriteLine("start");

                // Indented for people.
                var options = new JsonSerializerOptions();
                options.WriteIndented = true;

                return JsonSerializer.Serialize(value, options);
            }
        }

        """;

    public static TheoryData<string, string> Cases() => new()
    {
        { "JP0001", OptionsAndEncoder },
        { "JP0004", OptionsAndEncoder },
        { "JP0002", JP0002.FixTests.Program + JP0002.FixTests.Models + "\n" },
        { "JP0006", JP0006.FixTests.Program + "\n" },
        { "JP0007", JP0007.FixTests.Program + "\n" },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task A_CRLF_document_stays_CRLF_and_keeps_its_final_newline(string id, string source)
    {
        var crlf = source.Replace("\r\n", "\n").Replace("\n", "\r\n");
        var fixedText = await FixAsync(id, crlf);
        Assert.NotEqual(crlf, fixedText);
        Assert.DoesNotMatch(new Regex("(?<!\r)\n"), fixedText);
        Assert.EndsWith("}\r\n", fixedText, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task An_LF_document_stays_LF_and_keeps_its_final_newline(string id, string source)
    {
        var lf = source.Replace("\r\n", "\n");
        var fixedText = await FixAsync(id, lf);
        Assert.NotEqual(lf, fixedText);
        Assert.DoesNotContain("\r", fixedText, StringComparison.Ordinal);
        Assert.EndsWith("}\n", fixedText, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Removing_a_local_leaves_no_blank_line_after_the_brace_nor_two_in_a_row()
    {
        var fixedText = await FixAsync("JP0001", OptionsAndEncoder);
        Assert.DoesNotMatch(new Regex(@"\{\n\s*\n"), fixedText);
        Assert.DoesNotMatch(new Regex(@"\n\s*\n\s*\n"), fixedText);
        var expected = "        Console.WriteLine(\"start\");\n\n        // Indented for people.\n        return JsonSerializer.Serialize(value, " + Field(fixedText, "WriteIndented") + ");";
        Assert.True(fixedText.Contains(expected, StringComparison.Ordinal), fixedText);
    }

    private const string AuthoredSpacing = """
        using System.Text.Encodings.Web;
        using System.Text.Json;
        using System.Text.Unicode;

        public class Api
        {
            public string Japanese(object value)
            {
                return JsonSerializer.Serialize(value, new JsonSerializerOptions
                {
                    WriteIndented = true,   // for people
                    Encoder = JavaScriptEncoder.Create( UnicodeRanges.All ),
                });
            }
        }

        """;

    [Theory]
    [InlineData("JP0001", "\n")]
    [InlineData("JP0001", "\r\n")]
    [InlineData("JP0004", "\n")]
    [InlineData("JP0004", "\r\n")]
    public async Task Moved_code_keeps_its_authors_spacing_and_takes_the_fields_indentation(string id, string newline)
    {
        var fixedText = await FixAsync(id, AuthoredSpacing.Replace("\r\n", "\n").Replace("\n", newline));
        var moved = id == "JP0001"
            ? "= new JsonSerializerOptions\n    {\n        WriteIndented = true,   // for people\n        Encoder = JavaScriptEncoder.Create( UnicodeRanges.All ),\n    };\n"
            : "= JavaScriptEncoder.Create( UnicodeRanges.All );\n";
        Assert.Contains(moved.Replace("\n", newline), fixedText, StringComparison.Ordinal);
        Assert.Contains("    private static readonly ", fixedText, StringComparison.Ordinal);
    }

    private static string Field(string text, string setting)
        => Regex.Match(text, @"static readonly JsonSerializerOptions (\w+) = new JsonSerializerOptions\s*\{[^}]*" + setting).Groups[1].Value;

    private static async Task<string> FixAsync(string id, string source)
    {
        (DiagnosticAnalyzer Analyzer, CodeFixProvider Fixer) rule = id switch
        {
            "JP0001" => (new JsonSerializerOptionsCreatedPerCallAnalyzer(), new JsonSerializerOptionsCreatedPerCallFixer()),
            "JP0002" => (new ReflectionSerializationAnalyzer(), new ReflectionSerializationFixer()),
            "JP0004" => (new JavaScriptEncoderCreatedPerCallAnalyzer(), new JavaScriptEncoderCreatedPerCallFixer()),
            "JP0006" => (new ConvertWithoutTextAnalyzer(), new ConvertWithoutTextFixer()),
            "JP0007" => (new JsonDocumentNotDisposedAnalyzer(), new JsonDocumentNotDisposedFixer()),
            _ => throw new ArgumentOutOfRangeException(nameof(id)),
        };

        var (solution, documentId) = FixRunner.CreateProject(source, OutputKind.ConsoleApplication, TestReferences.Net10);
        solution = await FixRunner.ApplyFixAllAsync(solution.GetDocument(documentId)!, rule.Analyzer, rule.Fixer);
        return (await solution.GetDocument(documentId)!.GetTextAsync()).ToString();
    }
}
