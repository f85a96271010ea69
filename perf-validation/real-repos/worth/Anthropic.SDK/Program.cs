using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Text;
using System.Text.Json.Nodes;
using System.Threading;
using System.Threading.Tasks;
using Anthropic.SDK;
using Anthropic.SDK.Common;
using Anthropic.SDK.Messaging;
using BenchmarkDotNet.Attributes;

// Before and after JsonPerf's fixes, side by side (Shared/WorthRun.cs).
WorthRun.Run<Messages>(args);

/// <summary>
/// <c>client.Messages.GetClaudeMessageAsync</c> (one request with a tool, a text + tool_use answer) and
/// <c>StreamClaudeMessageAsync</c> (a short SSE answer): the paths where the fixes hoisted the per-call
/// <c>JsonSerializerOptions</c>/<c>JavaScriptEncoder</c> (JP0001/JP0004: BaseEndpoint, EndpointBase) and where
/// ContentConverter deserializes each content block from the element instead of its raw text (JP0006).
/// The HttpClient's handler is in memory: it reads the request body and returns a canned answer.
/// </summary>
[MemoryDiagnoser]
public class Messages
{
    private const string Answer = """
        {"id":"msg_01","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[{"type":"text","text":"I'll check the weather in Paris."},{"type":"tool_use","id":"toolu_01","name":"get_weather","input":{"location":"Paris, FR","unit":"celsius"}}],"stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":412,"output_tokens":61}}
        """;
    private static readonly string Stream = string.Concat(new[]
    {
        ("message_start", """{"type":"message_start","message":{"id":"msg_02","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":25,"output_tokens":1}}}"""),
        ("content_block_start", """{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"""),
        ("content_block_delta", """{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Paris is "}}"""),
        ("content_block_delta", """{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"sunny, 21 °C."}}"""),
        ("content_block_stop", """{"type":"content_block_stop","index":0}"""),
        ("message_delta", """{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":15}}"""),
        ("message_stop", """{"type":"message_stop"}"""),
    }.Select(e => $"event: {e.Item1}\ndata: {e.Item2}\n\n"));

    private AnthropicClient _client = null!, _streamClient = null!;
    private CannedHandler _handler = null!, _streamHandler = null!;

    private static MessageParameters Parameters() => new()
    {
        Model = "claude-sonnet-4-5",
        MaxTokens = 1024,
        Messages = new List<Message> { new(RoleType.User, "What's the weather in Paris? Answer in °C.") },
        Tools = new List<Anthropic.SDK.Common.Tool>
        {
            new(new Function("get_weather", "Gets the current weather for a location", JsonNode.Parse("""
                {"type":"object","properties":{"location":{"type":"string","description":"City and country"},"unit":{"type":"string","enum":["celsius","fahrenheit"]}},"required":["location"]}
                """))),
        },
    };

    [GlobalSetup]
    public void Setup()
    {
        _handler = new CannedHandler(Answer, "application/json");
        _streamHandler = new CannedHandler(Stream, "text/event-stream");
        _client = new AnthropicClient(new APIAuthentication("sk-ant-benchmark"), new HttpClient(_handler));
        _streamClient = new AnthropicClient(new APIAuthentication("sk-ant-benchmark"), new HttpClient(_streamHandler));

        // The job runs its own checkout's build. Whether the measured methods changed is read in their source (hotpath.tsv).
        WorthRun.CheckBuild(typeof(AnthropicClient).Assembly);

        // Sanity: both sides send the same requests (the streaming one too) and read the same answers (run.sh compares the files).
        _handler.Capture = _streamHandler.Capture = true;
        var response = GetMessage().GetAwaiter().GetResult();
        var streamed = StreamMessage().GetAwaiter().GetResult();
        _handler.Capture = _streamHandler.Capture = false;
        var text = response.Content.OfType<TextContent>().Single().Text;
        var tool = response.Content.OfType<ToolUseContent>().Single();
        if (text != "I'll check the weather in Paris." || tool.Input?["location"]?.GetValue<string>() != "Paris, FR" || streamed != "Paris is sunny, 21 °C.")
            throw new InvalidOperationException($"sanity check failed: {text} / {tool.Input?.ToJsonString()} / {streamed}");
        WorthRun.Sanity("Messages",
            _handler.Request("GetClaudeMessageAsync"),
            $"{response.Id} {response.StopReason} {response.Usage.InputTokens}/{response.Usage.OutputTokens} {text} {tool.Name} {tool.Input.ToJsonString()}",
            _streamHandler.Request("StreamClaudeMessageAsync"),
            streamed);
    }

    [Benchmark(Description = "GetClaudeMessageAsync (tool, text + tool_use)")]
    public Task<MessageResponse> GetMessage() => _client.Messages.GetClaudeMessageAsync(Parameters());

    [Benchmark(Description = "StreamClaudeMessageAsync (7 events)")]
    public async Task<string> StreamMessage()
    {
        var text = new StringBuilder();
        await foreach (var r in _streamClient.Messages.StreamClaudeMessageAsync(Parameters()).ConfigureAwait(false))
            if (r.Delta?.Text is { } t) text.Append(t);
        return text.ToString();
    }
}
