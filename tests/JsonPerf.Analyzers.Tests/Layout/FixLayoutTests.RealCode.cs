using System;
using System.Linq;
using System.Text.RegularExpressions;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.Layout;

/// <summary>
/// Layouts met on real repositories: several multi-line hoists into one class of a block-scoped namespace, a file
/// header and <c>#pragma</c> above the usings of a top-level program, and a removed member that was first in its type.
/// </summary>
public partial class FixLayoutTests
{
    private const string TwoMultiLineHoists = """
        using System.Text.Json;

        namespace App
        {
            public class Api
            {
                public string Indented(object value)
                {
                    return JsonSerializer.Serialize(value, new JsonSerializerOptions
                    {
                        WriteIndented = true,
                    });
                }

                public string Camel(object value)
                {
                    return JsonSerializer.Serialize(value, new JsonSerializerOptions
                    {
                        PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
                    });
                }

                public string Both(object value)
                {
                    var options = new JsonSerializerOptions
                    {
                        WriteIndented = true,
                        PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
                    };
                    return JsonSerializer.Serialize(value, options);
                }
            }
        }

        """;

    [Theory]
    [InlineData("\n")]
    [InlineData("\r\n")]
    public async Task Several_multi_line_hoists_into_one_class_of_a_block_namespace_take_the_members_indentation(string newline)
    {
        var fixedText = (await FixAsync("JP0001", TwoMultiLineHoists.Replace("\n", newline))).Replace("\r\n", "\n");

        var fields = Regex.Matches(fixedText, @"(?m)^( *)private static readonly JsonSerializerOptions \w+ = new JsonSerializerOptions\n( *)\{\n( *)\w+ = [^\n]*\n(?:\3\w+ = [^\n]*\n)*( *)\};\n");
        Assert.Equal(3, fields.Count);
        foreach (Match field in fields)
        {
            Assert.Equal("        ", field.Groups[1].Value);
            Assert.Equal("        ", field.Groups[2].Value);
            Assert.Equal("            ", field.Groups[3].Value);
            Assert.Equal("        ", field.Groups[4].Value);
        }

        Assert.DoesNotMatch(new Regex(@"(?m)^[{}]"), fixedText.Substring(fixedText.IndexOf("namespace App", StringComparison.Ordinal) + 20).TrimEnd().TrimEnd('}'));
    }

    private const string HeaderAndPragmaProgram = """
        // Copyright (c) Example Contributors. Licensed under the MIT license.
        #pragma warning disable CA1050 // Declare types in namespaces

        using System;
        using System.Text.Json;

        var order = new Order { Id = 1, Name = "tea" };
        Console.WriteLine(JsonSerializer.Serialize(order));

        public class Order
        {
            public int Id { get; set; }
            public string Name { get; set; }
        }

        """;

    [Fact]
    public async Task A_using_added_to_a_program_with_a_header_and_pragma_goes_among_the_usings()
    {
        var fixedText = await FixAsync("JP0002", HeaderAndPragmaProgram);

        AssertStartsWith("// Copyright (c) Example Contributors. Licensed under the MIT license.\n#pragma warning disable CA1050 // Declare types in namespaces\n\nusing System;\nusing System.Text.Json;\nusing System.Text.Json.Serialization;\n\nvar order", fixedText, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_using_added_first_takes_the_header_with_it()
    {
        // The file's only using sorts after the new one: the new one goes first, and the header stays on top.
        var source = HeaderAndPragmaProgram.Replace("using System;\nusing System.Text.Json;\n", "using Zed;\n")
            .Replace("Console.WriteLine(JsonSerializer.Serialize(order));", "System.Console.WriteLine(System.Text.Json.JsonSerializer.Serialize(order));")
            + "namespace Zed { }\n";
        var fixedText = await FixAsync("JP0002", source);

        AssertStartsWith("// Copyright (c) Example Contributors. Licensed under the MIT license.\n#pragma warning disable CA1050 // Declare types in namespaces\n\nusing System.Text.Json.Serialization;\nusing Zed;\n\nvar order", fixedText, StringComparison.Ordinal);
    }

    [Fact]
    public async Task In_unsorted_usings_the_new_one_goes_after_the_namespace_around_it()
    {
        // Found in a real sample: project usings first, System.Text.Json last; the new using went to line 1.
        var source = HeaderAndPragmaProgram.Replace("using System;\nusing System.Text.Json;\n", "using Zed.Protocol;\nusing Zed.Client;\nusing System.Text.Json;\n")
            .Replace("Console.WriteLine(", "System.Console.WriteLine(")
            + "namespace Zed.Protocol { }\nnamespace Zed.Client { }\n";
        var fixedText = await FixAsync("JP0002", source);

        Assert.Contains("\nusing Zed.Protocol;\nusing Zed.Client;\nusing System.Text.Json;\nusing System.Text.Json.Serialization;\n\nvar order", fixedText, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_using_added_to_a_file_without_usings_goes_below_its_header_and_pragma()
    {
        var source = HeaderAndPragmaProgram.Replace("using System;\nusing System.Text.Json;\n\n", "")
            .Replace("Console.WriteLine(JsonSerializer.Serialize(order));", "System.Console.WriteLine(System.Text.Json.JsonSerializer.Serialize(order));");
        var fixedText = await FixAsync("JP0002", source);

        AssertStartsWith("// Copyright (c) Example Contributors. Licensed under the MIT license.\n#pragma warning disable CA1050 // Declare types in namespaces\n\nusing System.Text.Json.Serialization;\n\nvar order", fixedText, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Removing_the_first_member_of_a_type_leaves_no_blank_line_after_the_brace()
    {
        var fixedText = await FixAsync("JP0002", JP0002.FixTests.MirroredOptionsProgram + "\n");

        Assert.DoesNotContain("s_web", fixedText, StringComparison.Ordinal);
        Assert.DoesNotMatch(new Regex(@"\{\n[ \t]*\n"), fixedText);
        Assert.DoesNotMatch(new Regex(@"\n[ \t]*\n[ \t]*\n"), fixedText);
    }

    [Fact]
    public async Task A_context_appended_to_a_file_ending_in_a_comment_goes_after_the_comment()
    {
        // A docs sample: the file ends with its snippet's closing marker, and the context is not part of the snippet.
        var source = HeaderAndPragmaProgram.Replace("// Copyright (c) Example Contributors. Licensed under the MIT license.\n", "// <snippet_order>\n")
            + "// </snippet_order>\n";
        var fixedText = await FixAsync("JP0002", source);

        Assert.Matches(new Regex(@"\n    public string Name \{ get; set; \}\n\}\n// </snippet_order>\n\n\[JsonSerializable\(typeof\(Order\)\)\]\ninternal partial class \w+ : JsonSerializerContext\n\{\n\}\n$"), fixedText);
    }

    [Fact]
    public async Task A_context_appended_to_a_file_ending_in_an_endif_stays_outside_the_if()
    {
        // Appended before the #endif, the context would exist only where DEBUG is defined: the fixed call would not
        // compile in a Release build.
        var source = HeaderAndPragmaProgram + "#if DEBUG\npublic class DebugOnly\n{\n}\n#endif\n";
        var fixedText = await FixAsync("JP0002", source);

        Assert.Matches(new Regex(@"\n#if DEBUG\npublic class DebugOnly\n\{\n\}\n#endif\n\n\[JsonSerializable\(typeof\(Order\)\)\]\ninternal partial class \w+ : JsonSerializerContext\n\{\n\}\n$"), fixedText);
        var tree = Microsoft.CodeAnalysis.CSharp.CSharpSyntaxTree.ParseText(fixedText);
        Assert.Contains(tree.GetRoot().DescendantNodes().OfType<Microsoft.CodeAnalysis.CSharp.Syntax.ClassDeclarationSyntax>(), c => c.Identifier.Text.EndsWith("Context", StringComparison.Ordinal));
    }

    /// <summary>StartsWith, showing the whole text when it fails.</summary>
    private static void AssertStartsWith(string expected, string actual, StringComparison comparison)
        => Assert.Equal(expected, actual.Length > expected.Length ? actual.Substring(0, expected.Length) : actual, StringComparer.FromComparison(comparison));
}
