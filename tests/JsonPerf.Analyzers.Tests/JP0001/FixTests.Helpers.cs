using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonSerializerOptionsCreatedPerCallAnalyzer,
    JsonPerf.CodeFixes.JsonSerializerOptionsCreatedPerCallFixer>;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>
/// Helpers: a factory's creation becomes a static readonly field the factory returns (every call site shares it); a
/// creation passed to a wrapper is hoisted where it stands, as for an entry point. The verifier checks one fix at a
/// time and Fix All in document, project and solution scope.
/// </summary>
public partial class FixTests
{
    [Fact]
    public Task A_factory_returns_a_cached_field_and_its_call_sites_stay()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public class C
            {
                private static JsonSerializerOptions GetOptions() => new JsonSerializerOptions { Converters = { new JsonStringEnumConverter() } };

                public string A(object value) => JsonSerializer.Serialize(value, {|JP0001:GetOptions()|});
                public object B(string json) => JsonSerializer.Deserialize<object>(json, {|JP0001:GetOptions()|});
            }
            """, """
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public class C
            {
                private static readonly JsonSerializerOptions StringEnumJsonOptions = new JsonSerializerOptions
                {
                    Converters = { new JsonStringEnumConverter() }
                };

                private static JsonSerializerOptions GetOptions() => StringEnumJsonOptions;

                public string A(object value) => JsonSerializer.Serialize(value, GetOptions());
                public object B(string json) => JsonSerializer.Deserialize<object>(json, GetOptions());
            }
            """);

    [Fact]
    public Task A_coalescing_factory_keeps_the_callers_options_and_caches_its_own()
        => Verify.VerifyFixAsync("""
            using System.Text.Encodings.Web;
            using System.Text.Json;
            using System.Text.Unicode;

            internal static class Json
            {
                private static readonly JavaScriptEncoder s_encoder = JavaScriptEncoder.Create(UnicodeRanges.All);

                internal static JsonSerializerOptions GetOptions(JsonSerializerOptions options = null)
                {
                    return options ?? new JsonSerializerOptions { Encoder = s_encoder, WriteIndented = true };
                }

                internal static string Write(object value) => JsonSerializer.Serialize(value, {|JP0001:GetOptions()|});
                internal static string Write(object value, JsonSerializerOptions options) => JsonSerializer.Serialize(value, GetOptions(options));
            }
            """, """
            using System.Text.Encodings.Web;
            using System.Text.Json;
            using System.Text.Unicode;

            internal static class Json
            {
                private static readonly JavaScriptEncoder s_encoder = JavaScriptEncoder.Create(UnicodeRanges.All);
                private static readonly JsonSerializerOptions s_indentedJsonOptions = new JsonSerializerOptions
                {
                    Encoder = s_encoder,
                    WriteIndented = true
                };

                internal static JsonSerializerOptions GetOptions(JsonSerializerOptions options = null)
                {
                    return options ?? s_indentedJsonOptions;
                }

                internal static string Write(object value) => JsonSerializer.Serialize(value, GetOptions());
                internal static string Write(object value, JsonSerializerOptions options) => JsonSerializer.Serialize(value, GetOptions(options));
            }
            """);

    [Fact]
    public Task A_factory_that_casts_its_creation_returns_the_field_without_the_cast()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            public class C
            {
                private static JsonSerializerOptions GetOptions() => (JsonSerializerOptions)new JsonSerializerOptions { WriteIndented = true };

                public string A(object value) => JsonSerializer.Serialize(value, {|JP0001:GetOptions()|});
            }
            """, """
            using System.Text.Json;

            public class C
            {
                private static readonly JsonSerializerOptions IndentedJsonOptions = new JsonSerializerOptions { WriteIndented = true };

                private static JsonSerializerOptions GetOptions() => IndentedJsonOptions;

                public string A(object value) => JsonSerializer.Serialize(value, GetOptions());
            }
            """);

    [Fact]
    public Task A_factory_that_casts_through_an_alias_or_to_nullable_returns_the_field()
        => Verify.VerifyFixAsync("""
            #nullable enable
            using System.Text.Json;
            using Opts = System.Text.Json.JsonSerializerOptions;

            public class C
            {
                private static JsonSerializerOptions? GetOptions() => (JsonSerializerOptions?)new JsonSerializerOptions { WriteIndented = true };
                private static Opts Other() => (Opts)(new Opts { AllowTrailingCommas = true });

                public string A(object value) => JsonSerializer.Serialize(value, {|JP0001:GetOptions()|});
                public object? B(string json) => JsonSerializer.Deserialize<object>(json, {|JP0001:Other()|});
            }
            """, """
            #nullable enable
            using System.Text.Json;
            using Opts = System.Text.Json.JsonSerializerOptions;

            public class C
            {
                private static readonly Opts IndentedJsonOptions = new JsonSerializerOptions { WriteIndented = true };
                private static readonly Opts JsonOptions = new Opts { AllowTrailingCommas = true };

                private static JsonSerializerOptions? GetOptions() => IndentedJsonOptions;
                private static Opts Other() => JsonOptions;

                public string A(object value) => JsonSerializer.Serialize(value, GetOptions());
                public object? B(string json) => JsonSerializer.Deserialize<object>(json, Other());
            }
            """);

    [Fact]
    public Task A_factory_of_default_options_returns_JsonSerializerOptions_Default()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            internal class C
            {
                private JsonSerializerOptions CreateOptions() { return new JsonSerializerOptions(); }

                public string A(object value) => JsonSerializer.Serialize(value, {|JP0001:CreateOptions()|});
            }
            """, """
            using System.Text.Json;

            internal class C
            {
                private JsonSerializerOptions CreateOptions() { return JsonSerializerOptions.Default; }

                public string A(object value) => JsonSerializer.Serialize(value, CreateOptions());
            }
            """);

    [Fact]
    public Task Fix_all_fixes_a_factory_in_another_document_once_for_all_its_call_sites()
    {
        var test = new Verify.Test();
        test.TestState.Sources.Add(("Json.cs", """
            using System.Text.Json;

            internal static class Json
            {
                internal static JsonSerializerOptions CreateIndentedOptions() => new JsonSerializerOptions { WriteIndented = true, MaxDepth = 8 };
            }
            """));
        test.TestState.Sources.Add(("Api.cs", """
            using System.Text.Json;

            public class Api
            {
                public string A(object value) => JsonSerializer.Serialize(value, {|JP0001:Json.CreateIndentedOptions()|});
                public string B(object value) => JsonSerializer.Serialize(value, {|JP0001:Json.CreateIndentedOptions()|});
                public object D(string json) => JsonSerializer.Deserialize<object>(json, new JsonSerializerOptions(Json.CreateIndentedOptions()));
            }
            """));
        test.FixedState.Sources.Add(("Json.cs", """
            using System.Text.Json;

            internal static class Json
            {
                private static readonly JsonSerializerOptions IndentedOptions = new JsonSerializerOptions { WriteIndented = true, MaxDepth = 8 };

                internal static JsonSerializerOptions CreateIndentedOptions() => IndentedOptions;
            }
            """));
        test.FixedState.Sources.Add(("Api.cs", """
            using System.Text.Json;

            public class Api
            {
                public string A(object value) => JsonSerializer.Serialize(value, Json.CreateIndentedOptions());
                public string B(object value) => JsonSerializer.Serialize(value, Json.CreateIndentedOptions());
                public object D(string json) => JsonSerializer.Deserialize<object>(json, new JsonSerializerOptions(Json.CreateIndentedOptions()));
            }
            """));
        // D copies the factory's options (not reported: derived from options it did not create), which a cached factory allows.
        return test.RunAsync();
    }

    [Fact]
    public Task No_factory_fix_when_a_caller_keeps_the_options_or_the_factory_is_public_in_a_library()
    {
        const string Source = """
            using System.Text.Json;

            public static class Json
            {
                public static JsonSerializerOptions Public() => new JsonSerializerOptions { WriteIndented = true };
                internal static JsonSerializerOptions Kept() => new JsonSerializerOptions { MaxDepth = 4 };

                internal static string A(object value) => JsonSerializer.Serialize(value, {|JP0001:Public()|});
                internal static string B(object value) => JsonSerializer.Serialize(value, {|JP0001:Kept()|});
                internal static JsonSerializerOptions Keep() { var kept = Kept(); kept.WriteIndented = true; return kept; }
            }
            """;
        return new Verify.Test { TestCode = Source, FixedCode = Source }.RunAsync();
    }

    [Fact]
    public Task A_creation_passed_to_a_wrapper_is_hoisted_where_it_stands()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            public class C
            {
                private static string ToJson(object value, JsonSerializerOptions options) => Write(value, options);
                private static string Write(object value, JsonSerializerOptions options) => JsonSerializer.Serialize(value, options);

                public string A(object value) => ToJson(value, {|JP0001:new JsonSerializerOptions { WriteIndented = true }|});
                public string B(object value)
                {
                    var options = {|JP0001:new JsonSerializerOptions()|};
                    options.PropertyNamingPolicy = JsonNamingPolicy.CamelCase;
                    return ToJson(value, options);
                }
            }
            """, """
            using System.Text.Json;

            public class C
            {
                private static readonly JsonSerializerOptions IndentedJsonOptions = new JsonSerializerOptions
                {
                    WriteIndented = true
                };
                private static readonly JsonSerializerOptions CamelCaseJsonOptions = new JsonSerializerOptions
                {
                    PropertyNamingPolicy = JsonNamingPolicy.CamelCase
                };

                private static string ToJson(object value, JsonSerializerOptions options) => Write(value, options);
                private static string Write(object value, JsonSerializerOptions options) => JsonSerializer.Serialize(value, options);

                public string A(object value) => ToJson(value, IndentedJsonOptions);
                public string B(object value)
                {
                    return ToJson(value, CamelCaseJsonOptions);
                }
            }
            """);

    /// <summary>A program whose options come from its own factories and go through its own wrappers (run before and after Fix All).</summary>
    internal const string HelpersProgram = """
        using System;
        using System.Text.Encodings.Web;
        using System.Text.Json;
        using System.Text.Json.Serialization;
        using System.Text.Unicode;

        public static class Program
        {
            public static void Main()
            {
                Console.WriteLine("marker");
                for (var i = 0; i < 3; i++)
                {
                    var order = Order.Sample(i);
                    Console.WriteLine(Json.Write(order));
                    Console.WriteLine(Json.Write(order, new JsonSerializerOptions { WriteIndented = true }));
                    Console.WriteLine(JsonSerializer.Serialize(order, Json.GetOptions(null)));
                    Console.WriteLine(JsonSerializer.Serialize(order, Json.GetOptions(new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.KebabCaseUpper })));
                    var back = Json.Read("{\"id\":\"42\",\"customerName\":\"x\",\"status\":\"shipped\"}", new JsonSerializerOptions(JsonSerializerDefaults.Web) { Converters = { new JsonStringEnumConverter() } });
                    Console.WriteLine(back.Id + " " + back.CustomerName + " " + back.Status);
                    Console.WriteLine(JsonSerializer.Serialize(new { Name = "山本太郎 <b>&</b>" }, Json.Japanese()));
                }
            }
        }

        internal static class Json
        {
            internal static JsonSerializerOptions GetOptions(JsonSerializerOptions options = null)
                => options ?? new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase, Converters = { new JsonStringEnumConverter() } };

            internal static JsonSerializerOptions Japanese() => new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) };

            internal static string Write(object value) => Write(value, GetOptions());

            internal static string Write(object value, JsonSerializerOptions options) => Serialize(value, options);

            internal static Order Read(string json, JsonSerializerOptions options) => JsonSerializer.Deserialize<Order>(json, options);

            private static string Serialize(object value, JsonSerializerOptions options) => JsonSerializer.Serialize(value, options ?? JsonSerializerOptions.Default);
        }
        """;

    [Fact]
    public Task Factories_and_wrappers_serialize_the_same_after_the_fix()
        => AssertSameOutputAsync(HelpersProgram + Model);
}
