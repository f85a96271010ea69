using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.Utf16DetourAnalyzer,
    JsonPerf.CodeFixes.Utf16DetourFixer>;

namespace JsonPerf.Analyzers.Tests.JP0005;

/// <summary>
/// <c>var json = JsonSerializer.Serialize(x); return Encoding.UTF8.GetBytes(json);</c> with the local read nowhere else:
/// reported at <c>GetBytes</c> and, where the declaration comes right before, folded into <c>SerializeToUtf8Bytes</c>.
/// </summary>
public class FixTestsLocals
{
    private const string Header = """
        using System.IO;
        using System.Text;
        using System.Text.Json;

        public class Order { public int Id { get; set; } public string Name { get; set; } }

        """;

    [Fact]
    public Task The_declaration_is_folded_into_the_call_and_its_comment_kept()
        => Verify.VerifyFixAsync(Header + """
            public class C
            {
                private static readonly JsonSerializerOptions s_options = new JsonSerializerOptions();

                public byte[] Returned(Order order)
                {
                    // The body of the request.
                    var json = JsonSerializer.Serialize(order, s_options);
                    return {|JP0005:Encoding.UTF8.GetBytes(json)|};
                }

                public void Passed(Order order, Stream stream)
                {
                    var json = JsonSerializer.Serialize(order);
                    stream.Write({|JP0005:Encoding.UTF8.GetBytes(json)|});
                }
            }
            """, Header.Replace("using System.Text;\n", "", System.StringComparison.Ordinal) + """
            public class C
            {
                private static readonly JsonSerializerOptions s_options = new JsonSerializerOptions();

                public byte[] Returned(Order order)
                {
                    // The body of the request.
                    return JsonSerializer.SerializeToUtf8Bytes(order, s_options);
                }

                public void Passed(Order order, Stream stream)
                {
                    stream.Write(JsonSerializer.SerializeToUtf8Bytes(order));
                }
            }
            """);

    [Fact]
    public async Task Code_between_the_declaration_and_the_call_keeps_the_report_without_a_fix()
    {
        var source = Header + """
            public class C
            {
                public byte[] Changed(Order order)
                {
                    var json = JsonSerializer.Serialize(order);
                    order.Id++;
                    return Encoding.UTF8.GetBytes(json);
                }

                public void Receiver(Order order, Stream[] streams, int i)
                {
                    var json = JsonSerializer.Serialize(order);
                    streams[i++].Write(Encoding.UTF8.GetBytes(json));
                }
            }
            """;
        var (solution, document) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var diagnostics = (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(document)!.Project, new Utf16DetourAnalyzer())).Where(d => d.Id == Rules.Utf16DetourId).ToList();
        Assert.Equal(2, diagnostics.Count);
        Assert.All(diagnostics, d => Assert.False(d.Properties.ContainsKey(DiagnosticProperties.FixKind)));
        Assert.All(diagnostics, d => Assert.Contains("(no fix: ", d.GetMessage(), System.StringComparison.Ordinal));
    }

    private const string Program = """
        using System;
        using System.IO;
        using System.Text;
        using System.Text.Encodings.Web;
        using System.Text.Json;

        public class Order { public int Id { get; set; } public string Name { get; set; } }

        public static class Program
        {
            private static readonly JsonSerializerOptions s_relaxed = new JsonSerializerOptions { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping, WriteIndented = true };

            private static byte[] Body(Order order)
            {
                // The body of the request.
                var json = JsonSerializer.Serialize(order, s_relaxed);
                return Encoding.UTF8.GetBytes(json);
            }

            private static void Write(Order order, Stream stream)
            {
                var json = JsonSerializer.Serialize(order);
                stream.Write(Encoding.UTF8.GetBytes(json));
            }

            private static byte[] Changed(Order order)
            {
                var json = JsonSerializer.Serialize(order);
                order.Id++;
                return Encoding.UTF8.GetBytes(json);
            }

            public static void Main()
            {
                Console.WriteLine("marker");
                for (var round = 0; round < 2; round++)
                {
                    var order = new Order { Id = round, Name = "Ünal 東京 <b>&\"q\" 😀 \ud800" };
                    Console.WriteLine(Convert.ToHexString(Body(order)));
                    using var stream = new MemoryStream();
                    Write(order, stream);
                    Console.WriteLine(Convert.ToHexString(stream.ToArray()));
                    Console.WriteLine(Convert.ToHexString(Changed(order)) + " " + order.Id);
                    try { Write(null, stream); Console.WriteLine(Convert.ToHexString(stream.ToArray())); }
                    catch (Exception e) { Console.WriteLine(e.GetType().FullName); }
                }
            }
        }
        """;

    [Fact]
    public async Task Fix_all_prints_the_same_bytes_before_and_after()
    {
        var fixedProgram = await FixRunner.ApplyFixAllAsync(Program, new Utf16DetourAnalyzer(), new Utf16DetourFixer(), OutputKind.ConsoleApplication, TestReferences.Net10);
        Assert.Contains("// The body of the request.\n        return JsonSerializer.SerializeToUtf8Bytes(order, s_relaxed);", fixedProgram.ReplaceLineEndings("\n"), System.StringComparison.Ordinal);
        Assert.Contains("stream.Write(JsonSerializer.SerializeToUtf8Bytes(order));", fixedProgram, System.StringComparison.Ordinal);
        Assert.Contains("return Encoding.UTF8.GetBytes(json);", fixedProgram, System.StringComparison.Ordinal);

        var (before, after) = ProgramRunner.RunBeforeAndAfter(Program, fixedProgram);
        Assert.StartsWith("marker", Encoding.UTF8.GetString(before), System.StringComparison.Ordinal);
        Assert.Equal(Encoding.UTF8.GetString(before), Encoding.UTF8.GetString(after));
        Assert.Equal(before, after);
    }
}
