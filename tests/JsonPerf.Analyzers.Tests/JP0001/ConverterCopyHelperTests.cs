using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>
/// A converter that copies its options per value through the project's own copier (<c>WithoutSelf(options)</c>) is
/// reported at the call, and the fix caches the copier's result per source options; the program prints the same.
/// </summary>
public class ConverterCopyHelperTests
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
            public static int Copies;

            public override Audited Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
                => JsonSerializer.Deserialize<AuditedDto>(ref reader, CaseInsensitive(options)) is { } dto ? new Audited { Id = dto.Id, Name = dto.Name } : null;

            public override void Write(Utf8JsonWriter writer, Audited value, JsonSerializerOptions options)
            {
                var copy = WithoutSelf(options);
                JsonSerializer.Serialize(writer, new AuditedDto { Id = value.Id, Name = value.Name }, copy);
            }

            private static JsonSerializerOptions CaseInsensitive(JsonSerializerOptions source) => new JsonSerializerOptions(source) { PropertyNameCaseInsensitive = true };

            private JsonSerializerOptions WithoutSelf(JsonSerializerOptions source)
            {
                var copy = new JsonSerializerOptions(source);
                copy.Converters.Remove(this);
                Copies++;
                return copy;
            }
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
                    Console.WriteLine(JsonSerializer.Serialize(list, web));
                    var back = JsonSerializer.Deserialize<List<Audited>>("[{\"id\":3,\"NAME\":\"x\"}]", web);
                    Console.WriteLine(back[0].Id + " " + back[0].Name);
                    Console.WriteLine(JsonSerializer.Serialize(list));
                }
            }
        }
        """;

    [Fact]
    public async Task A_copiers_call_is_cached_per_source_options_when_it_reads_only_stable_values()
    {
        var (solution, id) = FixRunner.CreateProject(Program, OutputKind.ConsoleApplication, TestReferences.Net10);
        var diagnostics = (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new JsonSerializerOptionsCreatedPerCallAnalyzer())).Where(d => d.Id == "JP0001").OrderBy(d => d.Location.SourceSpan.Start).ToList();

        // WithoutSelf counts its calls in a static field that is not readonly: a copy that reads changing state gets no fix.
        Assert.Equal(new[] { "CaseInsensitive(options)", "WithoutSelf(options)" }, diagnostics.Select(d => d.Location.SourceTree!.GetText().ToString(d.Location.SourceSpan)));
        Assert.True(diagnostics[0].Properties.ContainsKey(DiagnosticProperties.FixKind), diagnostics[0].GetMessage());
        Assert.True(diagnostics[1].Properties.IsEmpty && Rules.SaysWhy(diagnostics[1].GetMessage()), diagnostics[1].GetMessage());

        var fixedProgram = (await (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, new JsonSerializerOptionsCreatedPerCallAnalyzer(), new JsonSerializerOptionsCreatedPerCallFixer())).GetDocument(id)!.GetTextAsync()).ToString();
        Assert.Contains("private readonly ConditionalWeakTable<JsonSerializerOptions, JsonSerializerOptions> _readOptions = new();", fixedProgram, System.StringComparison.Ordinal);
        Unwrap.AssertContains("JsonSerializer.Deserialize<AuditedDto>(ref reader, _readOptions.GetValue(options, CaseInsensitive))", fixedProgram);
        Assert.Contains("var copy = WithoutSelf(options);", fixedProgram, System.StringComparison.Ordinal);
        var (before, after) = ProgramRunner.RunBeforeAndAfter(Program, fixedProgram);
        Assert.Equal(Encoding.UTF8.GetString(before), Encoding.UTF8.GetString(after));
    }

    [Theory]
    [InlineData("private JsonSerializerOptions Copy(JsonSerializerOptions source) { var copy = new JsonSerializerOptions(source); copy.Converters.Remove(this); return copy; }", true)]
    [InlineData("private static JsonSerializerOptions Copy(JsonSerializerOptions source) => new(source) { MaxDepth = 8 };", true)]
    [InlineData("private static JsonSerializerOptions Copy(JsonSerializerOptions source) => s_cached ??= new JsonSerializerOptions(source);", false)]
    [InlineData("private static JsonSerializerOptions Copy(JsonSerializerOptions source) { s_cached = new JsonSerializerOptions(source); return s_cached; }", false)]
    [InlineData("private static JsonSerializerOptions Copy(JsonSerializerOptions source) => source;", false)]
    [InlineData("private virtual JsonSerializerOptions Copy(JsonSerializerOptions source) => new(source);", false)]
    public async Task Only_a_method_that_returns_a_new_copy_of_its_parameter_is_a_copier(string copier, bool reported)
    {
        var source = $$"""
            using System;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public class Audited { public int Id { get; set; } }

            public class AuditedConverter : JsonConverter<Audited>
            {
                private static JsonSerializerOptions s_cached;

                public override Audited Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
                    => JsonSerializer.Deserialize<Audited>(ref reader, Copy(options));

                public override void Write(Utf8JsonWriter writer, Audited value, JsonSerializerOptions options) => writer.WriteNullValue();

                {{copier}}
            }
            """;
        var (solution, id) = FixRunner.CreateProject(source.Replace("private virtual", "protected virtual"), OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var diagnostics = (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new JsonSerializerOptionsCreatedPerCallAnalyzer())).Where(d => d.Id == "JP0001").ToList();
        Assert.Equal(reported ? 1 : 0, diagnostics.Count);
        Assert.All(diagnostics, d => Assert.True(d.Properties.ContainsKey(DiagnosticProperties.FixKind), d.GetMessage()));
    }

    [Fact]
    public async Task A_copiers_call_outside_a_converter_is_not_reported()
    {
        const string source = """
            using System.Text.Json;

            public static class C
            {
                public static string Write(object value, JsonSerializerOptions options) => JsonSerializer.Serialize(value, Indented(options));

                private static JsonSerializerOptions Indented(JsonSerializerOptions source) => new JsonSerializerOptions(source) { WriteIndented = true };
            }
            """;
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        Assert.DoesNotContain(await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new JsonSerializerOptionsCreatedPerCallAnalyzer()), d => d.Id == "JP0001");
    }
}
