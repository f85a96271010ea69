using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;

namespace JsonPerf.Analyzers.Tests.Layout;

/// <summary>
/// In a project that targets net10.0 and net8.0, Fix All makes one edit for both targets. Code under
/// <c>#if</c> (a site, a declaration a fix folds, a using a fix would add) is left as it is, every target builds after
/// the fix, no conflict marker is written, and the net10.0 program prints the same before and after.
/// </summary>
public partial class EveryTargetTests
{
    private const string Path = "/src/Program.cs";

    /// <summary>
    /// Fixes every site of <paramref name="source"/> in both targets; <paramref name="fixedText"/> must appear after
    /// the fix (a site outside <c>#if</c>), and each of <paramref name="kept"/> must still be there (sites under <c>#if</c>).
    /// </summary>
    internal static async Task<string> AssertOneEditAsync(DiagnosticAnalyzer analyzer, CodeFixProvider fixer, string source, string fixedText, string[] kept, bool aspNet = false, bool run = true, bool generator = false)
    {
        var (solution, net10, net8) = MultiTarget.Create(run ? OutputKind.ConsoleApplication : OutputKind.DynamicallyLinkedLibrary, aspNet, generator, (Path, source));
        await MultiTarget.AssertEveryTargetBuildsAsync(solution);
        Assert.NotEmpty(await FixRunner.GetDiagnosticsAsync(solution.GetProject(net10)!, analyzer));
        Assert.NotEmpty(await FixRunner.GetDiagnosticsAsync(solution.GetProject(net8)!, analyzer));

        var after = await MultiTarget.FixAllAsync(solution, analyzer, fixer);

        await MultiTarget.AssertEveryTargetBuildsAsync(after);
        var text = await MultiTarget.TextAsync(after, net10, Path);
        Assert.Contains(fixedText, text, System.StringComparison.Ordinal);
        foreach (var code in kept)
        {
            Assert.Contains(code, text, System.StringComparison.Ordinal);
        }

        if (run)
        {
            var expected = ProgramRunner.Run((await solution.GetProject(net10)!.GetCompilationAsync())!);
            Assert.NotEmpty(expected);
            Assert.Equal(System.Text.Encoding.UTF8.GetString(expected), System.Text.Encoding.UTF8.GetString(ProgramRunner.Run((await after.GetProject(net10)!.GetCompilationAsync())!)));
        }

        return text;
    }

    [Fact]
    public Task JP0005_folds_only_what_every_target_compiles_alike()
        => AssertOneEditAsync(new Utf16DetourAnalyzer(), new CodeFixes.Utf16DetourFixer(), """
            using System;
            using System.Net.Http;
            using System.Text;
            using System.Text.Json;
            #if NET10_0_OR_GREATER
            using System.Net.Http.Headers;
            #endif

            public class Order { public int Id { get; set; } public string Name { get; set; } }

            public static class Program
            {
                private static readonly JsonSerializerOptions Options = new JsonSerializerOptions { WriteIndented = true };

                public static void Main()
                {
                    var order = new Order { Id = 1, Name = "a" };
                    for (var i = 0; i < 2; i++)
                    {
                        Console.WriteLine(Convert.ToBase64String(Shared(order)));
                        Console.WriteLine(Convert.ToBase64String(Branches(order)));
                        Console.WriteLine(Convert.ToBase64String(Folded(order)));
                        Console.WriteLine(Content(order).Headers.ContentType);
                    }
                }

                private static byte[] Shared(Order order) => Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order, Options));

                private static byte[] Branches(Order order)
                {
            #if NET10_0_OR_GREATER
                    return Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order, Options));
            #else
                    return Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order));
            #endif
                }

                private static byte[] Folded(Order order)
                {
            #if NET10_0_OR_GREATER
                    var json = JsonSerializer.Serialize(order, Options);
            #else
                    var json = JsonSerializer.Serialize(order);
            #endif
                    var buffer = Encoding.UTF8.GetBytes(json);
                    return buffer;
                }

                private static HttpContent Content(Order order)
                    => new StringContent(JsonSerializer.Serialize(order, Options), Encoding.UTF8, "application/json");
            }
            """,
            fixedText: "private static byte[] Shared(Order order) => JsonSerializer.SerializeToUtf8Bytes(order, Options);",
            kept: new[]
            {
                "return Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order, Options));",
                "var buffer = Encoding.UTF8.GetBytes(json);",
                "new StringContent(JsonSerializer.Serialize(order, Options), Encoding.UTF8, \"application/json\")",
            });
}
