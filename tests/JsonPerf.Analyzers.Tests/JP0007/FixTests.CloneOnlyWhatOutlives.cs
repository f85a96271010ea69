using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonDocumentNotDisposedAnalyzer,
    JsonPerf.CodeFixes.JsonDocumentNotDisposedFixer>;

namespace JsonPerf.Analyzers.Tests.JP0007;

/// <summary>
/// A <c>using</c> keeps the document alive to the end of its block, so the fix clones only what
/// outlives it (returned, yielded, stored, passed on), at the expression where it leaves; nothing when nothing does.
/// </summary>
public partial class FixTests
{
    private const string Members = """
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
        """;

    [Theory]
    // TryGetProperty's bool (a discarded out element) does not reference the document.
    [InlineData(
        "public bool A(string json) { var doc = {|JP0007:JsonDocument.Parse(json)|}; return doc.RootElement.TryGetProperty(\"x\", out _); }",
        "public bool A(string json) { using var doc = JsonDocument.Parse(json); return doc.RootElement.TryGetProperty(\"x\", out _); }")]
    [InlineData(
        "public bool B(string json) { var doc = {|JP0007:JsonDocument.Parse(json)|}; return doc.RootElement.TryGetProperty(\"x\", out JsonElement _) && doc.RootElement.TryGetProperty(\"y\", out var y) && y.GetInt32() > 0; }",
        "public bool B(string json) { using var doc = JsonDocument.Parse(json); return doc.RootElement.TryGetProperty(\"x\", out JsonElement _) && doc.RootElement.TryGetProperty(\"y\", out var y) && y.GetInt32() > 0; }")]
    // An element returned, stored in a field or an outer local, passed on or yielded: a Clone where it leaves.
    [InlineData(
        "public JsonElement C1(string s) { var d = {|JP0007:JsonDocument.Parse(s)|}; return d.RootElement; }",
        "public JsonElement C1(string s) { using var d = JsonDocument.Parse(s); return d.RootElement.Clone(); }")]
    [InlineData(
        "public JsonElement D(string s) { var d = {|JP0007:JsonDocument.Parse(s)|}; var e = d.RootElement.GetProperty(\"a\"); Console.WriteLine(e.GetRawText()); return e; }",
        "public JsonElement D(string s) { using var d = JsonDocument.Parse(s); var e = d.RootElement.GetProperty(\"a\"); Console.WriteLine(e.GetRawText()); return e.Clone(); }")]
    [InlineData(
        "public JsonElement E(string s) { var d = {|JP0007:JsonDocument.Parse(s)|}; if (d.RootElement.TryGetProperty(\"a\", out var a)) { return a; } return default; }",
        "public JsonElement E(string s) { using var d = JsonDocument.Parse(s); if (d.RootElement.TryGetProperty(\"a\", out var a)) { return a.Clone(); } return default; }")]
    [InlineData(
        "public void F(string s) { var d = {|JP0007:JsonDocument.Parse(s)|}; s_kept = d.RootElement.GetProperty(\"a\"); }",
        "public void F(string s) { using var d = JsonDocument.Parse(s); s_kept = d.RootElement.GetProperty(\"a\").Clone(); }")]
    [InlineData(
        "public void G(string s) { JsonElement kept; { var d = {|JP0007:JsonDocument.Parse(s)|}; kept = d.RootElement; } Console.WriteLine(kept); }",
        "public void G(string s) { JsonElement kept; { using var d = JsonDocument.Parse(s); kept = d.RootElement.Clone(); } Console.WriteLine(kept); }")]
    [InlineData(
        "public void H(string s, List<JsonElement> all) { var d = {|JP0007:JsonDocument.Parse(s)|}; all.Add(d.RootElement); }",
        "public void H(string s, List<JsonElement> all) { using var d = JsonDocument.Parse(s); all.Add(d.RootElement.Clone()); }")]
    [InlineData(
        "public IEnumerable<JsonElement> I(string s) { var d = {|JP0007:JsonDocument.Parse(s)|}; foreach (var e in d.RootElement.EnumerateArray()) { yield return e; } }",
        "public IEnumerable<JsonElement> I(string s) { using var d = JsonDocument.Parse(s); foreach (var e in d.RootElement.EnumerateArray()) { yield return e.Clone(); } }")]
    // LINQ may keep the enumerator: the element it came from is cloned.
    [InlineData(
        "public int J(string s) { var d = {|JP0007:JsonDocument.Parse(s)|}; return d.RootElement.EnumerateArray().Count(); }",
        "public int J(string s) { using var d = JsonDocument.Parse(s); return d.RootElement.Clone().EnumerateArray().Count(); }")]
    // Both branches leave through one ?: expression: one Clone, on the whole of it.
    [InlineData(
        "public JsonElement K(string s, bool flag) { var d = {|JP0007:JsonDocument.Parse(s)|}; return flag ? d.RootElement.GetProperty(\"a\") : d.RootElement; }",
        "public JsonElement K(string s, bool flag) { using var d = JsonDocument.Parse(s); return (flag ? d.RootElement.GetProperty(\"a\") : d.RootElement).Clone(); }")]
    public Task Adds_using_and_clones_only_the_elements_that_leave_the_block(string member, string fixedMember)
        => Verify.VerifyFixAsync(Members.Replace("MEMBER", member), Members.Replace("MEMBER", fixedMember));

    [Theory]
    // The shape: an enumerator used up in the block needs no copy, with or without JsonElement.Parse.
    [InlineData(
        "public int A(byte[] bytes) { var properties = {|JP0007:JsonDocument.Parse(bytes)|}.RootElement.EnumerateObject(); var n = 0; foreach (var p in properties) { n += p.Name.Length; } return n; }",
        "public int A(byte[] bytes) { using var document = JsonDocument.Parse(bytes);\nvar properties = document.RootElement.EnumerateObject(); var n = 0; foreach (var p in properties) { n += p.Name.Length; } return n; }")]
    [InlineData(
        "public bool B(Stream s) { return {|JP0007:JsonDocument.Parse(s)|}.RootElement.TryGetProperty(\"x\", out _); }",
        "public bool B(Stream s) { using var document = JsonDocument.Parse(s);\nreturn document.RootElement.TryGetProperty(\"x\", out _); }")]
    // Returned or stored (no JsonElement.Parse for a Stream): the Clone goes where the element leaves.
    [InlineData(
        "public JsonElement C1(Stream s) { return {|JP0007:JsonDocument.Parse(s)|}.RootElement.GetProperty(\"a\"); }",
        "public JsonElement C1(Stream s) { using var document = JsonDocument.Parse(s);\nreturn document.RootElement.GetProperty(\"a\").Clone(); }")]
    [InlineData(
        "public void D(Stream s) { var tags = {|JP0007:JsonDocument.Parse(s)|}.RootElement.GetProperty(\"tags\"); Console.WriteLine(tags.GetArrayLength()); s_kept = tags; }",
        "public void D(Stream s) { using var document = JsonDocument.Parse(s);\nvar tags = document.RootElement.GetProperty(\"tags\"); Console.WriteLine(tags.GetArrayLength()); s_kept = tags.Clone(); }")]
    [InlineData(
        "public IEnumerable<JsonElement> E(Stream s) { var items = {|JP0007:JsonDocument.Parse(s)|}.RootElement.EnumerateArray(); foreach (var e in items) { yield return e; } }",
        "public IEnumerable<JsonElement> E(Stream s) { using var document = JsonDocument.Parse(s);\nvar items = document.RootElement.EnumerateArray(); foreach (var e in items) { yield return e.Clone(); } }")]
    // Captured by a lambda: the walk does not follow it, so the root element is cloned (safe whatever the lambda does).
    [InlineData(
        "public Func<int> F(Stream s) { var root = {|JP0007:JsonDocument.Parse(s)|}.RootElement; return () => root.GetArrayLength(); }",
        "public Func<int> F(Stream s) { using var document = JsonDocument.Parse(s);\nvar root = document.RootElement.Clone(); return () => root.GetArrayLength(); }")]
    public Task Declares_the_document_before_the_statement_and_clones_only_what_leaves_the_block(string member, string fixedMember)
        => Verify.VerifyFixAsync(Members.Replace("MEMBER", member), Members.Replace("MEMBER", fixedMember));

    [Theory]
    [InlineData("public void A(string s, List<JsonProperty> all) { var d = {|JP0007:JsonDocument.Parse(s)|}; foreach (var p in d.RootElement.EnumerateObject()) { all.Add(p); } }")]
    [InlineData("public JsonElement.ArrayEnumerator B(string s) { var d = {|JP0007:JsonDocument.Parse(s)|}; var items = d.RootElement.EnumerateArray(); return items; }")]
    [InlineData("public Func<string> C1(string s) { var d = {|JP0007:JsonDocument.Parse(s)|}; foreach (var e in d.RootElement.EnumerateArray()) { return () => e.GetString(); } return null; }")]
    [InlineData("public IEnumerable<Func<int>> D(string s) { var d = {|JP0007:JsonDocument.Parse(s)|}; var root = d.RootElement; yield return () => root.GetArrayLength(); }")]
    [InlineData("public void E(string s, out JsonElement kept) { var d = {|JP0007:JsonDocument.Parse(s)|}; d.RootElement.TryGetProperty(\"a\", out kept); }")]
    public Task Offers_no_fix_when_an_element_leaves_through_a_closure_a_ref_or_with_nothing_to_clone(string member)
    {
        var source = Members.Replace("MEMBER", member);
        return Verify.VerifyFixAsync(source, source);
    }

    [Fact]
    public Task Fix_all_in_a_document_over_every_shape_compiles()
        => Verify.VerifyFixAllAsync("""
            using System;
            using System.Collections.Generic;
            using System.IO;
            using System.Text.Json;

            public class C
            {
                private static JsonElement s_kept;

                public JsonElement M(Stream a, Stream b, string c, byte[] e)
                {
                    var names = {|JP0007:JsonDocument.Parse(a)|}.RootElement.EnumerateObject();
                    var tags = {|JP0007:JsonDocument.Parse(b)|}.RootElement.GetProperty("tags");
                    foreach (var n in names)
                    {
                        Console.WriteLine(n.Name + tags.GetArrayLength());
                    }

                    var doc = {|JP0007:JsonDocument.Parse(c)|};
                    s_kept = doc.RootElement.GetProperty("kept");
                    Console.WriteLine({|JP0007:JsonDocument.Parse(e)|}.RootElement.GetArrayLength());
                    return tags;
                }

                public bool N(string json)
                {
                    var doc = {|JP0007:JsonDocument.Parse(json)|};
                    return doc.RootElement.TryGetProperty("x", out _);
                }

                public JsonElement O(string json) => {|JP0007:JsonDocument.Parse(json)|}.RootElement;
            }
            """, """
            using System;
            using System.Collections.Generic;
            using System.IO;
            using System.Text.Json;

            public class C
            {
                private static JsonElement s_kept;

                public JsonElement M(Stream a, Stream b, string c, byte[] e)
                {
                    using var document = JsonDocument.Parse(a);
                    var names = document.RootElement.EnumerateObject();
                    using var document2 = JsonDocument.Parse(b);
                    var tags = document2.RootElement.GetProperty("tags");
                    foreach (var n in names)
                    {
                        Console.WriteLine(n.Name + tags.GetArrayLength());
                    }

                    using var doc = JsonDocument.Parse(c);
                    s_kept = doc.RootElement.GetProperty("kept").Clone();
                    Console.WriteLine(JsonElement.Parse(e).GetArrayLength());
                    return tags.Clone();
                }

                public bool N(string json)
                {
                    using var doc = JsonDocument.Parse(json);
                    return doc.RootElement.TryGetProperty("x", out _);
                }

                public JsonElement O(string json) => JsonElement.Parse(json);
            }
            """);
}
