using System;
using System.IO;
using System.Net;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using OllamaSharp;
using OllamaSharp.Models;
using OllamaSharp.Models.Exceptions;

// Before and after JsonPerf's fixes, side by side (Shared/WorthRun.cs).
WorthRun.Run<DeleteModel>(args);

/// <summary>
/// <c>OllamaApiClient.DeleteModelAsync</c>: the request body site JP0005 fixed (string then UTF-8 bytes -> UTF-8 bytes), and with
/// a 400 answer the error-body site JP0007 fixed (<c>JsonDocument.Parse(body).RootElement</c>, never disposed -> <c>JsonElement.Parse</c>).
/// The HttpClient's handler is in memory: it reads the request body as a socket handler would and returns a canned answer.
/// </summary>
[MemoryDiagnoser]
public class DeleteModel
{
    private const string Model = "llama3.2:1b";
    private readonly DeleteModelRequest _request = new() { Model = Model };
    private OllamaApiClient _ok = null!, _bad = null!;
    private CannedHandler _okHandler = null!, _badHandler = null!;

    [GlobalSetup]
    public void Setup()
    {
        _okHandler = new CannedHandler("", status: HttpStatusCode.OK);
        _badHandler = new CannedHandler($"{{\"error\":\"model '{Model}' not found\"}}", status: HttpStatusCode.BadRequest);
        _ok = new OllamaApiClient(new HttpClient(_okHandler) { BaseAddress = new Uri("http://localhost:11434") });
        _bad = new OllamaApiClient(new HttpClient(_badHandler) { BaseAddress = new Uri("http://localhost:11434") });

        // The job runs its own checkout's build. Whether the measured methods changed is read in their source (hotpath.tsv).
        WorthRun.CheckBuild(typeof(OllamaApiClient).Assembly);

        // Sanity: both sides send the same bytes and headers (both calls) and report the same error.
        _okHandler.Capture = _badHandler.Capture = true;
        Ok().GetAwaiter().GetResult();
        var message = Error().GetAwaiter().GetResult();
        _okHandler.Capture = _badHandler.Capture = false;
        Check(_okHandler.Body == $"{{\"model\":\"{Model}\",\"CustomHeaders\":{{}}}}", $"body {_okHandler.Body}");
        Check(_okHandler.ContentType == "application/json; charset=utf-8", $"content type {_okHandler.ContentType}");
        // The measured path at run time: JP0005's fix sends the UTF-8 bytes it serialized (no UTF-16 string in between).
#if WORTH_AFTER
        Check(_okHandler.ContentClass == "ByteArrayContent", $"after side sent {_okHandler.ContentClass}");
#else
        Check(_okHandler.ContentClass == "StringContent", $"before side sent {_okHandler.ContentClass}");
#endif
        Check(message == $"model '{Model}' not found", $"error {message}");
        WorthRun.Sanity("DeleteModel", _okHandler.Request("DeleteModelAsync 200"), _badHandler.Request("DeleteModelAsync 400"), message);
    }

    private static void Check(bool ok, string what)
    {
        if (!ok) throw new InvalidOperationException("sanity check failed: " + what);
    }

    [Benchmark(Description = "DeleteModelAsync (200)")]
    public Task Ok() => _ok.DeleteModelAsync(_request);

    [Benchmark(Description = "DeleteModelAsync (400, error body)")]
    public async Task<string> Error()
    {
        try
        {
            await _bad.DeleteModelAsync(_request).ConfigureAwait(false);
            return "";
        }
        catch (OllamaException e)
        {
            return e.Message;
        }
    }
}
