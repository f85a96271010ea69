using System.IO;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

/// <summary>
/// An in-memory HTTP answer for the worth benchmarks: reads the request body as a socket handler would (or captures it,
/// for the sanity files) and returns <paramref name="body"/> with <paramref name="status"/>, typed
/// <paramref name="mediaType"/> when given. No network.
/// </summary>
internal sealed class CannedHandler(string body, string? mediaType = null, HttpStatusCode status = HttpStatusCode.OK) : HttpMessageHandler
{
    private readonly byte[] _body = Encoding.UTF8.GetBytes(body);
    public bool Capture;
    public string? Body, ContentType, ContentClass;

    /// <summary>The captured request, as the sanity files write it: "request NAME: body | content type".</summary>
    public string Request(string name) => $"request {name}: {Body} | {ContentType}";

    // HttpClient.Send (betalgo/openai's streaming requests on .NET 6+) comes here; the answer is in memory either way.
    protected override HttpResponseMessage Send(HttpRequestMessage request, CancellationToken cancellationToken)
        => SendAsync(request, cancellationToken).GetAwaiter().GetResult();

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        if (Capture)
        {
            Body = await request.Content!.ReadAsStringAsync(cancellationToken).ConfigureAwait(false);
            ContentType = request.Content.Headers.ContentType?.ToString();
            ContentClass = request.Content.GetType().Name;
        }
        else
        {
            await request.Content!.CopyToAsync(Stream.Null, cancellationToken).ConfigureAwait(false);
        }
        var content = new ByteArrayContent(_body);
        if (mediaType != null)
            content.Headers.ContentType = new MediaTypeHeaderValue(mediaType);
        return new HttpResponseMessage(status) { Content = content, RequestMessage = request };
    }
}
