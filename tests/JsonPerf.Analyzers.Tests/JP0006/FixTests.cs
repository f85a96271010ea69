using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.ConvertWithoutTextAnalyzer,
    JsonPerf.CodeFixes.ConvertWithoutTextFixer>;

namespace JsonPerf.Analyzers.Tests.JP0006;

public partial class FixTests
{
    private const string Header = """
        using System;
        using System.Text.Json;
        using System.Text.Json.Nodes;
        using System.Text.Json.Serialization;
        using System.Text.Json.Serialization.Metadata;

        public class Order { public int Id { get; set; } public string Name { get; set; } }

        """;

    [Fact]
    public Task Passes_the_element_itself_with_every_overload_and_keeps_comments()
        => Verify.VerifyFixAsync(Header + """
            public class C
            {
                private static readonly JsonSerializerOptions s_options = new JsonSerializerOptions();
                private JsonTypeInfo<Order> _info;

                public void M(JsonElement element, JsonDocument doc, JsonSerializerContext context)
                {
                    var a = {|JP0006:JsonSerializer.Deserialize<Order>(element.GetRawText())|};
                    var b = {|JP0006:JsonSerializer.Deserialize<Order>(/* raw */ element.GetRawText() /* text */, s_options)|};
                    var c = {|JP0006:JsonSerializer.Deserialize(element.GetRawText(), typeof(Order), s_options)|};
                    var d = {|JP0006:JsonSerializer.Deserialize(element.GetRawText(), typeof(Order), context)|};
                    var e = {|JP0006:JsonSerializer.Deserialize(doc.RootElement.GetProperty("x").GetRawText(), _info)|};
                    var f = {|JP0006:System.Text.Json.JsonSerializer.Deserialize<Order[]>(
                        (element.GetRawText()),
                        this._info.Options)|};
                }
            }
            """, Header + """
            public class C
            {
                private static readonly JsonSerializerOptions s_options = new JsonSerializerOptions();
                private JsonTypeInfo<Order> _info;

                public void M(JsonElement element, JsonDocument doc, JsonSerializerContext context)
                {
                    var a = JsonSerializer.Deserialize<Order>(element);
                    var b = JsonSerializer.Deserialize<Order>(/* raw */ element /* text */, s_options);
                    var c = JsonSerializer.Deserialize(element, typeof(Order), s_options);
                    var d = JsonSerializer.Deserialize(element, typeof(Order), context);
                    var e = JsonSerializer.Deserialize(doc.RootElement.GetProperty("x"), _info);
                    var f = System.Text.Json.JsonSerializer.Deserialize<Order[]>(
                        element,
                        this._info.Options);
                }
            }
            """);

    [Fact]
    public Task Serializes_straight_to_a_document_an_element_or_a_node()
        => Verify.VerifyFixAsync(Header + """
            public class C
            {
                private static readonly JsonSerializerOptions s_options = new JsonSerializerOptions { WriteIndented = true };

                public object M(Order order, JsonTypeInfo<Order> info, JsonSerializerContext context)
                {
                    using var a = {|JP0006:JsonDocument.Parse(JsonSerializer.Serialize(order))|};
                    using var b = {|JP0006:JsonDocument.Parse(JsonSerializer.Serialize(order, s_options))|};
                    using var c = {|JP0006:JsonDocument.Parse(JsonSerializer.Serialize(order, info))|};
                    using var d = {|JP0006:JsonDocument.Parse(JsonSerializer.Serialize((object)order, typeof(Order), context))|};
                    var e = {|JP0006:JsonElement.Parse(JsonSerializer.Serialize<Order>(order, s_options))|};
                    var f = {|JP0006:JsonElement.Parse(JsonSerializer.Serialize(order, (JsonTypeInfo)info))|};
                    var g = {|JP0006:JsonNode.Parse(/* node */ JsonSerializer.Serialize(order))|};
                    var h = {|JP0006:JsonNode.Parse(JsonSerializer.Serialize((object)order, typeof(Order)))|};
                    var i = {|JP0006:JsonDocument.Parse(JsonSerializer.Serialize(order)/* trailing */)|}.RootElement;
                    return new object[] { e, f, g, h, i };
                }
            }
            """, Header + """
            public class C
            {
                private static readonly JsonSerializerOptions s_options = new JsonSerializerOptions { WriteIndented = true };

                public object M(Order order, JsonTypeInfo<Order> info, JsonSerializerContext context)
                {
                    using var a = JsonSerializer.SerializeToDocument(order);
                    using var b = JsonSerializer.SerializeToDocument(order, s_options);
                    using var c = JsonSerializer.SerializeToDocument(order, info);
                    using var d = JsonSerializer.SerializeToDocument((object)order, typeof(Order), context);
                    var e = JsonSerializer.SerializeToElement<Order>(order, s_options);
                    var f = JsonSerializer.SerializeToElement(order, (JsonTypeInfo)info);
                    var g = /* node */ JsonSerializer.SerializeToNode(order);
                    var h = JsonSerializer.SerializeToNode((object)order, typeof(Order));
                    var i = JsonSerializer.SerializeToDocument(order)/* trailing */ .RootElement;
                    return new object[] { e, f, g, h, i };
                }
            }
            """);

    [Fact]
    public Task Fixes_aliases_and_using_static_serialize()
        => Verify.VerifyFixAsync("""
            using static System.Text.Json.JsonSerializer;
            using Doc = System.Text.Json.JsonDocument;

            public class C
            {
                public object M(int[] x) => {|JP0006:Doc.Parse(Serialize(x))|};
            }
            """, """
            using static System.Text.Json.JsonSerializer;
            using Doc = System.Text.Json.JsonDocument;

            public class C
            {
                public object M(int[] x) => SerializeToDocument(x);
            }
            """);

    [Fact]
    public Task Offers_no_fix_where_a_line_comment_inside_the_call_would_be_lost()
    {
        var source = Header + """
            public class C
            {
                public JsonDocument M(Order order) => {|JP0006:JsonDocument.Parse( // the order as a document
                    JsonSerializer.Serialize(order))|};
            }
            """;
        return Verify.VerifyFixAsync(source, source);
    }

    [Fact]
    public Task Offers_no_fix_for_a_using_static_deserialize()
    {
        // 'using static' does not import extension methods: Deserialize<int[]>(e) would bind to the Stream overload.
        var source = """
            using static System.Text.Json.JsonSerializer;

            public class C
            {
                public object N(System.Text.Json.JsonElement e) => {|JP0006:Deserialize<int[]>(e.GetRawText())|};
            }
            """;
        return Verify.VerifyFixAsync(source, source);
    }

    [Fact]
    public Task Keeps_crlf_line_endings_and_the_missing_final_newline()
    {
        var before = "using System.Text.Json;\r\n\r\npublic class C\r\n{\r\n    public JsonDocument M(int[] x)\r\n    {\r\n        return {|JP0006:JsonDocument.Parse(\r\n            JsonSerializer.Serialize(x))|};\r\n    }\r\n}";
        var after = "using System.Text.Json;\r\n\r\npublic class C\r\n{\r\n    public JsonDocument M(int[] x)\r\n    {\r\n        return JsonSerializer.SerializeToDocument(x);\r\n    }\r\n}";
        return Verify.VerifyFixAsync(before, after);
    }

    [Fact]
    public Task Fix_all_fixes_every_site_in_every_scope()
        => Verify.VerifyFixAllAsync(Header + """
            public class C
            {
                public object M(Order order, JsonElement element)
                {
                    using var a = {|JP0006:JsonDocument.Parse(JsonSerializer.Serialize(order))|};
                    var b = {|JP0006:JsonSerializer.Deserialize<Order>({|JP0006:JsonElement.Parse(JsonSerializer.Serialize(order))|}.GetRawText())|};
                    return new object[] { b, {|JP0006:JsonSerializer.Deserialize<Order>(element.GetRawText())|} };
                }
            }
            """, Header + """
            public class C
            {
                public object M(Order order, JsonElement element)
                {
                    using var a = JsonSerializer.SerializeToDocument(order);
                    var b = JsonSerializer.Deserialize<Order>(JsonSerializer.SerializeToElement(order));
                    return new object[] { b, JsonSerializer.Deserialize<Order>(element) };
                }
            }
            """);

    [Theory]
    // ToJsonString: a null node throws there, while Deserialize(node) returns default; see the doc.
    [InlineData("var o = {|JP0006:JsonSerializer.Deserialize<Order>(node.ToJsonString())|};")]
    [InlineData("var o = {|JP0006:JsonSerializer.Deserialize<Order>(node.ToJsonString(options), options)|};")]
    // Document and node options have no equivalent on SerializeToX.
    [InlineData("using var d = {|JP0006:JsonDocument.Parse(JsonSerializer.Serialize(order), new JsonDocumentOptions { AllowTrailingCommas = true })|};")]
    [InlineData("using var d = {|JP0006:JsonDocument.Parse(JsonSerializer.Serialize(order), default)|};")]
    [InlineData("var e = {|JP0006:JsonElement.Parse(JsonSerializer.Serialize(order), new JsonDocumentOptions { MaxDepth = 200 })|};")]
    [InlineData("var n = {|JP0006:JsonNode.Parse(JsonSerializer.Serialize(order), new JsonNodeOptions { PropertyNameCaseInsensitive = true })|};")]
    [InlineData("var n = {|JP0006:JsonNode.Parse(JsonSerializer.Serialize(order), documentOptions: new JsonDocumentOptions { MaxDepth = 8 })|};")]
    // SerializeToNode takes PropertyNameCaseInsensitive from the serializer options; JsonNode.Parse does not.
    [InlineData("var n = {|JP0006:JsonNode.Parse(JsonSerializer.Serialize(order, options))|};")]
    [InlineData("var n = {|JP0006:JsonNode.Parse(JsonSerializer.Serialize(order, info))|};")]
    // The options expression would run before the conversion instead of after it.
    [InlineData("var o = {|JP0006:JsonSerializer.Deserialize<Order>(element.GetRawText(), MakeOptions())|};")]
    [InlineData("var o = {|JP0006:JsonSerializer.Deserialize<Order>(element.GetRawText(), new JsonSerializerOptions())|};")]
    // Named arguments: the element overloads name their first parameter differently.
    [InlineData("var o = {|JP0006:JsonSerializer.Deserialize<Order>(json: element.GetRawText())|};")]
    [InlineData("var o = {|JP0006:JsonSerializer.Deserialize<Order>(options: options, json: element.GetRawText())|};")]
    [InlineData("using var d = {|JP0006:JsonDocument.Parse(JsonSerializer.Serialize(value: order))|};")]
    public Task Offers_no_fix_where_behaviour_could_change(string statement)
    {
        var source = Header + """
            public class C
            {
                static JsonSerializerOptions MakeOptions() { return new JsonSerializerOptions(); }

                public void M(Order order, JsonElement element, JsonNode node, JsonSerializerOptions options, JsonTypeInfo<Order> info)
                {
                    STATEMENT
                }
            }
            """.Replace("STATEMENT", statement);
        return Verify.VerifyFixAsync(source, source);
    }
}
