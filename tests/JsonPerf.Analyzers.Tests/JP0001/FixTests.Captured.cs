using System.Threading.Tasks;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonSerializerOptionsCreatedPerCallAnalyzer,
    JsonPerf.CodeFixes.JsonSerializerOptionsCreatedPerCallFixer>;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>
/// Options read only at entry points inside a lambda or local function (a sample server's shape and
/// two of CA1869's negative tests): a converter, so the whole metadata, was built per call. Hoisted, every use of the
/// local, inside the function too, reads the field.
/// </summary>
public partial class FixTests
{
    [Fact]
    public Task Hoists_options_read_inside_a_lambda_and_a_local_function()
        => Verify.VerifyFixAsync("""
            using System.Collections.Generic;
            using System.Linq;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public enum Kind { Small, Large }

            public class C
            {
                public List<string> All(IEnumerable<Kind> items)
                {
                    var options = {|JP0001:new JsonSerializerOptions { Converters = { new JsonStringEnumConverter<Kind>() } }|};
                    return items.Select(i => JsonSerializer.Serialize(i, options)).ToList();
                }

                public string First(Kind kind)
                {
                    var options = {|JP0001:new JsonSerializerOptions()|};
                    options.WriteIndented = true;
                    return Write();

                    string Write() => JsonSerializer.Serialize(kind, options);
                }
            }
            """, """
            using System.Collections.Generic;
            using System.Linq;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public enum Kind { Small, Large }

            public class C
            {
                private static readonly JsonSerializerOptions StringEnumJsonOptions = new JsonSerializerOptions
                {
                    Converters = { new JsonStringEnumConverter<Kind>() }
                };
                private static readonly JsonSerializerOptions IndentedJsonOptions = new JsonSerializerOptions
                {
                    WriteIndented = true
                };

                public List<string> All(IEnumerable<Kind> items)
                {
                    return items.Select(i => JsonSerializer.Serialize(i, StringEnumJsonOptions)).ToList();
                }

                public string First(Kind kind)
                {
                    return Write();

                    string Write() => JsonSerializer.Serialize(kind, IndentedJsonOptions);
                }
            }
            """);

    [Fact]
    public Task Options_read_inside_lambdas_and_local_functions_serialize_the_same()
        => AssertSameOutputAsync("""
            using System;
            using System.Linq;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public static class Program
            {
                public static void Main()
                {
                    Console.WriteLine("marker");
                    for (var i = 0; i < 2; i++)
                    {
                        Console.WriteLine(string.Join("|", All(new[] { Order.Sample(i), Order.Sample(i + 1) })));
                        Console.WriteLine(Twice(Order.Sample(i)));
                    }
                }

                private static string[] All(Order[] orders)
                {
                    var options = new JsonSerializerOptions { Converters = { new JsonStringEnumConverter<Status>() }, PropertyNamingPolicy = JsonNamingPolicy.CamelCase };
                    return orders.Select(o => JsonSerializer.Serialize(o, options)).ToArray();
                }

                private static string Twice(Order order)
                {
                    JsonSerializerOptions options;
                    options = new JsonSerializerOptions { WriteIndented = true };
                    Func<string, Order> read = s => JsonSerializer.Deserialize<Order>(s, options);
                    return Write(read(Write(order)));

                    string Write(Order value) => JsonSerializer.Serialize(value, options);
                }
            }
            """ + Model);
}
