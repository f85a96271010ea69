using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.ReflectionSerializationAnalyzer,
    JsonPerf.CodeFixes.ReflectionSerializationFixer>;

namespace JsonPerf.Analyzers.Tests.JP0002;

/// <summary>The web entry points: System.Net.Http.Json and ASP.NET Core's JSON helpers.</summary>
public partial class AnalyzerTests
{
    private const string WebHeader = """
        using System;
        using System.Collections.Generic;
        using System.Net.Http;
        using System.Net.Http.Json;
        using System.Text.Json;
        using System.Text.Json.Serialization;
        using System.Text.Json.Serialization.Metadata;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Http;

        public class Order { public int Id { get; set; } }
        public class Envelope { public object Payload { get; set; } }

        """;

    internal static string InWebMethod(string body) => WebHeader + $$"""
        public class C
        {
            private static readonly JsonSerializerOptions s_web = new JsonSerializerOptions(JsonSerializerDefaults.Web);

            public async Task Run<T>(HttpClient client, HttpContent content, HttpRequest request, HttpResponse response, Order order, List<Order> orders, T value, Envelope envelope, JsonSerializerOptions given, CancellationToken ct)
            {
                {{body}}
                await Task.CompletedTask;
            }
        }
        """;

    public static TheoryData<string> ReportedWebBodies() => new()
    {
        "await client.{|JP0002:GetFromJsonAsync<Order>|}(\"/o\");",
        "await client.{|JP0002:GetFromJsonAsync<Order>|}(new Uri(\"http://h/o\"), ct);",
        "await client.{|JP0002:GetFromJsonAsync<Order>|}(\"/o\", (JsonSerializerOptions)null, ct);",
        "await client.{|JP0002:GetFromJsonAsync|}(\"/o\", typeof(Order));",
        "await client.{|JP0002:DeleteFromJsonAsync<Order>|}(\"/o\");",
        "client.{|JP0002:GetFromJsonAsAsyncEnumerable<Order>|}(\"/o\");",
        "await client.{|JP0002:PostAsJsonAsync|}(\"/o\", order);",
        "await client.{|JP0002:PostAsJsonAsync|}(\"/o\", orders, ct);",
        "await client.{|JP0002:PutAsJsonAsync|}(\"/o\", order, s_web);",
        "await client.{|JP0002:PatchAsJsonAsync|}(\"/o\", order, JsonSerializerOptions.Default);",
        "await content.{|JP0002:ReadFromJsonAsync<Order>|}();",
        "await content.{|JP0002:ReadFromJsonAsync|}(typeof(Order), ct);",
        "content.{|JP0002:ReadFromJsonAsAsyncEnumerable<Order>|}();",
        "JsonContent.{|JP0002:Create|}(order);",
        "JsonContent.{|JP0002:Create|}(order, mediaType: null, options: s_web);",
        "JsonContent.{|JP0002:Create|}(order, typeof(Order));",
        "await request.{|JP0002:ReadFromJsonAsync<Order>|}(s_web);",
        "await request.{|JP0002:ReadFromJsonAsync|}(typeof(Order), JsonSerializerOptions.Default, ct);",
        "await response.{|JP0002:WriteAsJsonAsync|}(order);",
        "await response.{|JP0002:WriteAsJsonAsync|}(order, s_web, ct);",
        "await response.{|JP0002:WriteAsJsonAsync|}(order, typeof(Order));",
        "Results.{|JP0002:Json|}(order);",
        "Results.{|JP0002:Json<Order>|}(order, statusCode: 201);",
        "TypedResults.{|JP0002:Json|}(order);",
        "TypedResults.{|JP0002:Json|}(orders, JsonSerializerOptions.Web);",
    };

    [Theory]
    [MemberData(nameof(ReportedWebBodies))]
    public Task Reports_web_entry_points_without_metadata_for_a_known_type(string body)
        => Verify.VerifyAnalyzerAsync(InWebMethod(body));

    public static TheoryData<string> NotReportedWebBodies() => new()
    {
        // Types only known at run time, or that generated metadata cannot serve.
        "await client.GetFromJsonAsync<T>(\"/o\");",
        "await client.PostAsJsonAsync(\"/o\", value);",
        "await client.PostAsJsonAsync<object>(\"/o\", order);",
        "await client.PostAsJsonAsync(\"/o\", new { order.Id });",
        "await client.PostAsJsonAsync(\"/o\", envelope);",
        "await content.ReadFromJsonAsync(order.GetType());",
        "JsonContent.Create((object)order);",
        "await response.WriteAsJsonAsync<object>(order);",
        "Results.Json((object)order);",
        "Results.Json(data: new { order.Id });",
        "TypedResults.Json(value);",
        // Calls that already take metadata.
        "await client.GetFromJsonAsync<Order>(\"/o\", (JsonTypeInfo<Order>)null, ct);",
        "await client.GetFromJsonAsync(\"/o\", typeof(Order), (JsonSerializerContext)null);",
        "JsonContent.Create(order, (JsonTypeInfo<Order>)null);",
        "await response.WriteAsJsonAsync(order, (JsonTypeInfo<Order>)null);",
        "Results.Json(order, (JsonTypeInfo<Order>)null);",
        "TypedResults.Json(order, (JsonSerializerContext)null);",
        // Options that may already hold a resolver: also the app's configured options, which HttpRequest.ReadFromJsonAsync
        // reads through without options (not [RequiresUnreferencedCode] there, unlike WriteAsJsonAsync and Results.Json).
        "await request.ReadFromJsonAsync<Order>();",
        "await request.ReadFromJsonAsync(typeof(Order), ct);",
        "await client.GetFromJsonAsync<Order>(\"/o\", given);",
        "await response.WriteAsJsonAsync(order, given);",
        // Options as the value itself (TValue is JsonSerializerOptions): read as the call's options, from a parameter.
        "await client.PostAsJsonAsync(\"/o\", given, ct);",
        "await response.WriteAsJsonAsync(given, ct);",
        // Helpers without a metadata overload, and not JSON at all.
        "Results.Ok(order);",
        "TypedResults.Ok(order);",
        "await client.GetStringAsync(\"/o\");",
    };

    [Theory]
    [MemberData(nameof(NotReportedWebBodies))]
    public Task Does_not_report_web_entry_points_for_unknown_types_metadata_or_resolver_options(string body)
        => Verify.VerifyAnalyzerAsync(InWebMethod(body));

    [Theory]
    [InlineData("await client.GetFromJsonAsync<Order>(\"/o\");", "HttpClient.GetFromJsonAsync builds 'Order' metadata by reflection; pass JsonTypeInfo<Order> from a JsonSerializerContext", true)]
    [InlineData("JsonContent.Create(order);", "JsonContent.Create builds 'Order' metadata by reflection; pass JsonTypeInfo<Order> from a JsonSerializerContext", true)]
    [InlineData("await response.WriteAsJsonAsync(order);", "HttpResponse.WriteAsJsonAsync builds 'Order' metadata by reflection; pass JsonTypeInfo<Order> from a JsonSerializerContext (no fix: the app's JSON options apply)", false)]
    [InlineData("Results.Json(order, s_web);", "Results.Json builds 'Order' metadata by reflection; pass JsonTypeInfo<Order> from a JsonSerializerContext (no fix: see the rule's page)", false)]
    [InlineData("System.Text.Json.JsonSerializer.Serialize(order);", "JsonSerializer.Serialize builds 'Order' metadata by reflection; pass JsonTypeInfo<Order> from a JsonSerializerContext", true)]
    public async Task Names_the_web_helper_and_says_when_there_is_no_fix(string body, string message, bool fixable)
    {
        var (solution, _) = FixRunner.CreateProject(InWebMethod(body), OutputKind.DynamicallyLinkedLibrary, TestReferences.AspNet10);
        var diagnostic = Assert.Single(await FixRunner.GetDiagnosticsAsync(solution.Projects.Single(), new ReflectionSerializationAnalyzer()), d => d.Id == "JP0002");
        Assert.Equal(message, diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture));
        Assert.Equal(fixable, diagnostic.Properties.Count > 0);
    }
}
