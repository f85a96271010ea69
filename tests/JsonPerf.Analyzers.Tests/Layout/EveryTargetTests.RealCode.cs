using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.Layout;

/// <summary>Shapes from the real-repository trial in a net10.0 + net8.0 project.</summary>
public partial class EveryTargetTests
{
    [Fact]
    public async Task JP0005_fixes_every_request_body_of_a_client_file_in_one_Fix_All()
    {
        // OllamaSharp's client: the same request body in an async method and in an async iterator of one file.
        const string source = """
            using System;
            using System.Collections.Generic;
            using System.Net.Http;
            using System.Runtime.CompilerServices;
            using System.Text;
            using System.Text.Json;
            using System.Threading;
            using System.Threading.Tasks;

            public class Request { public string Model { get; set; } }

            public class Client
            {
                private static readonly JsonSerializerOptions OutgoingOptions = new() { PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower };

                public async Task<string> DeleteAsync(Request request, CancellationToken cancellationToken = default)
                {
                    using var requestMessage = new HttpRequestMessage(HttpMethod.Delete, "api/delete");
                    requestMessage.Content = new StringContent(JsonSerializer.Serialize(request, OutgoingOptions), Encoding.UTF8, "application/json");
                    return await requestMessage.Content.ReadAsStringAsync(cancellationToken).ConfigureAwait(false);
                }

                public async IAsyncEnumerable<string> ChatAsync(Request request, [EnumeratorCancellation] CancellationToken cancellationToken = default)
                {
                    if (string.IsNullOrEmpty(request.Model))
                        request.Model = "default";

                    using var requestMessage = new HttpRequestMessage(HttpMethod.Post, "api/chat");
                    requestMessage.Content = new StringContent(JsonSerializer.Serialize(request, OutgoingOptions), Encoding.UTF8, "application/json");

                    yield return await requestMessage.Content.ReadAsStringAsync(cancellationToken).ConfigureAwait(false);
                }
            }
            """;
        var text = await AssertOneEditAsync(new Utf16DetourAnalyzer(), new CodeFixes.Utf16DetourFixer(), source,
            fixedText: "new ByteArrayContent(JsonSerializer.SerializeToUtf8Bytes(request, OutgoingOptions))", kept: System.Array.Empty<string>(), run: false);
        Assert.DoesNotContain("new StringContent", text, System.StringComparison.Ordinal);
    }
}
