using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>
/// Options that hold the state of the call cannot be cached as they are: a converter built from the call's argument
/// (an application that fills an object from JSON), from <c>this</c>, or from a local is reported with what would have
/// to change, and no fix; options whose per-call values are only settings are not reported (a lookup per call, and no
/// one instance to cache).
/// </summary>
public class CallStateTests
{
    private const string Converter = """
        using System;
        using System.Text.Json;
        using System.Text.Json.Serialization;

        public sealed class Settings { public string Name { get; set; } }

        public sealed class PopulateConverter<T> : JsonConverter<T>
        {
            private readonly T _target;
            public PopulateConverter(T target) => _target = target;
            public override T Read(ref Utf8JsonReader reader, Type type, JsonSerializerOptions options) { reader.Skip(); return _target; }
            public override void Write(Utf8JsonWriter writer, T value, JsonSerializerOptions options) => writer.WriteNullValue();
        }

        """;

    [Theory]
    [InlineData("public static T Fill<T>(string json, T target) => JsonSerializer.Deserialize<T>(json, new JsonSerializerOptions { Converters = { new PopulateConverter<T>(target) } });")]
    [InlineData("private readonly Settings _settings = new(); public Settings Fill(string json) => JsonSerializer.Deserialize<Settings>(json, new JsonSerializerOptions { Converters = { new PopulateConverter<Settings>(_settings) } });")]
    [InlineData("public static string Write(Settings s, Settings target) { var options = new JsonSerializerOptions(); options.Converters.Add(new PopulateConverter<Settings>(target)); return JsonSerializer.Serialize(s, options); }")]
    public async Task Options_holding_a_converter_built_from_the_call_are_reported_as_not_cacheable(string member)
    {
        var diagnostic = Assert.Single(await DiagnosticsAsync(member), d => d.Id == "JP0001");

        Assert.Empty(diagnostic.Properties);
        Assert.Contains(Rules.OptionsCostCallState, diagnostic.GetMessage(), System.StringComparison.Ordinal);
        Assert.DoesNotContain("static readonly field", diagnostic.GetMessage(), System.StringComparison.Ordinal);
        Assert.Contains(Rules.OptionsCacheWithoutState, diagnostic.GetMessage(), System.StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("public static string Write(Settings s, bool indented) => JsonSerializer.Serialize(s, new JsonSerializerOptions { WriteIndented = indented });")]
    [InlineData("public static string Write(Settings s, int depth) { var options = new JsonSerializerOptions(); options.MaxDepth = depth; return JsonSerializer.Serialize(s, options); }")]
    public async Task Options_whose_only_per_call_values_are_settings_are_not_reported(string member)
        => Assert.DoesNotContain(await DiagnosticsAsync(member), d => d.Id == "JP0001");

    [Fact]
    public async Task Options_holding_a_converter_built_from_constants_are_still_cacheable()
    {
        var diagnostic = Assert.Single(await DiagnosticsAsync("public static string Write(Settings s) => JsonSerializer.Serialize(s, new JsonSerializerOptions { Converters = { new PopulateConverter<Settings>(null) } });"), d => d.Id == "JP0001");
        Assert.NotEmpty(diagnostic.Properties);
    }

    [Fact]
    public async Task JP0002_on_options_built_per_call_does_not_promise_another_rules_fix()
    {
        var source = Converter + "public class Binder { public static T Fill<T>(string json, T target) => JsonSerializer.Deserialize<T>(json, new JsonSerializerOptions { Converters = { new PopulateConverter<T>(target) } }); public static Settings Read(string json) => JsonSerializer.Deserialize<Settings>(json, new JsonSerializerOptions { Converters = { new PopulateConverter<Settings>(new Settings()) } }); }";
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var jp0002 = (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new ReflectionSerializationAnalyzer())).Where(d => d.Id == "JP0002").ToList();

        Assert.NotEmpty(jp0002);
        Assert.All(jp0002, d => Assert.DoesNotContain("JP0001", d.GetMessage(), System.StringComparison.Ordinal));
    }

    private static async Task<System.Collections.Immutable.ImmutableArray<Diagnostic>> DiagnosticsAsync(string member)
    {
        var (solution, id) = FixRunner.CreateProject(Converter + "public class Binder { " + member + " }", OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var compilation = (await solution.GetDocument(id)!.Project.GetCompilationAsync())!;
        Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
        return await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new JsonSerializerOptionsCreatedPerCallAnalyzer());
    }
}
