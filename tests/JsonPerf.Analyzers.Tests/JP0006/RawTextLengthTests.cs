using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0006;

/// <summary><c>element.GetRawText().Length</c>: a string made only to be counted, reported without a fix where JsonMarshal exists.</summary>
public class RawTextLengthTests
{
    private static string Source(string body) => $$"""
        using System.Text.Json;

        public static class C
        {
            public static int Size(JsonElement element)
            {
                {{body}}
            }
        }
        """;

    [Theory]
    [InlineData("return element.GetRawText().Length;")]
    [InlineData("var size = element.GetRawText().Length * 2; return size;")]
    [InlineData("return (element.GetRawText()).Length;")]
    public async Task The_length_of_a_raw_text_is_reported_without_a_fix(string body)
    {
        var diagnostic = Assert.Single(await JP0006Async(Source(body), TestReferences.Net10));
        Assert.Empty(diagnostic.Properties);
        Assert.Contains("JsonMarshal.GetRawUtf8Value(element).Length", diagnostic.GetMessage(), System.StringComparison.Ordinal);
        Assert.Contains("UTF-8 bytes", diagnostic.GetMessage(), System.StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("var text = element.GetRawText(); System.Console.WriteLine(text); return text.Length;")]
    [InlineData("return element.GetRawText().IndexOf('x');")]
    [InlineData("return element.ToString().Length;")]
    public async Task Raw_text_used_for_more_than_its_length_is_left_alone(string body)
        => Assert.Empty(await JP0006Async(Source(body), TestReferences.Net10));

    [Fact]
    public async Task Without_JsonMarshal_there_is_nothing_better_to_say()
        => Assert.Empty(await JP0006Async(Source("return element.GetRawText().Length;"), TestReferences.Net8));

    private static async Task<System.Collections.Generic.List<Diagnostic>> JP0006Async(string source, ImmutableArray<MetadataReference> references)
    {
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, references);
        return (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new ConvertWithoutTextAnalyzer())).Where(d => d.Id == "JP0006").ToList();
    }
}
