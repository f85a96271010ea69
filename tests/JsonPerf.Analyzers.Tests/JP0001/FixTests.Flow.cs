using System.Threading.Tasks;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonSerializerOptionsCreatedPerCallAnalyzer,
    JsonPerf.CodeFixes.JsonSerializerOptionsCreatedPerCallFixer>;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>
/// Options that reach a local through ?:, ??, a switch, a later or chained assignment: the creation is replaced
/// where it stands (the local stays, holding the cached instance), and only when nothing configures the local.
/// </summary>
public partial class FixTests
{
    [Fact]
    public Task Replaces_a_creation_in_a_conditional_initializer_where_it_stands()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            public class C
            {
                public string A(object value, bool indented)
                {
                    var o = indented ? {|JP0001:new JsonSerializerOptions { WriteIndented = true }|} : null;
                    return JsonSerializer.Serialize(value, o);
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

                public string A(object value, bool indented)
                {
                    var o = indented ? IndentedJsonOptions : null;
                    return JsonSerializer.Serialize(value, o);
                }
            }
            """);

    [Fact]
    public Task Replaces_creations_assigned_in_both_branches_and_in_a_chain()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            public class C
            {
                public string A(object value, bool indented)
                {
                    JsonSerializerOptions o;
                    if (indented)
                    {
                        o = {|JP0001:new JsonSerializerOptions { WriteIndented = true }|};
                    }
                    else
                    {
                        o = {|JP0001:new JsonSerializerOptions { MaxDepth = 8 }|};
                    }

                    JsonSerializerOptions a, b;
                    a = b = {|JP0001:new JsonSerializerOptions { WriteIndented = true }|};
                    _ = b;
                    return JsonSerializer.Serialize(value, o) + JsonSerializer.Serialize(value, a);
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
                private static readonly JsonSerializerOptions JsonOptions = new JsonSerializerOptions { MaxDepth = 8 };

                public string A(object value, bool indented)
                {
                    JsonSerializerOptions o;
                    if (indented)
                    {
                        o = IndentedJsonOptions;
                    }
                    else
                    {
                        o = JsonOptions;
                    }

                    JsonSerializerOptions a, b;
                    a = b = IndentedJsonOptions;
                    _ = b;
                    return JsonSerializer.Serialize(value, o) + JsonSerializer.Serialize(value, a);
                }
            }
            """);

    [Theory]
    [InlineData("JsonSerializerOptions o; o = {|JP0001:new JsonSerializerOptions()|}; o.WriteIndented = true; return JsonSerializer.Serialize(value, o);")]
    [InlineData("var o = indented ? {|JP0001:new JsonSerializerOptions()|} : null; o.WriteIndented = true; return JsonSerializer.Serialize(value, o);")]
    public Task Offers_no_fix_when_the_local_is_configured_after_a_creation_it_does_not_hold_alone(string body)
    {
        var source = """
            using System.Text.Json;

            public class C
            {
                public string A(object value, bool indented)
                {
                    BODY
                }
            }
            """.Replace("BODY", body);
        return Verify.VerifyFixAsync(source, source);
    }

    [Fact]
    public Task Locals_reached_through_branches_switches_and_assignments_serialize_the_same()
        => AssertSameOutputAsync("""
            using System;
            using System.Text.Json;

            public static class Program
            {
                public static void Main()
                {
                    Console.WriteLine("marker");
                    for (var i = 0; i < 4; i++)
                    {
                        Console.WriteLine(Conditional(i % 2 == 0, Order.Sample(i)));
                        Console.WriteLine(Switched(i, Order.Sample(i)));
                        Console.WriteLine(Assigned(i % 2 == 1, Order.Sample(i)));
                        Console.WriteLine(Fallback(i == 3 ? new JsonSerializerOptions { WriteIndented = true } : null, Order.Sample(i)));
                    }
                }

                private static string Conditional(bool indented, Order order)
                {
                    var o = indented ? new JsonSerializerOptions { WriteIndented = true } : null;
                    return JsonSerializer.Serialize(order, o);
                }

                private static string Switched(int mode, Order order)
                {
                    var o = mode switch
                    {
                        0 => new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase },
                        1 => new JsonSerializerOptions(JsonSerializerDefaults.Web),
                        _ => new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower, WriteIndented = true },
                    };
                    return JsonSerializer.Serialize(order, o);
                }

                private static string Assigned(bool indented, Order order)
                {
                    JsonSerializerOptions o, p;
                    if (indented)
                    {
                        o = p = new JsonSerializerOptions { WriteIndented = true };
                    }
                    else
                    {
                        o = p = new JsonSerializerOptions { MaxDepth = 4 };
                    }

                    _ = p;
                    var text = JsonSerializer.Serialize(order, o);
                    return text + JsonSerializer.Deserialize<Order>(text, p).CustomerName;
                }

                private static string Fallback(JsonSerializerOptions given, Order order)
                {
                    var o = given ?? new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.KebabCaseUpper };
                    return JsonSerializer.Serialize(order, o);
                }
            }
            """ + Model);
}
