using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Testing;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonDocumentNotDisposedAnalyzer,
    JsonPerf.CodeFixes.JsonDocumentNotDisposedFixer>;

namespace JsonPerf.Analyzers.Tests.JP0007;

public partial class FixTests
{
    [Fact]
    public Task Adds_using_to_a_local_whose_elements_stay_in_its_block()
        => Verify.VerifyFixAsync("""
            using System;
            using System.Text.Json;

            public class C
            {
                public string M(string json)
                {
                    // parse
                    var doc = {|JP0007:JsonDocument.Parse(json)|};
                    var root = doc.RootElement;
                    if (root.TryGetProperty("name", out var name))
                    {
                        return name.GetString() + " " + root.GetProperty("id").GetInt32();
                    }

                    foreach (var p in root.EnumerateObject())
                    {
                        Console.WriteLine(p.Name + "=" + p.Value);
                    }

                    return doc.RootElement.GetProperty("x").Clone().ToString();
                }
            }
            """, """
            using System;
            using System.Text.Json;

            public class C
            {
                public string M(string json)
                {
                    // parse
                    using var doc = JsonDocument.Parse(json);
                    var root = doc.RootElement;
                    if (root.TryGetProperty("name", out var name))
                    {
                        return name.GetString() + " " + root.GetProperty("id").GetInt32();
                    }

                    foreach (var p in root.EnumerateObject())
                    {
                        Console.WriteLine(p.Name + "=" + p.Value);
                    }

                    return doc.RootElement.GetProperty("x").Clone().ToString();
                }
            }
            """);

    [Fact]
    public Task Rewrites_an_element_used_in_place_to_JsonElement_Parse_on_net10()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;

            public class C
            {
                public JsonElement Root(string s) => {|JP0007:JsonDocument.Parse(s)|}.RootElement;
                public JsonElement Cloned(string s, JsonDocumentOptions o) => {|JP0007:JsonDocument.Parse(s, o)|}.RootElement.Clone();
                public int Id(byte[] utf8) => {|JP0007:System.Text.Json.JsonDocument.Parse(utf8)|}.RootElement.GetProperty("id").GetInt32();
                public JsonElement Doc(object v) => {|JP0007:JsonSerializer.SerializeToDocument(v)|}.RootElement;
            }
            """, """
            using System.Text.Json;

            public class C
            {
                public JsonElement Root(string s) => JsonElement.Parse(s);
                public JsonElement Cloned(string s, JsonDocumentOptions o) => JsonElement.Parse(s, o);
                public int Id(byte[] utf8) => System.Text.Json.JsonElement.Parse(utf8).GetProperty("id").GetInt32();
                public JsonElement Doc(object v) => JsonSerializer.SerializeToElement(v);
            }
            """);

    [Fact]
    public Task A_label_inside_a_lambda_of_the_block_does_not_stop_the_using()
    {
        // A goto cannot leave or enter a lambda: its labels cannot jump over the new using declaration.
        var source = """
            using System;
            using System.Text.Json;

            public class C
            {
                public int Count(string s)
                {
                    var d = {|JP0007:JsonDocument.Parse(s)|};
                    Func<int, int> down = n => { again: n--; if (n > 0) { goto again; } return n; };
                    return down(d.RootElement.GetArrayLength());
                }
            }
            """;
        return Verify.VerifyFixAsync(source, source.Replace("var d = {|JP0007:JsonDocument.Parse(s)|};", "using var d = JsonDocument.Parse(s);"));
    }

    [Fact]
    public Task On_net8_only_SerializeToElement_and_using_are_offered()
    {
        var source = """
            using System.Text.Json;

            public class C
            {
                public JsonElement Root(string s) => {|JP0007:JsonDocument.Parse(s)|}.RootElement;
                public JsonElement Doc(object v) => {|JP0007:JsonSerializer.SerializeToDocument(v)|}.RootElement;
                public int Count(string s) { var d = {|JP0007:JsonDocument.Parse(s)|}; return d.RootElement.GetArrayLength(); }
            }
            """;
        var test = new Verify.Test(references: TestReferences.Net8)
        {
            TestCode = source,
            FixedCode = source.Replace("{|JP0007:JsonSerializer.SerializeToDocument(v)|}.RootElement", "JsonSerializer.SerializeToElement(v)")
                .Replace("{ var d = {|JP0007:JsonDocument.Parse(s)|};", "{ using var d = JsonDocument.Parse(s);"),
        };
        // The element used in place keeps its diagnostic: JsonElement.Parse does not exist on .NET 8.
        test.FixedState.MarkupHandling = MarkupMode.Allow;
        return test.RunAsync();
    }

    [Theory]
    [InlineData("public Func<int> E(string s) { var d = {|JP0007:JsonDocument.Parse(s)|}; var r = d.RootElement; return () => r.GetArrayLength(); }")]
    [InlineData("public Func<int> F(string s) { var d = {|JP0007:JsonDocument.Parse(s)|}; return () => d.RootElement.GetArrayLength(); }")]
    [InlineData("public void K(Stream s) { Console.WriteLine({|JP0007:JsonDocument.Parse(s)|}.RootElement.GetProperty(\"id\")); }")]
    [InlineData("public JsonElement Q(Stream s) => {|JP0007:JsonDocument.Parse(s)|}.RootElement;")]
    [InlineData("public void L(string s) { {|JP0007:JsonDocument.Parse(s)|}; }")]
    [InlineData("public void N(string s) { JsonDocument d, e = null; d = {|JP0007:JsonDocument.Parse(s)|}; Console.WriteLine(d.RootElement); }")]
    [InlineData("public void O(string s, int n) { switch (n) { case 1: var d = {|JP0007:JsonDocument.Parse(s)|}; Console.WriteLine(d.RootElement); break; } }")]
    [InlineData("public void P(string s) { again: var d = {|JP0007:JsonDocument.Parse(s)|}; if (d.RootElement.GetArrayLength() > 9) { goto again; } }")]
    [InlineData("public void P2(string s, int n) { var d = {|JP0007:JsonDocument.Parse(s)|}; Console.WriteLine(d.RootElement); if (n > 0) { try { } finally { again: n--; if (n > 0) { goto again; } } } }")]
    public Task Offers_no_fix_when_an_element_is_captured_or_the_shape_is_not_followed(string member)
    {
        var source = """
            using System;
            using System.Collections.Generic;
            using System.IO;
            using System.Linq;
            using System.Text.Json;

            public class C
            {
                private static JsonElement s_kept;
                MEMBER
            }
            """.Replace("MEMBER", member);
        return Verify.VerifyFixAsync(source, source);
    }

    [Fact]
    public Task Declares_the_document_before_a_statement_whose_element_stays_in_the_block_without_a_clone()
        => Verify.VerifyFixAsync("""
            using System;
            using System.IO;
            using System.Text.Json;

            public class C
            {
                public JsonElement M(Stream stream, string document)
                {
                    // the id
                    var id = {|JP0007:JsonDocument.Parse(stream)|}.RootElement.GetProperty("id");
                    Console.WriteLine(id);
                    return {|JP0007:JsonDocument.Parse(document)|}.RootElement;
                }
            }
            """, """
            using System;
            using System.IO;
            using System.Text.Json;

            public class C
            {
                public JsonElement M(Stream stream, string document)
                {
                    // the id
                    using var document2 = JsonDocument.Parse(stream);
                    var id = document2.RootElement.GetProperty("id");
                    Console.WriteLine(id);
                    return JsonElement.Parse(document);
                }
            }
            """);

    [Fact]
    public Task Offers_no_using_fix_before_CSharp_8()
    {
        var source = """
            using System;
            using System.Text.Json;

            public class C
            {
                public void M(string s) { var d = {|JP0007:JsonDocument.Parse(s)|}; Console.WriteLine(d.RootElement); }
            }
            """;
        return Verify.VerifyFixAsync(source, source, LanguageVersion.CSharp7_3);
    }

    [Fact]
    public Task Fix_all_fixes_every_site_in_the_document()
        => Verify.VerifyFixAllAsync("""
            using System;
            using System.Text.Json;

            public class C
            {
                public void M(string a, string b)
                {
                    var x = {|JP0007:JsonDocument.Parse(a)|};
                    Console.WriteLine(x.RootElement);
                    Console.WriteLine({|JP0007:JsonDocument.Parse(b)|}.RootElement.GetArrayLength());
                }

                public JsonElement N(string a) => {|JP0007:JsonDocument.Parse(a)|}.RootElement;
            }
            """, """
            using System;
            using System.Text.Json;

            public class C
            {
                public void M(string a, string b)
                {
                    using var x = JsonDocument.Parse(a);
                    Console.WriteLine(x.RootElement);
                    Console.WriteLine(JsonElement.Parse(b).GetArrayLength());
                }

                public JsonElement N(string a) => JsonElement.Parse(a);
            }
            """);
}
