namespace JsonPerf.Analyzers.Tests.Infrastructure;

/// <summary>Source templates for rule tests: a snippet goes into a method body or into the members of a class.</summary>
internal static class Snippets
{
    public const string Usings = """
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Net.Http;
        using System.Net.Http.Json;
        using System.Text.Encodings.Web;
        using System.Text.Json;
        using System.Text.Json.Nodes;
        using System.Text.Json.Serialization;
        using System.Text.Json.Serialization.Metadata;
        using System.Text.Unicode;
        using System.Threading.Tasks;

        """;

    private const string Template = Usings + """
        public class Order { public int Id { get; set; } public string Name { get; set; } }

        public sealed class MyContext : JsonSerializerContext
        {
            public MyContext(JsonSerializerOptions options) : base(options) { }
            protected override JsonSerializerOptions GeneratedSerializerOptions { get { return null; } }
            public override JsonTypeInfo GetTypeInfo(Type type) { return null; }
        }

        public class Holder { public JsonSerializerOptions Options { get; set; } }

        public partial class C
        {
            private static readonly JsonSerializerOptions s_shared = new JsonSerializerOptions();
            private readonly JsonSerializerOptions _instanceOptions = new JsonSerializerOptions();
            private JsonSerializerOptions _mutable;
            private static JsonSerializerOptions s_cache;
            private static JavaScriptEncoder s_encoder;
            private static readonly JsonSerializerOptions s_caseInsensitive = new JsonSerializerOptions { MaxDepth = 16 };
            private static readonly JsonSerializerOptions s_camel = new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase };
            private static readonly JsonSerializerOptions s_withEncoder = new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) };

            static void Configure(JsonSerializerOptions options) { }
            static void Ref(ref JsonSerializerOptions options) { }
            static string MySerialize(object value, JsonSerializerOptions options) { return ""; }

        MEMBERS

            public async Task M(Order order, string json, Stream stream, HttpClient client, JsonSerializerOptions options, bool flag, List<JsonSerializerOptions> list)
            {
        BODY
                await Task.CompletedTask;
            }
        }
        """;

    public static string InMethod(string body) => Template.Replace("MEMBERS", "").Replace("BODY", body);

    public static string InClass(string members) => Template.Replace("MEMBERS", members).Replace("BODY", "");
}
