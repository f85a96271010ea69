using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0005;

/// <summary>
/// The fix must not change behaviour: the program is compiled and run before and after Fix All and must print the
/// same bytes: the serialized bytes and the files written (hex), non-ASCII and escaped text, lone surrogates,
/// indentation, nulls, and a serialization error that must leave an existing file untouched.
/// </summary>
public partial class FixTests
{
    internal const string Program = """
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Linq;
        using System.Text;
        using System.Text.Encodings.Web;
        using System.Text.Json;
        using System.Text.Json.Serialization;
        using System.Text.Json.Serialization.Metadata;
        using System.Text.Unicode;
        using System.Threading;
        using System.Threading.Tasks;

        public class Line { public string Sku { get; set; } public int Quantity { get; set; } }
        public class Order
        {
            public int Id { get; set; }
            public string CustomerName { get; set; }
            public decimal? Discount { get; set; }
            public List<Line> Lines { get; set; } = new();
            public Dictionary<string, string> Notes { get; set; } = new();
            public Order Parent { get; set; }
        }

        public static class Program
        {
            private static readonly JsonSerializerOptions s_camel = new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase, WriteIndented = true, TypeInfoResolver = new DefaultJsonTypeInfoResolver() };
            private static readonly JsonSerializerOptions s_relaxed = new JsonSerializerOptions { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping, DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull };
            private static readonly JsonSerializerOptions s_all = new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) };

            private static Order Sample(int id) => new Order
            {
                Id = id,
                CustomerName = "Ünal 東京 <script>&\"q\"' + \\ 😀 \u0001 lone \uD800 end",
                Discount = id % 2 == 0 ? null : 0.5m,
                Lines = { new Line { Sku = "A-1", Quantity = id }, new Line { Sku = "Ωμέγα", Quantity = 2 } },
                Notes = { ["ключ"] = "значение", ["emoji"] = "🎉", ["bom"] = "\uFEFF" },
            };

            private static string s_directory = "";

            private static void Show(string label, byte[] bytes) => Console.WriteLine(label + ": " + bytes.Length + " " + Convert.ToHexString(bytes));

            private static void Try(string label, Action f)
            {
                try { f(); Console.WriteLine(label + ": ok"); }
                catch (Exception e) { Console.WriteLine(label + ": " + e.GetType().FullName + ": " + e.Message.Replace(s_directory, "<dir>")); }
            }

            public static async Task Main()
            {
                Console.WriteLine("marker");
                var directory = s_directory = Directory.CreateTempSubdirectory("jp0005-").FullName;
                var path = Path.Combine(directory, "order.json");
                var info = (JsonTypeInfo<Order>)s_camel.GetTypeInfo(typeof(Order));
                using var cts = new CancellationTokenSource();
                try
                {
                    foreach (var id in new[] { 1, 2 })
                    {
                        var order = Sample(id);
                        Show("default", Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order)));
                        Show("camel", Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order, s_camel)));
                        Show("relaxed", Encoding.UTF8.GetBytes(JsonSerializer.Serialize<Order>(order, s_relaxed)));
                        Show("all", Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order, s_all)));
                        Show("info", Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order, info)));
                        Show("untyped info", Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order, (JsonTypeInfo)info)));
                        Show("type", Encoding.UTF8.GetBytes(JsonSerializer.Serialize((object)order, typeof(Order), s_relaxed)));
                        Show("object", Encoding.UTF8.GetBytes(JsonSerializer.Serialize<object>(order)));
                        Show("string", Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order.CustomerName, s_relaxed)));

                        File.WriteAllText(path, JsonSerializer.Serialize(order, s_relaxed));
                        Show("file", File.ReadAllBytes(path));
                        await File.WriteAllTextAsync(path, JsonSerializer.Serialize(order, s_camel));
                        Show("file async", File.ReadAllBytes(path));
                        await File.WriteAllTextAsync(path, JsonSerializer.Serialize(order), cts.Token);
                        Show("file async token", File.ReadAllBytes(path));
                    }

                    Order none = null;
                    Show("null", Encoding.UTF8.GetBytes(JsonSerializer.Serialize(none)));
                    File.WriteAllText(path, JsonSerializer.Serialize(none));
                    Show("null file", File.ReadAllBytes(path));

                    // A cycle: Serialize throws before the file is opened, so the file keeps what it had.
                    var cyclic = Sample(3);
                    cyclic.Parent = cyclic;
                    Try("cycle bytes", () => Encoding.UTF8.GetBytes(JsonSerializer.Serialize(cyclic)));
                    Try("cycle file", () => File.WriteAllText(path, JsonSerializer.Serialize(cyclic)));
                    Show("after cycle", File.ReadAllBytes(path));
                    Try("cycle async", () => File.WriteAllTextAsync(path, JsonSerializer.Serialize(cyclic)).GetAwaiter().GetResult());
                    Show("after cycle async", File.ReadAllBytes(path));
                    Try("missing directory", () => File.WriteAllText(Path.Combine(directory, "none", "x.json"), JsonSerializer.Serialize(1)));
                    cts.Cancel();
                    Try("cancelled", () => File.WriteAllTextAsync(path, JsonSerializer.Serialize(2), cts.Token).GetAwaiter().GetResult());
                    Show("after cancelled", File.ReadAllBytes(path));

                    // Reads are reported without a fix; they stay as they are: a UTF-8 BOM file reads fine through ReadAllText.
                    File.WriteAllBytes(path, new byte[] { 0xEF, 0xBB, 0xBF }.Concat(JsonSerializer.SerializeToUtf8Bytes(Sample(4))).ToArray());
                    Console.WriteLine(JsonSerializer.Deserialize<Order>(File.ReadAllText(path)).CustomerName);
                    Try("bom bytes", () => JsonSerializer.Deserialize<Order>(Encoding.UTF8.GetString(File.ReadAllBytes(path))));
                }
                finally
                {
                    Directory.Delete(directory, recursive: true);
                }
            }
        }
        """;

    [Fact]
    public async Task Fix_all_prints_and_writes_the_same_bytes_before_and_after()
    {
        var analyzer = new Utf16DetourAnalyzer();
        var fixedProgram = await FixRunner.ApplyFixAllAsync(Program, analyzer, new Utf16DetourFixer(), OutputKind.ConsoleApplication, TestReferences.Net10);
        Assert.Contains("JsonSerializer.SerializeToUtf8Bytes(order, (JsonTypeInfo)info)", fixedProgram);
        Assert.Contains("JsonSerializer.SerializeToUtf8Bytes((object)order, typeof(Order), s_relaxed)", fixedProgram);
        Assert.Contains("File.WriteAllBytes(path, JsonSerializer.SerializeToUtf8Bytes(cyclic))", fixedProgram);
        Assert.Contains("await File.WriteAllBytesAsync(path, JsonSerializer.SerializeToUtf8Bytes(order), cts.Token);", fixedProgram);
        // A line over 120 characters, wrapped by the fix: compared without whitespace.
        Assert.Contains("File.WriteAllBytesAsync(path,JsonSerializer.SerializeToUtf8Bytes(2),cts.Token)", System.Text.RegularExpressions.Regex.Replace(fixedProgram, @"\s+", ""));

        // Only the two reads stay (reported, no fix).
        var (solution, document) = FixRunner.CreateProject(fixedProgram, OutputKind.ConsoleApplication, TestReferences.Net10);
        var left = (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(document)!.Project, analyzer)).Where(d => d.Id == Rules.Utf16DetourId).ToList();
        Assert.Equal(2, left.Count);
        Assert.All(left, d => Assert.False(d.Properties.ContainsKey(DiagnosticProperties.FixKind)));

        var (before, after) = ProgramRunner.RunBeforeAndAfter(Program, fixedProgram);
        var output = Encoding.UTF8.GetString(before);
        Assert.StartsWith("marker", output);
        Assert.Contains("\\u00DCnal \\u6771\\u4EAC", Written(output, "default"));   // the default encoder escapes non-ASCII
        Assert.Contains("Ünal 東京", Written(output, "relaxed"));                       // the relaxed one writes it as UTF-8
        Assert.Contains("lone \\uFFFD end", Written(output, "relaxed"));              // a lone surrogate becomes an escaped U+FFFD
        Assert.Equal(Written(output, "relaxed"), Written(output, "file"));
        Assert.StartsWith("{", Written(output, "file"));                             // no byte order mark
        Assert.Equal("null", Written(output, "null file"));
        Assert.Contains("cycle file: System.Text.Json.JsonException", output);
        Assert.Contains("cancelled: System.Threading.Tasks.TaskCanceledException", output);
        Assert.Contains("missing directory: System.IO.DirectoryNotFoundException: Could not find a part of the path '<dir>/none/x.json'", output);
        Assert.Contains("bom bytes: System.Text.Json.JsonException", output);
        Assert.Equal(output, Encoding.UTF8.GetString(after));
        Assert.Equal(before, after);
    }

    /// <summary>The JSON a line of the program's output shows in hex: "label: length HEX" (first such line).</summary>
    private static string Written(string output, string label)
        => Encoding.UTF8.GetString(System.Convert.FromHexString(output.Split('\n').First(l => l.StartsWith(label + ": ")).Split(' ')[^1].Trim()));
}
