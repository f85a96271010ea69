using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>
/// A converter that copies its options on every value (to serialize the value again without itself) is reported, and
/// the fix makes the copy once per source options; the program prints the same, each call twice.
/// </summary>
public class ConverterCopyTests
{
    internal const string Program = """
        using System;
        using System.Collections.Generic;
        using System.Text.Json;
        using System.Text.Json.Serialization;

        [JsonConverter(typeof(AuditedConverter))]
        public class Audited { public int Id { get; set; } public string Name { get; set; } }

        public sealed class AuditedConverter : JsonConverter<Audited>
        {
            public static int Reads;

            public override Audited Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
            {
                Reads++;
                var copy = new JsonSerializerOptions(options);
                copy.Converters.Remove(this);
                copy.PropertyNameCaseInsensitive = true;
                return JsonSerializer.Deserialize<AuditedDto>(ref reader, copy) is { } dto ? new Audited { Id = dto.Id, Name = dto.Name } : null;
            }

            public override void Write(Utf8JsonWriter writer, Audited value, JsonSerializerOptions options)
                => JsonSerializer.Serialize(writer, new AuditedDto { Id = value.Id, Name = value.Name }, new JsonSerializerOptions(options) { WriteIndented = false });
        }

        public class AuditedDto { public int Id { get; set; } public string Name { get; set; } }

        public static class Program
        {
            public static void Main()
            {
                var web = new JsonSerializerOptions(JsonSerializerDefaults.Web);
                var list = new List<Audited> { new() { Id = 1, Name = "a" }, new() { Id = 2, Name = "Ünal" } };
                for (var i = 0; i < 2; i++)
                {
                    var json = JsonSerializer.Serialize(list, web);
                    Console.WriteLine(json);
                    var back = JsonSerializer.Deserialize<List<Audited>>("[{\"id\":3,\"NAME\":\"x\"}]", web);
                    Console.WriteLine(back[0].Id + " " + back[0].Name + " " + AuditedConverter.Reads);
                    Console.WriteLine(JsonSerializer.Serialize(list));
                }
            }
        }
        """;

    [Fact]
    public async Task A_converters_copy_of_its_options_is_made_once_per_source_options()
    {
        var (solution, id) = FixRunner.CreateProject(Program, OutputKind.ConsoleApplication, TestReferences.Net10);
        var diagnostics = (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new JsonSerializerOptionsCreatedPerCallAnalyzer())).Where(d => d.Id == "JP0001").ToList();
        Assert.True(diagnostics.Count == 2 && diagnostics.All(d => d.Properties.ContainsKey(DiagnosticProperties.FixKind)), string.Join("\n", diagnostics));
        Assert.All(diagnostics, d => Assert.Contains(Rules.OptionsCostCopy, d.GetMessage(), System.StringComparison.Ordinal));

        var fixedProgram = (await (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, new JsonSerializerOptionsCreatedPerCallAnalyzer(), new JsonSerializerOptionsCreatedPerCallFixer())).GetDocument(id)!.GetTextAsync()).ToString();

        Assert.Contains("private readonly ConditionalWeakTable<JsonSerializerOptions, JsonSerializerOptions> _readOptions = new();", fixedProgram, System.StringComparison.Ordinal);
        Assert.Contains("private readonly ConditionalWeakTable<JsonSerializerOptions, JsonSerializerOptions> _writeOptions = new();", fixedProgram, System.StringComparison.Ordinal);
        Assert.Contains("""
                    var copy = _readOptions.GetValue(options, _ =>
                    {
                        var created = new JsonSerializerOptions(options);
                        created.Converters.Remove(this);
                        created.PropertyNameCaseInsensitive = true;
                        return created;
                    });
            """, fixedProgram, System.StringComparison.Ordinal);
        Unwrap.AssertContains("_writeOptions.GetValue(options, _ => new JsonSerializerOptions(options) { WriteIndented = false })", fixedProgram);
        var (before, after) = ProgramRunner.RunBeforeAndAfter(Program, fixedProgram);
        Assert.Equal(Encoding.UTF8.GetString(before), Encoding.UTF8.GetString(after));
    }

    [Theory]
    [InlineData("var copy = new JsonSerializerOptions(options); copy.MaxDepth = reader.CurrentDepth + 8; return JsonSerializer.Deserialize<Audited>(ref reader, copy);", true)]
    [InlineData("var depth = 8; var copy = new JsonSerializerOptions(options) { MaxDepth = depth }; return JsonSerializer.Deserialize<Audited>(ref reader, copy);", true)]
    [InlineData("var copy = new JsonSerializerOptions(options); s_last = copy; return JsonSerializer.Deserialize<Audited>(ref reader, copy);", false)]
    public async Task A_copy_that_reads_the_call_or_escapes_gets_no_fix(string body, bool reported)
    {
        var source = $$"""
            using System;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public class Audited { public int Id { get; set; } }

            public sealed class AuditedConverter : JsonConverter<Audited>
            {
                private static JsonSerializerOptions s_last;

                public override Audited Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
                {
                    {{body}}
                }

                public override void Write(Utf8JsonWriter writer, Audited value, JsonSerializerOptions options) => writer.WriteNullValue();
            }
            """;
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var diagnostics = (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new JsonSerializerOptionsCreatedPerCallAnalyzer())).Where(d => d.Id == "JP0001").ToList();
        Assert.Equal(reported ? 1 : 0, diagnostics.Count);
        Assert.All(diagnostics, d => Assert.True(d.Properties.IsEmpty && Rules.SaysWhy(d.GetMessage()), d.GetMessage()));
    }

    [Fact]
    public async Task A_copy_of_options_handed_to_an_ordinary_method_is_not_reported()
    {
        const string source = """
            using System.Text.Json;

            public static class C
            {
                public static string Write(object value, JsonSerializerOptions options)
                {
                    var copy = new JsonSerializerOptions(options) { WriteIndented = true };
                    return JsonSerializer.Serialize(value, copy);
                }
            }
            """;
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        Assert.DoesNotContain(await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new JsonSerializerOptionsCreatedPerCallAnalyzer()), d => d.Id == "JP0001");
    }
}
