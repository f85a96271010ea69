using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.Utf16DetourAnalyzer,
    JsonPerf.CodeFixes.Utf16DetourFixer>;

namespace JsonPerf.Analyzers.Tests.JP0005;

public partial class FixTests
{
    private const string Header = """
        using System;
        using System.IO;
        using System.Text;
        using System.Text.Json;
        using System.Text.Json.Serialization;
        using System.Text.Json.Serialization.Metadata;
        using System.Threading;
        using System.Threading.Tasks;

        public class Order { public int Id { get; set; } public string Name { get; set; } }

        """;

    [Fact]
    public Task Serializes_to_utf8_bytes_with_every_overload_and_keeps_comments()
        => Verify.VerifyFixAsync(Header + """
            public class C
            {
                private static readonly JsonSerializerOptions s_options = new JsonSerializerOptions { WriteIndented = true };

                public object M(Order order, JsonTypeInfo<Order> info, JsonSerializerContext context)
                {
                    var a = {|JP0005:Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order))|};
                    var b = {|JP0005:Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order, s_options))|};
                    var c = {|JP0005:Encoding.UTF8.GetBytes(JsonSerializer.Serialize<Order>(order, s_options))|};
                    var d = {|JP0005:Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order, info))|};
                    var e = {|JP0005:Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order, (JsonTypeInfo)info))|};
                    var f = {|JP0005:Encoding.UTF8.GetBytes(JsonSerializer.Serialize((object)order, typeof(Order), s_options))|};
                    var g = {|JP0005:Encoding.UTF8.GetBytes(JsonSerializer.Serialize((object)order, typeof(Order), context))|};
                    var h = {|JP0005:System.Text.Encoding.UTF8.GetBytes(/* json */ (JsonSerializer.Serialize(order)) /* text */)|}.Length;
                    var i = {|JP0005:Encoding.UTF8.GetBytes(
                        System.Text.Json.JsonSerializer.Serialize(
                            order,
                            s_options))|};
                    return new object[] { a, b, c, d, e, f, g, h, i };
                }
            }
            """, Header.Replace("using System.Text;\n", "", System.StringComparison.Ordinal) + """
            public class C
            {
                private static readonly JsonSerializerOptions s_options = new JsonSerializerOptions { WriteIndented = true };

                public object M(Order order, JsonTypeInfo<Order> info, JsonSerializerContext context)
                {
                    var a = JsonSerializer.SerializeToUtf8Bytes(order);
                    var b = JsonSerializer.SerializeToUtf8Bytes(order, s_options);
                    var c = JsonSerializer.SerializeToUtf8Bytes<Order>(order, s_options);
                    var d = JsonSerializer.SerializeToUtf8Bytes(order, info);
                    var e = JsonSerializer.SerializeToUtf8Bytes(order, (JsonTypeInfo)info);
                    var f = JsonSerializer.SerializeToUtf8Bytes((object)order, typeof(Order), s_options);
                    var g = JsonSerializer.SerializeToUtf8Bytes((object)order, typeof(Order), context);
                    var h = /* json */ JsonSerializer.SerializeToUtf8Bytes(order)/* text */ .Length;
                    var i = System.Text.Json.JsonSerializer.SerializeToUtf8Bytes(
                            order,
                            s_options);
                    return new object[] { a, b, c, d, e, f, g, h, i };
                }
            }
            """);

    [Fact]
    public Task Writes_utf8_bytes_to_files_and_keeps_the_cancellation_token()
        => WithRemainingDiagnostics(Header + """
            public class C
            {
                private static readonly JsonSerializerOptions s_options = new JsonSerializerOptions();

                public async Task M(Order order, string path, CancellationToken ct)
                {
                    {|JP0005:File.WriteAllText(path, JsonSerializer.Serialize(order))|};
                    {|JP0005:File.WriteAllText(path + ".b", /* json */ JsonSerializer.Serialize(order, s_options))|};
                    await {|JP0005:File.WriteAllTextAsync(path, JsonSerializer.Serialize(order))|};
                    await {|JP0005:File.WriteAllTextAsync(path, JsonSerializer.Serialize(order, s_options), ct)|}.ConfigureAwait(false);
                    await {|JP0005:System.IO.File.WriteAllTextAsync(path, (JsonSerializer.Serialize((object)order, typeof(Order))), cancellationToken: ct)|};
                }
            }
            """, fixedSource: Header + """
            public class C
            {
                private static readonly JsonSerializerOptions s_options = new JsonSerializerOptions();

                public async Task M(Order order, string path, CancellationToken ct)
                {
                    File.WriteAllBytes(path, JsonSerializer.SerializeToUtf8Bytes(order));
                    File.WriteAllBytes(path + ".b", /* json */ JsonSerializer.SerializeToUtf8Bytes(order, s_options));
                    await File.WriteAllBytesAsync(path, JsonSerializer.SerializeToUtf8Bytes(order));
                    await File.WriteAllBytesAsync(
                        path,
                        JsonSerializer.SerializeToUtf8Bytes(order, s_options),
                        ct).ConfigureAwait(false);
                    await {|JP0005:System.IO.File.WriteAllTextAsync(path, (JsonSerializer.Serialize((object)order, typeof(Order))), cancellationToken: ct)|};
                }
            }
            """);

    [Fact]
    public Task Fixes_using_static_calls()
        => Verify.VerifyFixAsync("""
            using static System.IO.File;
            using static System.Text.Encoding;
            using static System.Text.Json.JsonSerializer;

            public class C
            {
                public byte[] M(int[] x) => {|JP0005:UTF8.GetBytes(Serialize(x))|};
                public void N(int[] x) => {|JP0005:WriteAllText("a.json", Serialize(x))|};
            }
            """, """
            using static System.IO.File;
            using static System.Text.Encoding;
            using static System.Text.Json.JsonSerializer;

            public class C
            {
                public byte[] M(int[] x) => SerializeToUtf8Bytes(x);
                public void N(int[] x) => WriteAllBytes("a.json", SerializeToUtf8Bytes(x));
            }
            """);

    [Fact]
    public Task Keeps_crlf_line_endings_and_the_missing_final_newline()
    {
        var before = "using System.Text;\r\nusing System.Text.Json;\r\n\r\npublic class C\r\n{\r\n    public byte[] M(int[] x)\r\n    {\r\n        return {|JP0005:Encoding.UTF8.GetBytes(\r\n            JsonSerializer.Serialize(x))|};\r\n    }\r\n}";
        var after = "using System.Text.Json;\r\n\r\npublic class C\r\n{\r\n    public byte[] M(int[] x)\r\n    {\r\n        return JsonSerializer.SerializeToUtf8Bytes(x);\r\n    }\r\n}";
        return Verify.VerifyFixAsync(before, after);
    }

    [Fact]
    public Task Fix_all_fixes_every_site_in_every_scope()
        => WithRemainingDiagnostics(fixAll: true, source: Header + """
            public class C
            {
                public object M(Order order, string path)
                {
                    {|JP0005:File.WriteAllText(path, JsonSerializer.Serialize(order))|};
                    var a = {|JP0005:Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order))|};
                    var o = {|JP0005:JsonSerializer.Deserialize<Order>(Encoding.UTF8.GetString(a))|};
                    return new object[] { o, {|JP0005:Encoding.UTF8.GetBytes(JsonSerializer.Serialize(new[] { order }))|} };
                }
            }
            """, fixedSource: Header + """
            public class C
            {
                public object M(Order order, string path)
                {
                    File.WriteAllBytes(path, JsonSerializer.SerializeToUtf8Bytes(order));
                    var a = JsonSerializer.SerializeToUtf8Bytes(order);
                    var o = {|JP0005:JsonSerializer.Deserialize<Order>(Encoding.UTF8.GetString(a))|};
                    return new object[] { o, JsonSerializer.SerializeToUtf8Bytes(new[] { order }) };
                }
            }
            """);

    /// <summary>A fix test whose fixed code keeps diagnostics without a fix (marked up in <paramref name="fixedSource"/>).</summary>
    private static Task WithRemainingDiagnostics(string source, string fixedSource, bool fixAll = false)
    {
        var test = new Verify.Test { TestCode = source, FixedCode = fixedSource };
        test.FixedState.MarkupHandling = Microsoft.CodeAnalysis.Testing.MarkupMode.Allow;
        if (fixAll)
        {
            test.NumberOfIncrementalIterations = null;
            test.CodeFixTestBehaviors = Microsoft.CodeAnalysis.Testing.CodeFixTestBehaviors.None;
        }

        return test.RunAsync();
    }

    [Theory]
    // Reading: the decoders substitute U+FFFD for invalid UTF-8 (and StreamReader/ReadAllText decode UTF-16/32 by
    // their byte order mark) where the UTF-8 overloads throw; see the doc.
    [InlineData("var o = {|JP0005:JsonSerializer.Deserialize<Order>(Encoding.UTF8.GetString(bytes))|};")]
    [InlineData("var o = {|JP0005:JsonSerializer.Deserialize<Order>(Encoding.UTF8.GetString(bytes), options)|};")]
    [InlineData("var o = {|JP0005:JsonSerializer.Deserialize<Order>(File.ReadAllText(path))|};")]
    [InlineData("var o = {|JP0005:JsonSerializer.Deserialize<Order>(await File.ReadAllTextAsync(path))|};")]
    [InlineData("var o = {|JP0005:JsonSerializer.Deserialize<Order>(new StreamReader(stream).ReadToEnd())|};")]
    [InlineData("var o = {|JP0005:JsonSerializer.Deserialize<Order>(await new StreamReader(stream).ReadToEndAsync())|};")]
    // Named arguments: SerializeToUtf8Bytes names its parameters the same, but a named argument may be reordered.
    [InlineData("var b = {|JP0005:Encoding.UTF8.GetBytes(JsonSerializer.Serialize(value: order))|};")]
    [InlineData("var b = {|JP0005:Encoding.UTF8.GetBytes(JsonSerializer.Serialize(options: options, value: order))|};")]
    [InlineData("{|JP0005:File.WriteAllText(contents: JsonSerializer.Serialize(order), path: path)|};")]
    // A line comment inside the call would be lost.
    [InlineData("var b = {|JP0005:Encoding.UTF8.GetBytes( // the order\n            JsonSerializer.Serialize(order))|};")]
    public Task Offers_no_fix_where_behaviour_could_change(string statement)
    {
        var source = Header + """
            public class C
            {
                public async Task M(Order order, byte[] bytes, string path, Stream stream, JsonSerializerOptions options)
                {
                    STATEMENT
                }
            }
            """.Replace("STATEMENT", statement);
        return Verify.VerifyFixAsync(source, source);
    }
}
