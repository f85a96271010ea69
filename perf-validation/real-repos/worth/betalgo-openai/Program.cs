using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Betalgo.Ranul.OpenAI;
using Betalgo.Ranul.OpenAI.Managers;
using Betalgo.Ranul.OpenAI.ObjectModels.RequestModels;
using Betalgo.Ranul.OpenAI.ObjectModels.ResponseModels;
using BenchmarkDotNet.Attributes;

// Before and after JsonPerf's fixes, side by side (Shared/WorthRun.cs).
WorthRun.Run<ChatCompletions>(args);

/// <summary>
/// <c>ChatCompletion.CreateCompletion</c> and <c>CreateCompletionAsStream</c>: every request body goes through the HTTP
/// helpers where the fixes hoisted the per-request <c>new JsonSerializerOptions { DefaultIgnoreCondition = WhenWritingDefault }</c>
/// to a static readonly field (JP0001: <c>PostAndReadAsAsync</c>, <c>PostAsStreamAsync</c> in Extensions/HttpclientExtensionsLegacy.cs).
/// The HttpClient's handler is in memory: it reads the request body and returns a canned answer.
/// </summary>
[MemoryDiagnoser]
public class ChatCompletions
{
    private const string Answer = """
        {"id":"chatcmpl-01","object":"chat.completion","created":1764288000,"model":"gpt-4o-mini-2024-07-18","choices":[{"index":0,"message":{"role":"assistant","content":"Paris is sunny, 21 °C."},"logprobs":null,"finish_reason":"stop"}],"usage":{"prompt_tokens":31,"completion_tokens":9,"total_tokens":40},"system_fingerprint":"fp_01"}
        """;
    private static readonly string Stream = string.Concat(new[]
    {
        """{"id":"chatcmpl-02","object":"chat.completion.chunk","created":1764288000,"model":"gpt-4o-mini-2024-07-18","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}""",
        """{"id":"chatcmpl-02","object":"chat.completion.chunk","created":1764288000,"model":"gpt-4o-mini-2024-07-18","choices":[{"index":0,"delta":{"content":"Paris is "},"finish_reason":null}]}""",
        """{"id":"chatcmpl-02","object":"chat.completion.chunk","created":1764288000,"model":"gpt-4o-mini-2024-07-18","choices":[{"index":0,"delta":{"content":"sunny, 21 °C."},"finish_reason":null}]}""",
        """{"id":"chatcmpl-02","object":"chat.completion.chunk","created":1764288000,"model":"gpt-4o-mini-2024-07-18","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}""",
    }.Select(e => $"data: {e}\n\n")) + "data: [DONE]\n\n";

    private OpenAIService _client = null!, _streamClient = null!;
    private CannedHandler _handler = null!, _streamHandler = null!;

    private static ChatCompletionCreateRequest Request() => new()
    {
        Model = "gpt-4o-mini",
        Messages = new List<ChatMessage>
        {
            ChatMessage.FromSystem("You are a weather assistant. Answer in one sentence."),
            ChatMessage.FromUser("What's the weather in Paris? Answer in °C."),
        },
        MaxTokens = 64,
        Temperature = 0.2f,
    };

    [GlobalSetup]
    public void Setup()
    {
        _handler = new CannedHandler(Answer, "application/json");
        _streamHandler = new CannedHandler(Stream, "text/event-stream");
        _client = new OpenAIService(new OpenAIOptions { ApiKey = "sk-benchmark" }, new HttpClient(_handler));
        _streamClient = new OpenAIService(new OpenAIOptions { ApiKey = "sk-benchmark" }, new HttpClient(_streamHandler));

        // The job runs its own checkout's build. Whether the measured methods changed is read in their source (hotpath.tsv).
        WorthRun.CheckBuild(typeof(OpenAIService).Assembly);

        // Sanity: both sides send the same requests (the streaming one too) and read the same answers (run.sh compares the files).
        _handler.Capture = _streamHandler.Capture = true;
        var response = Complete().GetAwaiter().GetResult();
        var streamed = StreamCompletion().GetAwaiter().GetResult();
        _handler.Capture = _streamHandler.Capture = false;
        var text = response.Choices.Single().Message.Content;
        if (!response.Successful || text != "Paris is sunny, 21 °C." || streamed != "Paris is sunny, 21 °C.")
            throw new InvalidOperationException($"sanity check failed: {response.Successful} {text} / {streamed}");
        WorthRun.Sanity("ChatCompletions",
            _handler.Request("CreateCompletion"),
            $"{response.Id} {response.Model} {response.Choices[0].FinishReason} {response.Usage.PromptTokens}/{response.Usage.CompletionTokens}/{response.Usage.TotalTokens} {text}",
            _streamHandler.Request("CreateCompletionAsStream"),
            streamed);
    }

    [Benchmark(Description = "CreateCompletion (system + user message)")]
    public Task<ChatCompletionCreateResponse> Complete() => _client.ChatCompletion.CreateCompletion(Request());

    [Benchmark(Description = "CreateCompletionAsStream (4 chunks)")]
    public async Task<string> StreamCompletion()
    {
        var text = new StringBuilder();
        await foreach (var r in _streamClient.ChatCompletion.CreateCompletionAsStream(Request()).ConfigureAwait(false))
            if (r.Choices?.FirstOrDefault()?.Delta?.Content is { } t) text.Append(t);
        return text.ToString();
    }
}
