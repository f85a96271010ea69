using JsonPerf.Analyzers.Tests.Infrastructure;
using System.Threading.Tasks;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonSerializerOptionsCreatedPerCallAnalyzer,
    JsonPerf.CodeFixes.JsonSerializerOptionsCreatedPerCallFixer>;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>
/// The verifier applies the fix one diagnostic at a time and with Fix All in document, project and solution
/// scope, and expects the same result from each.
/// </summary>
public partial class FixTests
{
    [Fact]
    public Task Fix_all_creates_one_field_for_equal_creations_and_distinct_names_for_different_ones()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            public class C
            {
                public string A(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { WriteIndented = true }|});
                public string B(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { WriteIndented = true }|});
                public string D(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { MaxDepth = 4 }|});
                public string E(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions()|});
            }
            """, """
            using System.Text.Json;

            public class C
            {
                private static readonly JsonSerializerOptions IndentedJsonOptions = new JsonSerializerOptions
                {
                    WriteIndented = true
                };
                private static readonly JsonSerializerOptions JsonOptions = new JsonSerializerOptions { MaxDepth = 4 };

                public string A(object value) => JsonSerializer.Serialize(value, IndentedJsonOptions);
                public string B(object value) => JsonSerializer.Serialize(value, IndentedJsonOptions);
                public string D(object value) => JsonSerializer.Serialize(value, JsonOptions);
                public string E(object value) => JsonSerializer.Serialize(value, JsonSerializerOptions.Default);
            }
            """);

    [Fact]
    public Task Fix_all_gives_each_top_level_type_its_own_field_and_nested_types_reuse_the_outer_one()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            public class A
            {
                public string M(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { WriteIndented = true }|});

                public class Nested
                {
                    public string M(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { WriteIndented = true }|});
                }
            }

            public struct B
            {
                public string M(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { WriteIndented = true }|});
            }
            """, """
            using System.Text.Json;

            public class A
            {
                private static readonly JsonSerializerOptions IndentedJsonOptions = new JsonSerializerOptions
                {
                    WriteIndented = true
                };

                public string M(object value) => JsonSerializer.Serialize(value, IndentedJsonOptions);

                public class Nested
                {
                    public string M(object value) => JsonSerializer.Serialize(value, IndentedJsonOptions);
                }
            }

            public struct B
            {
                private static readonly JsonSerializerOptions IndentedJsonOptions = new JsonSerializerOptions
                {
                    WriteIndented = true
                };

                public string M(object value) => JsonSerializer.Serialize(value, IndentedJsonOptions);
            }
            """);

    [Fact]
    public Task Fix_all_across_the_parts_of_a_partial_type_never_declares_a_name_twice()
    {
        var test = new Verify.Test();
        test.TestState.Sources.Add(("A.cs", """
            using System.Text.Json;

            public partial class Api
            {
                public string A(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { WriteIndented = true }|});
            }
            """));
        test.TestState.Sources.Add(("B.cs", """
            using System.Text.Json;

            public partial class Api
            {
                public string B(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { WriteIndented = true }|});
                public string C(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { MaxDepth = 2 }|});
            }
            """));
        test.FixedState.Sources.Add(("A.cs", """
            using System.Text.Json;

            public partial class Api
            {
                private static readonly JsonSerializerOptions IndentedJsonOptions = new JsonSerializerOptions
                {
                    WriteIndented = true
                };

                public string A(object value) => JsonSerializer.Serialize(value, IndentedJsonOptions);
            }
            """));
        test.FixedState.Sources.Add(("B.cs", """
            using System.Text.Json;

            public partial class Api
            {
                private static readonly JsonSerializerOptions JsonOptions = new JsonSerializerOptions { MaxDepth = 2 };

                public string B(object value) => JsonSerializer.Serialize(value, IndentedJsonOptions);
                public string C(object value) => JsonSerializer.Serialize(value, JsonOptions);
            }
            """));
        return test.RunAsync();
    }

    [Fact]
    public Task Fix_all_leaves_unfixable_sites_reported()
    {
        var test = new Verify.Test
        {
            TestCode = """
            using System.Text.Json;

            public class C
            {
                private static int s_depth = 8;
                public string A(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { WriteIndented = true }|});
                public string B(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { MaxDepth = s_depth }|});
            }
            """,
            FixedCode = """
            using System.Text.Json;

            public class C
            {
                private static int s_depth = 8;
                private static readonly JsonSerializerOptions s_indentedJsonOptions = new JsonSerializerOptions
                {
                    WriteIndented = true
                };

                public string A(object value) => JsonSerializer.Serialize(value, s_indentedJsonOptions);
                public string B(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { MaxDepth = s_depth }|});
            }
            """,
            // B reads a static field that can change: it keeps its diagnostic and gets no fix.
            FixedState = { MarkupHandling = Microsoft.CodeAnalysis.Testing.MarkupMode.Allow },
        };
        return test.RunAsync();
    }
}
