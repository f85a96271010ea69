using System.IO;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Testing;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.ReflectionSerializationAnalyzer,
    JsonPerf.CodeFixes.ReflectionSerializationFixer>;

namespace JsonPerf.Analyzers.Tests.JP0002;

public partial class AnalyzerTests
{
    private const string Header = """
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Linq;
        using System.Text.Json;
        using System.Text.Json.Serialization;
        using System.Text.Json.Serialization.Metadata;
        using System.Threading.Tasks;

        public class Order { public int Id { get; set; } }

        """;

    internal static string InMethod(string body) => Header + $$"""
        public class C
        {
            private static readonly JsonSerializerOptions s_indented = new JsonSerializerOptions { WriteIndented = true };

            public async Task Run(Order order, List<Order> orders, string json, Stream stream, JsonSerializerOptions given)
            {
                {{body}}
                await Task.CompletedTask;
            }
        }
        """;

    public static TheoryData<string> ReportedBodies() => new()
    {
        "JsonSerializer.{|JP0002:Serialize|}(order);",
        "JsonSerializer.{|JP0002:Serialize<Order>|}(order);",
        "JsonSerializer.{|JP0002:Deserialize<Order>|}(json);",
        "JsonSerializer.{|JP0002:SerializeToUtf8Bytes|}(order);",
        "JsonSerializer.{|JP0002:SerializeToElement|}(order);",
        "JsonSerializer.{|JP0002:SerializeToNode|}(order);",
        "JsonSerializer.{|JP0002:SerializeToDocument|}(order);",
        "await JsonSerializer.{|JP0002:SerializeAsync|}(stream, order);",
        "await JsonSerializer.{|JP0002:DeserializeAsync<Order>|}(stream);",
        "JsonSerializer.{|JP0002:DeserializeAsyncEnumerable<Order>|}(stream);",
        "JsonSerializer.{|JP0002:Serialize|}(orders);",
        "JsonSerializer.{|JP0002:Serialize|}(orders.ToArray());",
        "JsonSerializer.{|JP0002:Deserialize<Dictionary<string, int>>|}(json);",
        "JsonSerializer.{|JP0002:Deserialize<int?>|}(json);",
        "JsonSerializer.{|JP0002:Serialize|}(order, typeof(Order));",
        "JsonSerializer.{|JP0002:Deserialize|}(json, typeof(Order));",
        "JsonSerializer.{|JP0002:Serialize|}(order, (JsonSerializerOptions)null);",
        "JsonSerializer.{|JP0002:Serialize|}(order, JsonSerializerOptions.Default);",
        "JsonSerializer.{|JP0002:Serialize|}(order, JsonSerializerOptions.Web);",
        "JsonSerializer.{|JP0002:Serialize|}(order, s_indented);",
        "JsonSerializer.{|JP0002:Serialize|}(order, new JsonSerializerOptions { WriteIndented = true });",
        "var local = new JsonSerializerOptions(); local.WriteIndented = true; JsonSerializer.{|JP0002:Serialize|}(order, local);",
        "var local = new JsonSerializerOptions(); local.Converters.Add(new JsonStringEnumConverter()); JsonSerializer.{|JP0002:Serialize|}(order, local); JsonSerializer.{|JP0002:Deserialize<Order>|}(json, local);",
        "Func<string> f = () => JsonSerializer.{|JP0002:Serialize|}(order);",
        // The name in a string, a comment or inside a longer name is not a use.
        "var local = new JsonSerializerOptions(); var text = \"Configure(local) TypeInfoResolver\"; /* Configure(local) */ var localCount = text.Length; JsonSerializer.{|JP0002:Serialize|}(order, local);",
    };

    [Theory]
    [MemberData(nameof(ReportedBodies))]
    public Task Reports_reflection_based_calls_for_a_known_type(string body)
        => Verify.VerifyAnalyzerAsync(InMethod(body));

    public static TheoryData<string> NotReportedBodies() => new()
    {
        "JsonSerializer.Serialize<object>(order);",
        "JsonSerializer.Serialize((object)order);",
        "JsonSerializer.Serialize(new { order.Id });",
        "JsonSerializer.Serialize(order, order.GetType());",
        "dynamic d = order; JsonSerializer.Serialize<dynamic>(d);",
        "JsonSerializer.Serialize(order, given);",
        "JsonSerializer.Serialize(order, Options());",
        "JsonSerializer.Serialize(order, new JsonSerializerOptions(given));",
        "JsonSerializer.Serialize(order, new JsonSerializerOptions { TypeInfoResolver = new DefaultJsonTypeInfoResolver() });",
        "var local = new JsonSerializerOptions(); local.TypeInfoResolverChain.Add(new DefaultJsonTypeInfoResolver()); JsonSerializer.Serialize(order, local);",
        "var local = new JsonSerializerOptions(); local = given; JsonSerializer.Serialize(order, local);",
        "var local = new JsonSerializerOptions(); Configure(local); JsonSerializer.Serialize(order, local);",
        "var local = new JsonSerializerOptions(); Configure(ref local); JsonSerializer.Serialize(order, local);",
        "var @local = new JsonSerializerOptions(); Configure(@local); JsonSerializer.Serialize(order, local);",
        "var local = new JsonSerializerOptions(); Configure(\\u006Cocal); JsonSerializer.Serialize(order, local);",
        "var local = new JsonSerializerOptions(); Configure(lo\u00ADcal); JsonSerializer.Serialize(order, local);",
        "var local = new JsonSerializerOptions(); local.\\u0054ypeInfoResolver = null; JsonSerializer.Serialize(order, local);",
        "JsonSerializer.Serialize(order, Configured.Verbatim);",
        "JsonSerializer.Serialize(order, Configured.Passed);",
        "JsonSerializer.Serialize(order, Configured.Escaped);",
        "var local = new JsonSerializerOptions(); local.MakeReadOnly(populateMissingResolver: true); JsonSerializer.Serialize(order, local);",
        "var local = new JsonSerializerOptions(); var holder = new Holder(local); JsonSerializer.Serialize(order, local);",
        "JsonSerializer.Serialize(order, s_configured);",
        "JsonSerializer.Serialize(order, s_assigned);",
        "JsonSerializer.Serialize(order, Init);",
        "JsonSerializer.Serialize(order, s_resolved);",
        "JsonSerializer.Serialize(order, s_chained);",
        "JsonSerializer.Serialize(order, s_mutable);",
        "JsonSerializer.Serialize(order, (JsonTypeInfo<Order>)null);",
        "JsonSerializer.Serialize(order, typeof(Order), (JsonSerializerContext)null);",
        "JsonSerializer.Serialize(new Hidden());",
        "Json.Serialize(order);",
    };

    [Theory]
    [MemberData(nameof(NotReportedBodies))]
    public Task Does_not_report_unknown_types_metadata_overloads_or_options_that_may_hold_a_resolver(string body)
        => Verify.VerifyAnalyzerAsync(NotReportedSource(body));

    internal static string NotReportedSource(string body) => Header + $$"""
        public static class Json { public static string Serialize<T>(T value) => ""; }

        // No resolver named anywhere in this type: only what is done with each field decides.
        public static class Configured
        {
            public static readonly JsonSerializerOptions Plain = new JsonSerializerOptions();
            public static readonly JsonSerializerOptions Verbatim = new JsonSerializerOptions();
            public static readonly JsonSerializerOptions Passed = new JsonSerializerOptions();
            public static readonly JsonSerializerOptions Escaped = new JsonSerializerOptions();

            static Configured()
            {
                Setup(@Verbatim);
                Setup(Passed);
                Setup(\u0045scaped);
            }

            private static void Setup(JsonSerializerOptions options) { }
        }

        public class C
        {
            private static readonly JsonSerializerOptions s_resolved = new JsonSerializerOptions { TypeInfoResolver = new DefaultJsonTypeInfoResolver() };
            private static readonly JsonSerializerOptions s_chained = Chained();
            private static JsonSerializerOptions s_mutable = new JsonSerializerOptions();
            private static readonly JsonSerializerOptions s_configured = new JsonSerializerOptions();
            private readonly JsonSerializerOptions s_assigned = new JsonSerializerOptions();
            public JsonSerializerOptions Init { get; init; } = new JsonSerializerOptions();
            private class Hidden { public int X { get; set; } }

            private static JsonSerializerOptions Chained() => new JsonSerializerOptions();
            private static JsonSerializerOptions Options() => new JsonSerializerOptions();
            private static void Configure(JsonSerializerOptions options) { }
            private static void Configure(ref JsonSerializerOptions options) { }
            private sealed class Holder { public Holder(JsonSerializerOptions options) { } }

            static C() => Configure(s_configured);

            public C(JsonSerializerOptions given) => s_assigned = given;

            public void Run(Order order, JsonSerializerOptions given)
            {
                {{body}}
            }
        }
        """;

    [Fact]
    public Task Reports_static_options_that_nothing_in_their_type_hands_to_other_code()
        => Verify.VerifyAnalyzerAsync(NotReportedSource("JsonSerializer.{|JP0002:Serialize|}(order, Configured.Plain);"));

    // The fix's own judgement (GeneratedMetadataSafety): a context would not reproduce what reflection writes for these,
    // so "use source generation" would be wrong advice (3 of 7 sites on real projects).
    [Fact]
    public Task Does_not_report_types_whose_json_generated_metadata_cannot_reproduce()
        => Verify.VerifyAnalyzerAsync(Header + """
            public class Envelope { public int Id { get; set; } public object Payload { get; set; } }

            public sealed class ViaReflection : JsonConverter<object>
            {
                public override object Read(ref Utf8JsonReader reader, Type type, JsonSerializerOptions options) => JsonSerializer.Deserialize<Dictionary<string, string>>(ref reader, options);
                public override void Write(Utf8JsonWriter writer, object value, JsonSerializerOptions options) => JsonSerializer.Serialize(writer, value, value.GetType(), options);
            }

            public class Wrapped { public int Id { get; set; } [JsonConverter(typeof(ViaReflection))] public object Data { get; set; } }

            public class Page { public List<Order> Items { get; set; } public System.Collections.ArrayList Legacy { get; set; } }

            public class C
            {
                public string Anonymous() => JsonSerializer.Serialize(new List<object> { new { X = 1 }, new { Y = "y" } });
                public string Loose(Envelope envelope) => JsonSerializer.Serialize(envelope);
                public Envelope[] LooseArray(string json) => JsonSerializer.Deserialize<Envelope[]>(json);
                public string Converted(Wrapped wrapped) => JsonSerializer.Serialize(wrapped);
                public Page Legacy(string json) => JsonSerializer.Deserialize<Page>(json);
                public string Served(Order order) => JsonSerializer.{|JP0002:Serialize|}(order);
                public Dictionary<string, List<Order>> ServedToo(string json) => JsonSerializer.{|JP0002:Deserialize<Dictionary<string, List<Order>>>|}(json);
            }
            """);

    [Fact]
    public Task Does_not_report_a_generic_type_parameter()
        => Verify.VerifyAnalyzerAsync(Header + """
            public class C
            {
                public string Write<T>(T value) => JsonSerializer.Serialize(value);
                public T Read<T>(string json) => JsonSerializer.Deserialize<T>(json);
                public string WriteList<T>(List<T> values) => JsonSerializer.Serialize(values);
            }
            """);

    [Fact]
    public Task Does_not_report_options_whose_type_sets_a_resolver_elsewhere()
        => Verify.VerifyAnalyzerAsync(Header + """
            public class C
            {
                private static readonly JsonSerializerOptions s_options = new JsonSerializerOptions();

                static C() => s_options.TypeInfoResolverChain.Add(new DefaultJsonTypeInfoResolver());

                public string Write(Order order) => JsonSerializer.Serialize(order, s_options);
            }
            """);

    [Fact]
    public Task Does_not_report_generated_code()
        => Verify.VerifyAnalyzerAsync("// <auto-generated/>\n" + InMethod("JsonSerializer.Serialize(order);"));

    [Fact]
    public Task Reports_in_top_level_statements()
        => Verify.VerifyAnalyzerAsync("""
            using System;
            using System.Text.Json;

            Console.WriteLine(JsonSerializer.{|JP0002:Serialize|}(new Order { Id = 1 }));

            public class Order { public int Id { get; set; } }
            """, outputKind: OutputKind.ConsoleApplication);

    [Fact]
    public Task The_message_names_the_method_and_the_type()
        => new Verify.Test
        {
            TestCode = InMethod("JsonSerializer.Deserialize<List<Order>>(json);"),
            ExpectedDiagnostics =
            {
                new DiagnosticResult(Rules.ReflectionSerialization).WithSpan(17, 24, 17, 48).WithSeverity(DiagnosticSeverity.Info)
                    .WithArguments("JsonSerializer.Deserialize", "List<Order>", Rules.ReflectionUseContext("List<Order>"), ""),
            },
        }.RunAsync();

    [Fact]
    public Task Is_info_by_default()
        => WithConfig(trimmedApp: false, editorconfig: null, DiagnosticSeverity.Info);

    // The package adds this global config (build/JsonPerf.Analyzers.TrimmedApp.globalconfig) to projects that publish
    // trimmed or native AOT or turn reflection off; tests/PackageConsumer/run.sh checks that MSBuild condition.
    [Fact]
    public Task Is_a_warning_with_the_packages_trimmed_app_config()
        => WithConfig(trimmedApp: true, editorconfig: null, DiagnosticSeverity.Warning);

    [Theory]
    [InlineData("suggestion", DiagnosticSeverity.Info)]
    [InlineData("silent", DiagnosticSeverity.Hidden)]
    // "error" is not listed: Roslyn turns a Warning into an error as warning-as-error (Severity stays Warning), which this verifier cannot express.
    public Task An_explicit_severity_wins_over_the_trimmed_app_warning(string severity, DiagnosticSeverity expected)
        => WithConfig(trimmedApp: true, $"dotnet_diagnostic.JP0002.severity = {severity}", expected);

    [Fact]
    public Task A_project_globalconfig_wins_over_the_packages_config()
    {
        var test = new Verify.Test
        {
            TestCode = InMethod("JsonSerializer.Serialize(order);"),
            ExpectedDiagnostics = { new DiagnosticResult(Rules.ReflectionSerialization).WithSpan(17, 24, 17, 33).WithSeverity(DiagnosticSeverity.Info).WithArguments("JsonSerializer.Serialize", "Order", Rules.ReflectionUseContext("Order"), "") },
        };
        test.TestState.AnalyzerConfigFiles.Add(("/package/JsonPerf.Analyzers.TrimmedApp.globalconfig", TrimmedAppConfig));
        test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", "is_global = true\nglobal_level = 100\ndotnet_diagnostic.JP0002.severity = suggestion\n"));
        return test.RunAsync();
    }

    [Fact]
    public Task An_explicit_none_silences_it_in_a_trimmed_app()
    {
        var test = new Verify.Test { TestCode = InMethod("JsonSerializer.Serialize(order);") };
        test.TestState.AnalyzerConfigFiles.Add(("/package/JsonPerf.Analyzers.TrimmedApp.globalconfig", TrimmedAppConfig));
        test.TestState.AnalyzerConfigFiles.Add(("/.editorconfig", "root = true\n\n[*.cs]\ndotnet_diagnostic.JP0002.severity = none\n"));
        return test.RunAsync();
    }

    private static string TrimmedAppConfig => File.ReadAllText(Path.Combine(RuleCatalogTests.RepositoryRoot, "src", "JsonPerf.Package", "build", "JsonPerf.Analyzers.TrimmedApp.globalconfig"));

    private static Task WithConfig(bool trimmedApp, string? editorconfig, DiagnosticSeverity expected)
    {
        var test = new Verify.Test
        {
            TestCode = InMethod("JsonSerializer.Serialize(order);"),
            ExpectedDiagnostics = { new DiagnosticResult(Rules.ReflectionSerialization).WithSpan(17, 24, 17, 33).WithSeverity(expected).WithArguments("JsonSerializer.Serialize", "Order", Rules.ReflectionUseContext("Order"), "") },
        };
        if (trimmedApp)
        {
            test.TestState.AnalyzerConfigFiles.Add(("/package/JsonPerf.Analyzers.TrimmedApp.globalconfig", TrimmedAppConfig));
        }

        if (editorconfig is not null)
        {
            test.TestState.AnalyzerConfigFiles.Add(("/.editorconfig", "root = true\n\n[*.cs]\n" + editorconfig + "\n"));
        }

        return test.RunAsync();
    }
}
