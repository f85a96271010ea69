using System.Threading.Tasks;
using Xunit;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.ReflectionSerializationAnalyzer,
    JsonPerf.CodeFixes.ReflectionSerializationFixer>;

namespace JsonPerf.Analyzers.Tests.JP0002;

/// <summary>
/// JP0002 reads each file's text once, in chunks of 4,096 characters that overlap, for other spellings of names
/// (<c>\u006Cocal</c>) and for <c>TypeInfoResolver</c>. A use that may set the resolver, written where a chunk ends
/// (or a later chunk starts), must still be seen: otherwise the options are taken for reflection options and reported.
/// </summary>
public partial class AnalyzerTests
{
    public static TheoryData<string, int> UsesAtChunkEdges()
    {
        var data = new TheoryData<string, int>();
        foreach (var use in new[] { @"Configure(\u006Cocal);", "local.TypeInfoResolver = null;", "local.\\u0054ypeInfoResolver = null;" })
        {
            // The use's first character at the end of the first chunk (4095), across it, at the start and end of the
            // second chunk (4081 and 8176: each chunk starts 15 characters before the last one ended), and further on.
            foreach (var at in new[] { 4080, 4081, 4085, 4089, 4090, 4095, 4096, 8170, 8176, 8177, 12500 })
            {
                data.Add(use, at);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(UsesAtChunkEdges))]
    public Task A_use_that_may_set_the_resolver_is_seen_wherever_it_falls_in_the_file(string use, int at)
    {
        const string Marker = "/*pad*/";
        var template = Header + $$"""
            public class C
            {
                public void Run(Order order)
                {
                    var local = new JsonSerializerOptions();
                    {{Marker}}{{use}}
                    JsonSerializer.Serialize(order, local);
                }

                private static void Configure(JsonSerializerOptions options) { }
            }
            """;
        var pad = at - template.IndexOf(Marker, System.StringComparison.Ordinal);
        Assert.True(pad >= 4, "the padding comment needs room");
        var source = template.Replace(Marker, "/*" + new string('x', pad - 4) + "*/");
        Assert.Equal(at, source.IndexOf(use, System.StringComparison.Ordinal));
        return Verify.VerifyAnalyzerAsync(source);
    }
}
