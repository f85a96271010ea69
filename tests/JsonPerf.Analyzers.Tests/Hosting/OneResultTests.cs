using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;

namespace JsonPerf.Analyzers.Tests.Hosting;

/// <summary>
/// The README's warn-level <c>dotnet format</c> command on code where the rules' fixes meet: whatever order the command
/// takes the rules in, one run writes one result, and a second run changes nothing.
/// </summary>
public class OneResultTests
{
    private static readonly string[] WarnRules = { "JP0001", "JP0004", "JP0005", "JP0006", "JP0007" };

    private static readonly CodeFixProvider[] Fixers =
    {
        new JsonSerializerOptionsCreatedPerCallFixer(), new JavaScriptEncoderCreatedPerCallFixer(), new Utf16DetourFixer(),
        new ConvertWithoutTextFixer(), new JsonDocumentNotDisposedFixer(),
    };

    private const string RulesMeet = """
        using System;
        using System.Text;
        using System.Text.Encodings.Web;
        using System.Text.Json;
        using System.Text.Unicode;

        public class Order { public string Name { get; set; } public int Id { get; set; } }

        public static class Program
        {
            public static void Main()
            {
                var order = new Order { Name = "Ünal <b>", Id = 7 };
                for (var i = 0; i < 2; i++)
                {
                    Console.WriteLine(Inline(order));
                    Console.WriteLine(Configured(order));
                    Console.WriteLine(Convert.ToBase64String(Bytes(order)));
                    Console.WriteLine(Named("{\"Name\":\"山本\",\"Id\":1}"));
                    Console.WriteLine(Written(order));
                }
            }

            // Options and their encoder built in one initializer: JP0001 and JP0004 meet.
            private static string Inline(Order order)
                => JsonSerializer.Serialize(order, new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) });

            // The encoder set by a statement the options fix folds.
            private static string Configured(Order order)
            {
                var options = new JsonSerializerOptions { WriteIndented = false };
                options.Encoder = JavaScriptEncoder.Create(UnicodeRanges.BasicLatin, UnicodeRanges.Latin1Supplement);
                return JsonSerializer.Serialize(order, options);
            }

            // JP0005 around a call whose options JP0001 and JP0004 fix.
            private static byte[] Bytes(Order order)
                => Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order, new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All), WriteIndented = true }));

            // An encoder JP0004 hoists alone: its writer options are no serializer options.
            private static string Written(Order order)
            {
                using var stream = new System.IO.MemoryStream();
                using (var writer = new Utf8JsonWriter(stream, new JsonWriterOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) }))
                {
                    writer.WriteStringValue(order.Name);
                }

                return Encoding.UTF8.GetString(stream.ToArray());
            }

            // JP0007 and JP0006 on one document.
            private static string Named(string json)
            {
                var document = JsonDocument.Parse(json);
                return JsonSerializer.Deserialize<Order>(document.RootElement.GetRawText()).Name;
            }
        }
        """;

    [Fact]
    public async Task Every_order_of_the_warn_rules_writes_the_same_code_and_a_second_run_changes_nothing()
    {
        var (solution, id) = FixRunner.CreateProject(RulesMeet, OutputKind.ConsoleApplication, TestReferences.Net10);
        var analyzer = new JsonPerfAnalyzer();
        var reported = (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, analyzer)).Select(d => d.Id).Distinct().OrderBy(i => i).ToArray();
        Assert.Equal(WarnRules, reported);

        string? first = null;
        var orders = 0;
        foreach (var order in FormatRun.Orders(WarnRules))
        {
            var fixedOnce = await FormatRun.RunAsync(solution, order, analyzer, Fixers);
            var text = await FormatRun.TextsAsync(fixedOnce);
            first ??= text;
            Assert.True(first == text, "order " + string.Join(" ", order) + " wrote:\n" + text + "\n\nthe first order wrote:\n" + first);
            orders++;
            if (orders == 1)
            {
                Assert.Equal(text, await FormatRun.TextsAsync(await FormatRun.RunAsync(fixedOnce, WarnRules, analyzer, Fixers)));
                Assert.Empty((await FixRunner.GetDiagnosticsAsync(fixedOnce.GetDocument(id)!.Project, analyzer)).Where(d => d.Properties.Count > 0));
                var (before, after) = ProgramRunner.RunBeforeAndAfter(RulesMeet, (await fixedOnce.GetDocument(id)!.GetTextAsync()).ToString());
                Assert.Equal(Encoding.UTF8.GetString(before), Encoding.UTF8.GetString(after));
            }
        }

        Assert.Equal(10, orders);
    }
}
