using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.ReflectionSerializationAnalyzer,
    JsonPerf.CodeFixes.ReflectionSerializationFixer>;

namespace JsonPerf.Analyzers.Tests.JP0002;

/// <summary>
/// JSON's own DOM types (JsonDocument, JsonElement, JsonNode) need no generated metadata. Without options
/// the fix writes the type's own API where it does exactly what the call did (Parse, ParseValue, WriteTo); it never
/// scaffolds a context for them, keeps to a context of the project that already registers the type, or offers no fix.
/// </summary>
public partial class FixTests
{
    private const string DomHeader = """
        using System;
        using System.IO;
        using System.Text.Json;
        using System.Text.Json.Nodes;

        """;

    [Fact]
    public Task Dom_types_without_options_take_their_own_api()
        => Verify.VerifyFixAsync(DomHeader + """
            public class C
            {
                public object M(string json, byte[] bytes, char[] chars, JsonElement element, Utf8JsonWriter writer)
                {
                    var a = JsonSerializer.{|JP0002:Deserialize<JsonElement>|}(/* text */ json);
                    var b = JsonSerializer.{|JP0002:Deserialize<JsonElement>|}(bytes, (JsonSerializerOptions)null);
                    var c = JsonSerializer.{|JP0002:Deserialize<JsonElement>|}(chars.AsSpan());
                    JsonSerializer.{|JP0002:Serialize|}(writer, element); // written
                    return (a, b, c);
                }

                public object R(ref Utf8JsonReader reader)
                    => (JsonSerializer.{|JP0002:Deserialize<JsonDocument>|}(ref reader), JsonSerializer.{|JP0002:Deserialize<JsonElement>|}(ref reader, (JsonSerializerOptions)null));
            }
            """, DomHeader + """
            public class C
            {
                public object M(string json, byte[] bytes, char[] chars, JsonElement element, Utf8JsonWriter writer)
                {
                    var a = JsonElement.Parse(/* text */ json);
                    var b = JsonElement.Parse(bytes);
                    var c = JsonElement.Parse(chars.AsSpan());
                    element.WriteTo(writer);
                    writer.Flush(); // written
                    return (a, b, c);
                }

                public object R(ref Utf8JsonReader reader)
                    => (JsonDocument.ParseValue(ref reader), JsonElement.ParseValue(ref reader));
            }
            """);

    [Fact]
    public async Task Dom_types_get_no_context_where_their_own_api_differs()
    {
        // Options (reader settings), JsonElement? (null for JSON null), a JsonDocument from a string (pooled buffers),
        // a Stream, JsonNode (another JsonValue for a root primitive), JsonObject (Parse returns any kind), a document or
        // node to write (Serialize writes null for null), a target-typed element (no type as WriteTo's receiver).
        var source = DomHeader + """
            public class C
            {
                private static readonly JsonSerializerOptions s_options = new JsonSerializerOptions { AllowTrailingCommas = true };

                public object M(string json, Stream stream, JsonNode node, JsonDocument document, Utf8JsonWriter writer, ref Utf8JsonReader reader)
                {
                    var a = JsonSerializer.Deserialize<JsonElement>(json, s_options);
                    var b = JsonSerializer.Deserialize<JsonElement?>(json);
                    var c = JsonSerializer.Deserialize<JsonDocument>(json);
                    var d = JsonSerializer.Deserialize<JsonElement>(stream);
                    var e = JsonSerializer.Deserialize<JsonObject>(json);
                    JsonSerializer.Serialize(writer, node);
                    JsonSerializer.Serialize(writer, document);
                    var f = JsonSerializer.Serialize(node);
                    var g = JsonSerializer.Deserialize<JsonNode>(json);
                    var h = JsonSerializer.Deserialize<JsonNode>(ref reader);
                    JsonSerializer.Serialize<JsonElement>(writer, default);
                    JsonSerializer.Serialize<JsonElement>(writer, new());
                    return (a, b, c, d, e, f, g, h);
                }
            }
            """;
        var (solution, id) = CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var diagnostics = await JP0002Async(solution);
        Assert.Equal(12, diagnostics.Length);
        Assert.All(diagnostics, d => Assert.EndsWith(Rules.NoFixForDomType, d.GetMessage(), System.StringComparison.Ordinal));
        Assert.All(diagnostics, d => Assert.Empty(d.Properties));
        Assert.Null(await FixRunner.ApplyFirstFixAsync(solution.GetDocument(id)!, Analyzer, Fixer));
    }

    [Fact]
    public async Task Dom_types_are_advised_their_own_api_as_the_fix_writes_it()
    {
        var source = DomHeader + """
            public class C
            {
                public object R(ref Utf8JsonReader reader)
                    => (JsonSerializer.Deserialize<JsonDocument>(ref reader), JsonSerializer.Deserialize<JsonElement>(ref reader), JsonSerializer.Deserialize<JsonNode>(ref reader));

                public object M(string json, JsonNode node, JsonElement element, Utf8JsonWriter writer)
                {
                    JsonSerializer.Serialize(writer, element);
                    return (JsonSerializer.Deserialize<JsonElement>(json), JsonSerializer.Deserialize<JsonNode>(node), JsonSerializer.SerializeToNode(node),
                        JsonSerializer.Deserialize<JsonElement>(element), JsonSerializer.Deserialize<Order>(element), element.Deserialize<Order>());
                }
            }

            public class Order { public int Id { get; set; } }
            """;
        var (solution, _) = CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var messages = (await JP0002Async(solution)).OrderBy(d => d.Location.SourceSpan.Start).Select(d => d.GetMessage(System.Globalization.CultureInfo.InvariantCulture)).ToList();
        Assert.Collection(
            messages,
            m => Assert.StartsWith("JsonSerializer.Deserialize builds 'JsonDocument' metadata by reflection; call JsonDocument.ParseValue(ref reader)", m, System.StringComparison.Ordinal),
            m => Assert.StartsWith("JsonSerializer.Deserialize builds 'JsonElement' metadata by reflection; call JsonElement.ParseValue(ref reader)", m, System.StringComparison.Ordinal),
            m => Assert.StartsWith("JsonSerializer.Deserialize builds 'JsonNode' metadata by reflection; call JsonNode.Parse(ref reader)", m, System.StringComparison.Ordinal),
            m => Assert.Equal("JsonSerializer.Serialize builds 'JsonElement' metadata by reflection; call element.WriteTo(writer)", m),
            m => Assert.Equal("JsonSerializer.Deserialize builds 'JsonElement' metadata by reflection; call JsonElement.Parse(...)", m),
            m => Assert.StartsWith("JsonSerializer.Deserialize<T>(JsonNode, ...) builds 'JsonNode' metadata by reflection; call node.DeepClone()", m, System.StringComparison.Ordinal),
            m => Assert.StartsWith("JsonSerializer.SerializeToNode builds 'JsonNode' metadata by reflection; call node.DeepClone()", m, System.StringComparison.Ordinal),
            m => Assert.StartsWith("JsonSerializer.Deserialize<T>(JsonElement, ...) builds 'JsonElement' metadata by reflection; call element.Clone()", m, System.StringComparison.Ordinal),
            m => Assert.Equal("JsonSerializer.Deserialize<T>(JsonElement, ...) builds 'Order' metadata by reflection; pass JsonTypeInfo<Order> from a JsonSerializerContext", m),
            m => Assert.Equal("JsonElement.Deserialize builds 'Order' metadata by reflection; pass JsonTypeInfo<Order> from a JsonSerializerContext", m));
        Assert.All(messages, m => Assert.DoesNotContain("JsonTypeInfo<Json", m, System.StringComparison.Ordinal));
    }

    [Fact]
    public async Task On_net8_JsonElement_Parse_is_not_written_but_ParseValue_is()
    {
        var source = DomHeader + """
            public class C
            {
                public object M(string json) => JsonSerializer.Deserialize<JsonElement>(json);
                public object R(ref Utf8JsonReader reader) => JsonSerializer.Deserialize<JsonElement>(ref reader);
            }
            """;
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net8);
        var diagnostics = (await JP0002Async(solution)).OrderBy(d => d.Location.SourceSpan.Start).ToList();
        Assert.Equal(2, diagnostics.Count);
        Assert.EndsWith(Rules.NoFixForDomType, diagnostics[0].GetMessage(), System.StringComparison.Ordinal);
        Assert.Contains("; call JsonElement.ParseValue(ref reader)", diagnostics[1].GetMessage(), System.StringComparison.Ordinal);
        Assert.Equal(ReflectionSerializationFix.DomApi, diagnostics[1].Properties[DiagnosticProperties.FixKind]);
        Assert.Equal("ParseValue", diagnostics[1].Properties[ReflectionSerializationFix.Rewrite]);

        var after = await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer);
        var text = (await after.GetDocument(id)!.GetTextAsync()).ToString();
        Assert.Contains("=> JsonSerializer.Deserialize<JsonElement>(json);", text, System.StringComparison.Ordinal);
        Assert.Contains("=> JsonElement.ParseValue(ref reader);", text, System.StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_multi_targeted_project_gets_JsonElement_Parse_only_where_every_target_has_it()
    {
        var source = DomHeader + "public class C { public object M(string json) => JsonSerializer.Deserialize<JsonElement>(json); }";
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var net10 = solution.GetDocument(id)!.Project;
        var net8 = ProjectId.CreateNewId();
        solution = solution.AddProject(ProjectInfo.Create(net8, VersionStamp.Default, "Lib(net8.0)", "Lib", LanguageNames.CSharp,
                compilationOptions: net10.CompilationOptions, parseOptions: net10.ParseOptions, metadataReferences: TestReferences.Net8))
            .AddDocument(DocumentId.CreateNewId(net8), "Program.cs", source, filePath: "/src/Program.cs");

        var diagnostics = await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, Analyzer);
        Assert.Equal("Parse", Assert.Single(diagnostics, d => d.Id == "JP0002").Properties[ReflectionSerializationFix.Rewrite]);
        Assert.Null(await FixRunner.ApplyFirstFixAsync(solution.GetDocument(id)!, Analyzer, Fixer));
        Assert.NotNull(await FixRunner.ApplyFirstFixAsync(solution.RemoveProject(net8).GetDocument(id)!, Analyzer, Fixer));
    }

    [Fact]
    public async Task A_dom_type_the_projects_context_registers_keeps_to_that_context()
    {
        var source = DomHeader + """
            using System.Text.Json.Serialization;

            public class Order { public int Id { get; set; } }

            public class C
            {
                public object M(string json) => (JsonSerializer.Deserialize<JsonElement?>(json), JsonSerializer.Deserialize<Order>(json));
            }

            [JsonSerializable(typeof(JsonElement?))]
            internal partial class DomContext : JsonSerializerContext
            {
            }
            """;
        var (solution, id) = CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var after = (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer)).GetProject(id.ProjectId)!;
        var text = await TextAsync(after, "Program.cs");
        AssertContains("JsonSerializer.Deserialize<JsonElement?>(json, DomContext.Default.NullableJsonElement)", text);
        Assert.Single(await ContextClassesAsync(after));
        await SourceGeneration.CompileAsync(after);
    }

    private const string DomProgram = """
        using System;
        using System.Buffers;
        using System.IO;
        using System.Text;
        using System.Text.Json;

        public static class Program
        {
            private static void Try(string label, Func<string> f)
            {
                try { Console.WriteLine(label + ": " + f()); }
                // The DOM's JsonException (a JsonReaderException) has no Path and a message without it: caught alike.
                catch (JsonException e) { Console.WriteLine(label + ": JsonException " + e.LineNumber + ":" + e.BytePositionInLine); }
                catch (Exception e) { Console.WriteLine(label + ": " + e.GetType().FullName + " " + (e as ArgumentException)?.ParamName); }
            }

            private static string Show(JsonElement e) => e.ValueKind + " " + e.GetRawText();

            private static string Show(JsonDocument d) { using (d) { return "document " + Show(d.RootElement); } }

            private static string Read(string json, int kind, bool mid)
            {
                var reader = new Utf8JsonReader(Encoding.UTF8.GetBytes(json));
                if (mid) { reader.Read(); reader.Read(); }
                string result;
                try
                {
                    result = kind == 0 ? Show(JsonSerializer.Deserialize<JsonDocument>(ref reader)) : Show(JsonSerializer.Deserialize<JsonElement>(ref reader));
                }
                catch (JsonException e) { result = "JsonException " + e.LineNumber + ":" + e.BytePositionInLine; }
                catch (Exception e) { result = e.GetType().FullName; }
                return result + " at " + reader.BytesConsumed + " " + reader.TokenType + " " + reader.CurrentDepth;
            }

            private static string Write(JsonElement element, bool inArray)
            {
                var buffer = new ArrayBufferWriter<byte>();
                using var writer = new Utf8JsonWriter(buffer);
                if (inArray) { writer.WriteStartArray(); }
                JsonSerializer.Serialize(writer, element);
                var written = buffer.WrittenCount;
                if (inArray) { writer.WriteEndArray(); writer.Flush(); }
                return written + " " + Encoding.UTF8.GetString(buffer.WrittenSpan);
            }

            private static string WriteToStream(JsonElement element)
            {
                var stream = new MemoryStream();
                var writer = new Utf8JsonWriter(stream, new JsonWriterOptions { Indented = true });
                JsonSerializer.Serialize(writer, element);
                return stream.Length + " " + Encoding.UTF8.GetString(stream.ToArray());
            }

            public static void Main()
            {
                Console.WriteLine("marker");
                var texts = new[]
                {
                    "{ \"a\" : 1 , \"b\":[1,2.50 , \"\\u00e9/\\/Ünal 東京 <b>\"], \"c\": 12345678901234567890123, \"a\": 2}",
                    "[ true , null , \"x\" ]", "\"just \\u0041 string\"", "  42  ", "null", "", "   ", "{\"a\":1,}", "/*c*/1", "1 2", "\uFEFF1",
                    new string('[', 64) + new string(']', 64), new string('[', 65) + new string(']', 65),
                };
                for (var round = 0; round < 2; round++)
                {
                    foreach (var text in texts)
                    {
                        Console.WriteLine("== " + text.Length);
                        Try("element", () => Show(JsonSerializer.Deserialize<JsonElement>(text)));
                        Try("element bytes", () => Show(JsonSerializer.Deserialize<JsonElement>(Encoding.UTF8.GetBytes(text), (JsonSerializerOptions)null)));
                        Try("element chars", () => Show(JsonSerializer.Deserialize<JsonElement>(text.AsSpan())));
                        for (var kind = 0; kind < 2; kind++)
                        {
                            Console.WriteLine("reader " + kind + ": " + Read(text, kind, mid: false));
                        }

                        Try("write", () => { using var source = JsonDocument.Parse(text); return Write(source.RootElement, false) + " | " + Write(source.RootElement, true) + " | " + WriteToStream(source.RootElement); });
                    }

                    var property = "{\"a\":{\"b\":[1,{\"c\":null}]},\"d\":null}";
                    for (var kind = 0; kind < 2; kind++)
                    {
                        Console.WriteLine("mid " + kind + ": " + Read(property, kind, mid: true));
                    }

                    Try("null text", () => Show(JsonSerializer.Deserialize<JsonElement>((string)null)));
                    Try("default element", () => Write(default, false));
                    Try("disposed element", () => { var document = JsonDocument.Parse("[1]"); var root = document.RootElement; document.Dispose(); return Write(root, false); });
                }
            }
        }
        """;

    [Fact]
    public async Task Dom_fixes_print_the_same_bytes_before_and_after_and_with_reflection_off()
    {
        var fixedProgram = await FixRunner.ApplyFixAllAsync(DomProgram, Analyzer, Fixer, OutputKind.ConsoleApplication, TestReferences.Net10);
        Assert.DoesNotContain("JsonSerializer.", fixedProgram, System.StringComparison.Ordinal);
        Assert.DoesNotContain("JsonSerializerContext", fixedProgram, System.StringComparison.Ordinal);
        Assert.Contains("JsonDocument.ParseValue(ref reader)", fixedProgram, System.StringComparison.Ordinal);
        Assert.Contains("JsonElement.ParseValue(ref reader)", fixedProgram, System.StringComparison.Ordinal);
        Assert.Contains("JsonElement.Parse(text.AsSpan())", fixedProgram, System.StringComparison.Ordinal);
        Assert.Contains("element.WriteTo(writer);", fixedProgram, System.StringComparison.Ordinal);

        var before = await RunDomAsync(DomProgram, reflectionOff: false);
        var output = Encoding.UTF8.GetString(before);
        Assert.StartsWith("marker", output, System.StringComparison.Ordinal);
        Assert.Contains("element: Null null", output, System.StringComparison.Ordinal);
        Assert.Contains("reader 0: document Null null at 4 Null 0", output, System.StringComparison.Ordinal);
        Assert.Contains("element: JsonException 0:7", output, System.StringComparison.Ordinal);
        Assert.Contains("null text: System.ArgumentNullException json", output, System.StringComparison.Ordinal);
        Assert.Contains("default element: System.InvalidOperationException", output, System.StringComparison.Ordinal);

        Assert.Equal(output, Encoding.UTF8.GetString(await RunDomAsync(fixedProgram, reflectionOff: false)));

        // Where reflection is off (an AOT app loading the code) the original fails and the fixed program works the same.
        Assert.NotEqual(output, Encoding.UTF8.GetString(await RunDomAsync(DomProgram, reflectionOff: true)));
        Assert.Equal(output, Encoding.UTF8.GetString(await RunDomAsync(fixedProgram, reflectionOff: true)));
    }

    [Fact]
    public void Deserialize_of_a_node_and_JsonNode_Parse_differ_for_a_root_string()
    {
        // Why Deserialize<JsonNode> gets no JsonNode.Parse: the serializer makes a root primitive its own JsonValue kind,
        // whose JsonElement has the unescaped text, and gives the node Options; Parse wraps the parsed element.
        var output = Encoding.UTF8.GetString(ProgramRunner.CompileAndRun("""
            using System;
            using System.Text.Json;
            using System.Text.Json.Nodes;

            public static class Program
            {
                private static string Show(JsonNode node)
                    => node.GetValue<string>() + " " + ((JsonValue)node).TryGetValue<JsonElement>(out var element) + " " + element.GetRawText() + " " + (node.Options is null);

                public static void Main()
                {
                    Console.WriteLine(Show(JsonSerializer.Deserialize<JsonNode>("\"\\u0041\"")));
                    Console.WriteLine(Show(JsonNode.Parse("\"\\u0041\"")));
                }
            }
            """)).ReplaceLineEndings("\n");
        Assert.Equal("A True \"A\" False\nA True \"\\u0041\" True\n", output);
    }

    private static async Task<byte[]> RunDomAsync(string source, bool reflectionOff)
    {
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.ConsoleApplication, TestReferences.Net10);
        return ProgramRunner.Run((await solution.GetDocument(id)!.Project.GetCompilationAsync())!, reflectionOff: reflectionOff);
    }
}
