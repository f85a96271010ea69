using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.ConvertWithoutTextAnalyzer,
    JsonPerf.CodeFixes.ConvertWithoutTextFixer>;

namespace JsonPerf.Analyzers.Tests.JP0006;

/// <summary>
/// An element copied into a new element, node or document through its text (<c>JsonNode.Parse(element.GetRawText())</c>,
/// met per request in real SDKs): <c>element.Clone()</c> and <c>JsonSerializer.SerializeToNode(element)</c> give the
/// same JSON; a document is reported without a fix (its raw text would change).
/// </summary>
public class ElementCopyTests
{
    private const string Header = """
        using System.Text.Json;
        using System.Text.Json.Nodes;

        """;

    [Fact]
    public Task Element_and_node_copies_are_fixed()
        => Verify.VerifyFixAsync(Header + """
            public class C
            {
                public object M(JsonElement element, JsonDocument doc)
                {
                    var a = {|JP0006:JsonElement.Parse(element.GetRawText())|};
                    var b = {|JP0006:JsonNode.Parse(/* copy */ doc.RootElement.GetProperty("x").GetRawText())|};
                    return (a, b);
                }
            }
            """, Header + """
            public class C
            {
                public object M(JsonElement element, JsonDocument doc)
                {
                    var a = element.Clone();
                    var b = /* copy */ JsonSerializer.SerializeToNode(doc.RootElement.GetProperty("x"));
                    return (a, b);
                }
            }
            """);

    [Fact]
    public async Task A_document_copy_and_copies_with_parse_options_are_reported_without_a_fix()
    {
        var source = Header + """
            public class C
            {
                public object M(JsonElement element)
                {
                    var c = JsonDocument.Parse(element.GetRawText());
                    var d = JsonNode.Parse(element.GetRawText(), new JsonNodeOptions { PropertyNameCaseInsensitive = true });
                    var e = JsonElement.Parse(element.GetRawText(), new JsonDocumentOptions { MaxDepth = 8 });
                    return (c, d, e);
                }
            }
            """;
        var (solution, document) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var diagnostics = (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(document)!.Project, new ConvertWithoutTextAnalyzer())).Where(d => d.Id == Rules.ConvertWithoutTextId).ToList();
        Assert.Equal(3, diagnostics.Count);
        Assert.All(diagnostics, d => Assert.False(d.Properties.ContainsKey(DiagnosticProperties.FixKind)));
        Assert.Contains("no automatic fix here: SerializeToDocument writes the element anew", diagnostics.OrderBy(d => d.Location.SourceSpan.Start).First().GetMessage(), System.StringComparison.Ordinal);
    }

    [Fact]
    public Task Text_that_is_not_an_elements_raw_text_is_not_reported()
        => Verify.VerifyAnalyzerAsync(Header + """
            public class C
            {
                public object M(JsonElement element, JsonNode node, string text)
                {
                    var a = JsonNode.Parse(text);
                    var b = JsonNode.Parse(element.ToString());
                    var c = JsonElement.Parse(node.ToJsonString());
                    var d = JsonNode.Parse(element.GetString());
                    return (a, b, c, d);
                }
            }
            """);

    [Fact]
    public async Task In_a_reflection_free_project_the_node_copy_is_not_fixed()
    {
        // SerializeToNode(element) resolves JsonElement through the default options: it throws where reflection is off.
        var (solution, document) = FixRunner.CreateProject(Header + "public class C { public JsonNode M(JsonElement e) => JsonNode.Parse(e.GetRawText()); }", OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        solution = JP0002.FixTests.WithBuildProperty(solution, solution.GetDocument(document)!.Project.Id, "JsonSerializerIsReflectionEnabledByDefault", "false");
        var diagnostic = Assert.Single(await FixRunner.GetDiagnosticsAsync(solution.GetDocument(document)!.Project, new ConvertWithoutTextAnalyzer()), d => d.Id == Rules.ConvertWithoutTextId);
        Assert.False(diagnostic.Properties.ContainsKey(DiagnosticProperties.FixKind));
    }

    [Fact]
    public async Task In_a_multi_targeted_project_with_a_reflection_free_target_the_node_copy_is_not_fixed()
    {
        // A real library: IsAotCompatible only where the target is not netstandard2.0. The netstandard2.0 compilation's
        // diagnostic carries the fix, but SerializeToNode in the shared file fails the net8.0 build with IL2026/IL3050.
        var source = Header + "public class C { public JsonNode M(JsonElement e) => JsonNode.Parse(e.GetRawText()); }";
        var (solution, document) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        solution = solution.WithDocumentFilePath(document, "/src/C.cs");
        var netstandard = solution.GetDocument(document)!.Project;
        var net8 = ProjectId.CreateNewId();
        solution = solution.AddProject(ProjectInfo.Create(net8, VersionStamp.Default, "Lib(net8.0)", "Lib", LanguageNames.CSharp,
                compilationOptions: netstandard.CompilationOptions, parseOptions: netstandard.ParseOptions, metadataReferences: netstandard.MetadataReferences))
            .AddDocument(DocumentId.CreateNewId(net8), "C.cs", source, filePath: "/src/C.cs");
        solution = JP0002.FixTests.WithBuildProperty(solution, net8, "IsAotCompatible", "true");

        var diagnostic = Assert.Single(await FixRunner.GetDiagnosticsAsync(solution.GetDocument(document)!.Project, new ConvertWithoutTextAnalyzer()), d => d.Id == Rules.ConvertWithoutTextId);
        Assert.True(diagnostic.Properties.ContainsKey(DiagnosticProperties.FixKind));
        Assert.Null(await FixRunner.ApplyFirstFixAsync(solution.GetDocument(document)!, new ConvertWithoutTextAnalyzer(), new ConvertWithoutTextFixer()));

        // Without the reflection-free sibling the same diagnostic is fixed.
        var alone = solution.RemoveProject(net8);
        Assert.NotNull(await FixRunner.ApplyFirstFixAsync(alone.GetDocument(document)!, new ConvertWithoutTextAnalyzer(), new ConvertWithoutTextFixer()));
    }

    private const string Program = """
        using System;
        using System.Text.Json;
        using System.Text.Json.Nodes;

        public static class Program
        {
            private static void Try(string label, Func<string> f)
            {
                try { Console.WriteLine(label + ": " + f()); }
                catch (Exception e) { Console.WriteLine(label + ": " + e.GetType().FullName); }
            }

            public static void Main()
            {
                Console.WriteLine("marker");
                var texts = new[]
                {
                    "{ \"a\" : 1 , \"b\":[1,2 , 3], \"c\":\"\\u00e9\\/x\\\"q\", \"d\": 1E+2, \"e\": 1.0, \"f\": 12345678901234567890123, \"g\": \"Ünal 東京 <b>&'\" , \"a\": 2}",
                    "[ true , null , \"x\" ]",
                    "\"just \\u0041 string\"",
                    "  42  ",
                    "null",
                };
                for (var round = 0; round < 2; round++)
                {
                    foreach (var text in texts)
                    {
                        JsonElement element;
                        JsonNode node;
                        using (var source = JsonDocument.Parse(text))
                        {
                            var root = source.RootElement;
                            element = JsonElement.Parse(root.GetRawText());
                            node = JsonNode.Parse(root.GetRawText());
                        }

                        // The source document is disposed: the copies stand alone.
                        Console.WriteLine(element.ValueKind + " " + element.GetRawText());
                        Console.WriteLine(node is null ? "null node" : node.GetType().Name + " " + node.ToJsonString() + " " + node.GetPath());
                        if (node is JsonObject obj) { Try("object b", () => obj["b"]!.ToJsonString()); Try("object A", () => (obj["A"] is null).ToString()); }
                        if (node is JsonArray array) { Console.WriteLine(array.Count + " " + array[2]!.GetValue<string>()); }
                        if (node is JsonValue value) { Console.WriteLine(value.GetValueKind() + " " + value.ToJsonString()); }
                    }

                    using (var lenient = JsonDocument.Parse("{ \"a\": [1, 2,], /* c */ \"b\": 1 }", new JsonDocumentOptions { AllowTrailingCommas = true, CommentHandling = JsonCommentHandling.Skip }))
                    {
                        var root = lenient.RootElement;
                        Try("lenient b", () => JsonNode.Parse(root.GetProperty("b").GetRawText())!.ToJsonString());
                        Try("lenient element b", () => JsonElement.Parse(root.GetProperty("b").GetRawText()).GetRawText());
                    }

                    Try("default element", () => JsonElement.Parse(default(JsonElement).GetRawText()).GetRawText());
                    Try("default node", () => JsonNode.Parse(default(JsonElement).GetRawText())!.ToJsonString());
                }
            }
        }
        """;

    [Fact]
    public async Task Fix_all_prints_the_same_bytes_before_and_after()
    {
        var fixedProgram = await FixRunner.ApplyFixAllAsync(Program, new ConvertWithoutTextAnalyzer(), new ConvertWithoutTextFixer(), OutputKind.ConsoleApplication, TestReferences.Net10);
        Assert.Contains("element = root.Clone();", fixedProgram, System.StringComparison.Ordinal);
        Assert.Contains("node = JsonSerializer.SerializeToNode(root);", fixedProgram, System.StringComparison.Ordinal);
        Assert.Contains("JsonSerializer.SerializeToNode(root.GetProperty(\"b\"))", fixedProgram, System.StringComparison.Ordinal);
        Assert.Contains("default(JsonElement).Clone()", fixedProgram, System.StringComparison.Ordinal);

        var (before, after) = ProgramRunner.RunBeforeAndAfter(Program, fixedProgram);
        var output = Encoding.UTF8.GetString(before);
        Assert.StartsWith("marker", output, System.StringComparison.Ordinal);
        Assert.Contains("JsonObject {\"a\":1,\"b\":[1,2,3]", output, System.StringComparison.Ordinal);
        Assert.Contains("default element: System.InvalidOperationException", output, System.StringComparison.Ordinal);
        Assert.Equal(output, Encoding.UTF8.GetString(after));
        Assert.Equal(before, after);
    }
}
