using System.Threading.Tasks;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonSerializerOptionsCreatedPerCallAnalyzer,
    JsonPerf.CodeFixes.JsonSerializerOptionsCreatedPerCallFixer>;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>
/// <c>GetOptions(o) =&gt; o ?? new JsonSerializerOptions { ... }</c> called
/// by a wrapper <c>ToJson&lt;T&gt;(T value, JsonSerializerOptions? options = null)</c>. Every <c>ToJson(x)</c> built new
/// options, an encoder and a converter. Reported once, at the factory's call in the wrapper; the fix caches the
/// factory's own options, the caller's pass through as before. A creation handed to the wrapper is followed through
/// the factory and hoisted where it stands.
/// </summary>
public partial class FixTests
{
    [Fact]
    public Task A_coalescing_factory_behind_a_wrappers_optional_options_caches_its_own()
        => Verify.VerifyFixAsync("""
            using System.Text.Encodings.Web;
            using System.Text.Json;
            using System.Text.Json.Serialization;
            using System.Text.Unicode;

            public static class JsonExtensions
            {
                private static JsonSerializerOptions GetOptions(JsonSerializerOptions options)
                    => options ?? new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All), Converters = { new JsonStringEnumConverter() } };

                public static string ToJson<T>(this T value, JsonSerializerOptions options = null)
                    => JsonSerializer.Serialize(value, {|JP0001:GetOptions(options)|});

                public static string Indented<T>(T value) => ToJson(value, {|JP0001:new JsonSerializerOptions { WriteIndented = true }|});
            }
            """, """
            using System.Text.Encodings.Web;
            using System.Text.Json;
            using System.Text.Json.Serialization;
            using System.Text.Unicode;

            public static class JsonExtensions
            {
                private static readonly JsonSerializerOptions StringEnumJsonOptions = new JsonSerializerOptions
                {
                    Encoder = JavaScriptEncoder.Create(UnicodeRanges.All),
                    Converters = { new JsonStringEnumConverter() }
                };
                private static readonly JsonSerializerOptions IndentedJsonOptions = new JsonSerializerOptions
                {
                    WriteIndented = true
                };

                private static JsonSerializerOptions GetOptions(JsonSerializerOptions options)
                    => options ?? StringEnumJsonOptions;

                public static string ToJson<T>(this T value, JsonSerializerOptions options = null)
                    => JsonSerializer.Serialize(value, GetOptions(options));

                public static string Indented<T>(T value) => ToJson(value, IndentedJsonOptions);
            }
            """);

    [Fact]
    public Task A_coalescing_factory_behind_a_wrapper_serializes_the_same()
        => AssertSameOutputAsync("""
            using System;
            using System.Text.Encodings.Web;
            using System.Text.Json;
            using System.Text.Json.Serialization;
            using System.Text.Unicode;

            public static class Program
            {
                private static JsonSerializerOptions GetOptions(JsonSerializerOptions options)
                    => options ?? new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All), Converters = { new JsonStringEnumConverter() } };

                private static string ToJson<T>(T value, JsonSerializerOptions options = null) => JsonSerializer.Serialize(value, GetOptions(options));

                public static void Main()
                {
                    Console.WriteLine("marker");
                    for (var i = 0; i < 2; i++)
                    {
                        Console.WriteLine(ToJson(Order.Sample(i)));
                        Console.WriteLine(ToJson(Order.Sample(i), new JsonSerializerOptions { WriteIndented = true, PropertyNamingPolicy = JsonNamingPolicy.CamelCase }));
                    }
                }
            }
            """ + Model);
}
