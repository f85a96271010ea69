using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonSerializerOptionsCreatedPerCallAnalyzer,
    JsonPerf.CodeFixes.JsonSerializerOptionsCreatedPerCallFixer>;

namespace JsonPerf.Analyzers.Tests.JP0001;

public partial class FixTests
{
    [Theory]
    [InlineData("7.3")]
    [InlineData("latest")]
    public Task Hoists_inline_options_with_settings_into_a_static_readonly_field(string languageVersion)
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            public class C
            {
                public string M(object value)
                {
                    return JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { WriteIndented = true }|});
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

                public string M(object value)
                {
                    return JsonSerializer.Serialize(value, IndentedJsonOptions);
                }
            }
            """, Cases.Parse(languageVersion));

    [Fact]
    public Task Places_the_field_after_existing_fields_and_follows_the_s_underscore_convention()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public class C
            {
                private static int s_count;
                private readonly int _id = 1;

                public string M(object value)
                {
                    s_count++;
                    return JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions
                    {
                        // Enums as names, as the client expects.
                        Converters = { new JsonStringEnumConverter() },
                    }|});
                }
            }
            """, """
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public class C
            {
                private static int s_count;
                private readonly int _id = 1;
                private static readonly JsonSerializerOptions s_stringEnumJsonOptions = new JsonSerializerOptions
                {
                    // Enums as names, as the client expects.
                    Converters = { new JsonStringEnumConverter() },
                };

                public string M(object value)
                {
                    s_count++;
                    return JsonSerializer.Serialize(value, s_stringEnumJsonOptions);
                }
            }
            """);

    [Fact]
    public Task Follows_the_underscore_convention()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            public class C
            {
                private static readonly object _gate = new object();

                public string M(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { MaxDepth = 8 }|});
            }
            """, """
            using System.Text.Json;

            public class C
            {
                private static readonly object _gate = new object();
                private static readonly JsonSerializerOptions _jsonOptions = new JsonSerializerOptions { MaxDepth = 8 };

                public string M(object value) => JsonSerializer.Serialize(value, _jsonOptions);
            }
            """);

    [Fact]
    public Task Replaces_settings_free_options_with_JsonSerializerOptions_Default()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            public class C
            {
                public string M(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions()|});
                public string N(object value) => JsonSerializer.Serialize(value, options: {|JP0001:new()|});
                public string G(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions(JsonSerializerDefaults.General)|});
            }
            """, """
            using System.Text.Json;

            public class C
            {
                public string M(object value) => JsonSerializer.Serialize(value, JsonSerializerOptions.Default);
                public string N(object value) => JsonSerializer.Serialize(value, options: JsonSerializerOptions.Default);
                public string G(object value) => JsonSerializer.Serialize(value, JsonSerializerOptions.Default);
            }
            """);

    [Fact]
    public Task Replaces_settings_free_web_options_with_JsonSerializerOptions_Web()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            public class C
            {
                public T M<T>(string json) => JsonSerializer.Deserialize<T>(json, {|JP0001:new JsonSerializerOptions(JsonSerializerDefaults.Web)|});
            }
            """, """
            using System.Text.Json;

            public class C
            {
                public T M<T>(string json) => JsonSerializer.Deserialize<T>(json, JsonSerializerOptions.Web);
            }
            """);

    [Fact]
    public Task Uses_a_field_for_web_options_where_JsonSerializerOptions_Web_does_not_exist()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            public class C
            {
                public T M<T>(string json) => JsonSerializer.Deserialize<T>(json, {|JP0001:new JsonSerializerOptions(JsonSerializerDefaults.Web)|});
            }
            """, """
            using System.Text.Json;

            public class C
            {
                private static readonly JsonSerializerOptions WebJsonOptions = new JsonSerializerOptions(JsonSerializerDefaults.Web);

                public T M<T>(string json) => JsonSerializer.Deserialize<T>(json, WebJsonOptions);
            }
            """, references: TestReferences.Net8);

    [Fact]
    public Task Folds_configuration_statements_of_a_local_into_the_initializer_in_order()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public class C
            {
                public string M(object value)
                {
                    var options = {|JP0001:new JsonSerializerOptions { WriteIndented = true }|};
                    options.PropertyNamingPolicy = JsonNamingPolicy.CamelCase;
                    options.Converters.Add(new JsonStringEnumConverter());
                    var json = JsonSerializer.Serialize(value, options);
                    return json + JsonSerializer.Serialize(json, options);
                }
            }
            """, """
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public class C
            {
                private static readonly JsonSerializerOptions IndentedCamelCaseJsonOptions = new JsonSerializerOptions
                {
                    WriteIndented = true,
                    PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
                    Converters = { new JsonStringEnumConverter() }
                };

                public string M(object value)
                {
                    var json = JsonSerializer.Serialize(value, IndentedCamelCaseJsonOptions);
                    return json + JsonSerializer.Serialize(json, IndentedCamelCaseJsonOptions);
                }
            }
            """);

    [Fact]
    public Task Appends_folded_converters_to_an_existing_converters_initializer()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public class C
            {
                public string M(object value)
                {
                    JsonSerializerOptions settings = {|JP0001:new() { Converters = { new JsonStringEnumConverter() } }|};
                    settings.Converters.Add(new JsonStringEnumConverter(JsonNamingPolicy.CamelCase));
                    return JsonSerializer.Serialize(value, settings);
                }
            }
            """, """
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public class C
            {
                private static readonly JsonSerializerOptions JsonOptions = new()
                {
                    Converters = { new JsonStringEnumConverter(), new JsonStringEnumConverter(JsonNamingPolicy.CamelCase) }
                };

                public string M(object value)
                {
                    return JsonSerializer.Serialize(value, JsonOptions);
                }
            }
            """);

    [Fact]
    public Task A_local_without_settings_becomes_JsonSerializerOptions_Default()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            public class C
            {
                public string M(object value)
                {
                    // Serialize with the defaults.
                    var options = {|JP0001:new JsonSerializerOptions()|};
                    return JsonSerializer.Serialize(value, options);
                }
            }
            """, """
            using System.Text.Json;

            public class C
            {
                public string M(object value)
                {
                    // Serialize with the defaults.
                    return JsonSerializer.Serialize(value, JsonSerializerOptions.Default);
                }
            }
            """);

    [Fact]
    public Task Turns_an_expression_bodied_getter_into_a_get_only_auto_property()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            internal static class Json
            {
                // Shared settings.
                internal static JsonSerializerOptions Options => {|JP0001:new JsonSerializerOptions { WriteIndented = true }|};

                internal static string Write(object value) => JsonSerializer.Serialize(value, Options);
                internal static JsonSerializerOptions Derived() => new JsonSerializerOptions(Options);
            }
            """, """
            using System.Text.Json;

            internal static class Json
            {
                // Shared settings.
                internal static JsonSerializerOptions Options { get; } = new JsonSerializerOptions { WriteIndented = true };

                internal static string Write(object value) => JsonSerializer.Serialize(value, Options);
                internal static JsonSerializerOptions Derived() => new JsonSerializerOptions(Options);
            }
            """);

    [Fact]
    public Task Turns_a_block_getter_into_a_get_only_auto_property()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            internal class Json
            {
                private JsonSerializerOptions Options
                {
                    get { return {|JP0001:new JsonSerializerOptions { MaxDepth = 16 }|}; }
                }

                internal string Write(object value) => JsonSerializer.Serialize(value, Options);
            }
            """, """
            using System.Text.Json;

            internal class Json
            {
                private JsonSerializerOptions Options { get; } = new JsonSerializerOptions { MaxDepth = 16 };

                internal string Write(object value) => JsonSerializer.Serialize(value, Options);
            }
            """);

    [Fact]
    public Task Reuses_a_static_readonly_field_that_holds_equivalent_options()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            public class C
            {
                private static readonly JsonSerializerOptions Indented = new() { WriteIndented = true };

                public string M(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { WriteIndented = true }|});
            }
            """, """
            using System.Text.Json;

            public class C
            {
                private static readonly JsonSerializerOptions Indented = new() { WriteIndented = true };

                public string M(object value) => JsonSerializer.Serialize(value, Indented);
            }
            """);

    [Fact]
    public Task Picks_a_name_that_nothing_in_scope_uses()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            public class C
            {
                private static readonly JsonSerializerOptions JsonOptions = new JsonSerializerOptions { MaxDepth = 4 };

                public string M(object value, int JsonOptions2)
                {
                    return JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { WriteIndented = true }|});
                }
            }
            """, """
            using System.Text.Json;

            public class C
            {
                private static readonly JsonSerializerOptions JsonOptions = new JsonSerializerOptions { MaxDepth = 4 };
                private static readonly JsonSerializerOptions IndentedJsonOptions = new JsonSerializerOptions
                {
                    WriteIndented = true
                };

                public string M(object value, int JsonOptions2)
                {
                    return JsonSerializer.Serialize(value, IndentedJsonOptions);
                }
            }
            """);

    [Fact]
    public Task Adds_the_using_when_the_code_is_fully_qualified()
        => Verify.VerifyFixAsync("""
            public class C
            {
                public string M(object value) => System.Text.Json.JsonSerializer.Serialize(value, {|JP0001:new System.Text.Json.JsonSerializerOptions { WriteIndented = true }|});
            }
            """, """
            using System.Text.Json;

            public class C
            {
                private static readonly JsonSerializerOptions IndentedJsonOptions = new System.Text.Json.JsonSerializerOptions
                {
                    WriteIndented = true
                };

                public string M(object value) => System.Text.Json.JsonSerializer.Serialize(value, IndentedJsonOptions);
            }
            """);
}
