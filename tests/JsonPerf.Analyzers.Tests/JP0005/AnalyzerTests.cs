using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.Utf16DetourAnalyzer,
    JsonPerf.CodeFixes.Utf16DetourFixer>;

namespace JsonPerf.Analyzers.Tests.JP0005;

public partial class AnalyzerTests
{
    public static TheoryData<string, string> ReportedStatements() => Cases.WithLanguageVersions(
        // Through a local read nowhere else (fixed when the declaration comes right before; reported either way).
        "var s = JsonSerializer.Serialize(order); var b = {|JP0005:System.Text.Encoding.UTF8.GetBytes(s)|};",
        "var s = JsonSerializer.Serialize(order, options); Console.WriteLine(); var b = {|JP0005:System.Text.Encoding.UTF8.GetBytes(s)|};",
        // Framed by other text (a server-sent event): reported, never fixed.
        "var s = JsonSerializer.Serialize(order); var b = {|JP0005:System.Text.Encoding.UTF8.GetBytes($\"data: {s}\\n\\n\")|};",
        "var b = {|JP0005:System.Text.Encoding.UTF8.GetBytes(\"data: \" + JsonSerializer.Serialize(order, options) + \"\\n\\n\")|};",
        // The reading counterpart through a local read nowhere else: reported at Deserialize, never fixed.
        "var bytes = new byte[8]; var s = System.Text.Encoding.UTF8.GetString(bytes); var o = {|JP0005:JsonSerializer.Deserialize<Order>(s)|};",
        "var s = File.ReadAllText(json); Console.WriteLine(); var o = {|JP0005:JsonSerializer.Deserialize<Order>(s, options)|};",
        "var s = await client.GetStringAsync(json); var o = {|JP0005:JsonSerializer.Deserialize<Order>(s, s_shared)|};",
        "using (var response = await client.GetAsync(json)) { var body = await response.Content.ReadAsStringAsync(); var o = {|JP0005:JsonSerializer.Deserialize(body, typeof(Order), s_shared)|}; }",
        // Serialize, then transcode to UTF-8: every overload family.
        "var b = {|JP0005:System.Text.Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order))|};",
        "var b = {|JP0005:System.Text.Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order, options))|};",
        "var b = {|JP0005:System.Text.Encoding.UTF8.GetBytes(JsonSerializer.Serialize<Order>(order, s_shared))|};",
        "var b = {|JP0005:System.Text.Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order, (JsonTypeInfo<Order>)null))|};",
        "var b = {|JP0005:System.Text.Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order, (JsonTypeInfo)null))|};",
        "var b = {|JP0005:System.Text.Encoding.UTF8.GetBytes(JsonSerializer.Serialize((object)order, typeof(Order)))|};",
        "var b = {|JP0005:System.Text.Encoding.UTF8.GetBytes(JsonSerializer.Serialize((object)order, typeof(Order), new MyContext(s_shared)))|};",
        "var b = {|JP0005:System.Text.Encoding.UTF8.GetBytes((JsonSerializer.Serialize(order)))|};",
        "Func<Order, byte[]> f = x => {|JP0005:System.Text.Encoding.UTF8.GetBytes(JsonSerializer.Serialize(x))|};",
        // Write the string to a file (UTF-8 without a byte order mark).
        "{|JP0005:File.WriteAllText(\"a.json\", JsonSerializer.Serialize(order))|};",
        "{|JP0005:File.WriteAllText(json, JsonSerializer.Serialize(order, s_shared))|};",
        "await {|JP0005:File.WriteAllTextAsync(json, JsonSerializer.Serialize(order))|};",
        "await {|JP0005:File.WriteAllTextAsync(json, JsonSerializer.Serialize(order), default)|}.ConfigureAwait(false);",
        // Decode UTF-8 to a string, then deserialize it: reported, never fixed.
        "var o = {|JP0005:JsonSerializer.Deserialize<Order>(System.Text.Encoding.UTF8.GetString(new byte[0]))|};",
        "var bytes = new byte[8]; var o = {|JP0005:JsonSerializer.Deserialize<Order>(System.Text.Encoding.UTF8.GetString(bytes, 0, 4), options)|};",
        "var bytes = new byte[8]; var o = {|JP0005:JsonSerializer.Deserialize(System.Text.Encoding.UTF8.GetString(bytes), typeof(Order), new MyContext(s_shared))|};",
        "var bytes = new byte[8]; var o = {|JP0005:JsonSerializer.Deserialize(System.Text.Encoding.UTF8.GetString(new ReadOnlySpan<byte>(bytes)), (JsonTypeInfo<Order>)null)|};",
        "var o = {|JP0005:JsonSerializer.Deserialize<Order>(File.ReadAllText(json))|};",
        "var o = {|JP0005:JsonSerializer.Deserialize<Order>(await File.ReadAllTextAsync(json))|};",
        "var o = {|JP0005:JsonSerializer.Deserialize<Order>(await File.ReadAllTextAsync(json, default).ConfigureAwait(false), options)|};",
        "var o = {|JP0005:JsonSerializer.Deserialize<Order>(new StreamReader(stream).ReadToEnd())|};",
        "var o = {|JP0005:JsonSerializer.Deserialize<Order>(new StreamReader(stream, System.Text.Encoding.UTF8).ReadToEnd(), s_shared)|};",
        "var o = {|JP0005:JsonSerializer.Deserialize<Order>(await new StreamReader(stream).ReadToEndAsync())|};",
        "var o = {|JP0005:JsonSerializer.Deserialize<Order>(await new StreamReader(stream).ReadToEndAsync(default(System.Threading.CancellationToken)))|};",
        "var o = {|JP0005:JsonSerializer.Deserialize<Order>(await client.GetStringAsync(json))|};",
        "var o = {|JP0005:JsonSerializer.Deserialize<Order>(await client.GetStringAsync(new Uri(json), default), options)|};",
        "using (var response = await client.GetAsync(json)) { var o = {|JP0005:JsonSerializer.Deserialize<Order>(await response.Content.ReadAsStringAsync())|}; }",
        "using (var response = await client.GetAsync(json)) { var o = {|JP0005:JsonSerializer.Deserialize(await response.Content.ReadAsStringAsync(default).ConfigureAwait(false), typeof(Order), s_shared)|}; }",
        "var c = {|JP0005:new StringContent(JsonSerializer.Serialize(order), System.Text.Encoding.UTF8, \"application/json\")|};",
        "var c = {|JP0005:new StringContent(JsonSerializer.Serialize(order, options))|};",
        "await client.PostAsync(json, {|JP0005:new StringContent(JsonSerializer.Serialize(order, s_shared), System.Text.Encoding.UTF8, \"application/json\")|});");

    public static TheoryData<string, string> NotReportedStatements() => Cases.WithLanguageVersions(
        // The string is used for something else too.
        "var s = JsonSerializer.Serialize(order); Console.WriteLine(s); var b = System.Text.Encoding.UTF8.GetBytes(s);",
        "var s = JsonSerializer.Serialize(order); s += \"x\"; var b = System.Text.Encoding.UTF8.GetBytes(s);",
        "var s = order.Name; var b = System.Text.Encoding.UTF8.GetBytes(s);",
        "var s = JsonSerializer.Serialize(order); Console.WriteLine(s); var b = System.Text.Encoding.UTF8.GetBytes($\"data: {s}\\n\\n\");",
        "string s = null; s = JsonSerializer.Serialize(order); var b = System.Text.Encoding.UTF8.GetBytes(s);",
        "var s = JsonSerializer.Serialize(order); Func<string> f = () => s; var b = System.Text.Encoding.UTF8.GetBytes(s);",
        "var s = File.ReadAllText(json); Console.WriteLine(s); var o = JsonSerializer.Deserialize<Order>(s);",
        "var s = File.ReadAllText(json); var o = JsonSerializer.Deserialize<Order>(s); Console.WriteLine(s.Length);",
        "var s = File.ReadAllText(json); s = s.Trim(); var o = JsonSerializer.Deserialize<Order>(s);",
        "var s = System.Text.Encoding.Unicode.GetString(new byte[2]); var o = JsonSerializer.Deserialize<Order>(s);",
        "var s = order.Name; var o = JsonSerializer.Deserialize<Order>(s);",
        // Already UTF-8, or not JSON.
        "var b = JsonSerializer.SerializeToUtf8Bytes(order);",
        "var o = JsonSerializer.Deserialize<Order>(File.OpenRead(json));",
        "var b = System.Text.Encoding.UTF8.GetBytes(order.Name);",
        "var b = System.Text.Encoding.UTF8.GetBytes(order.ToString());",
        "var o = JsonSerializer.Deserialize<Order>(order.ToString());",
        // Other encodings, or an encoding chosen by the caller: not the same bytes.
        "var b = System.Text.Encoding.Unicode.GetBytes(JsonSerializer.Serialize(order));",
        "var b = new System.Text.UTF8Encoding(true).GetBytes(JsonSerializer.Serialize(order));",
        "var o = JsonSerializer.Deserialize<Order>(System.Text.Encoding.Latin1.GetString(new byte[0]));",
        "File.WriteAllText(json, JsonSerializer.Serialize(order), System.Text.Encoding.UTF8);",
        "var o = JsonSerializer.Deserialize<Order>(File.ReadAllText(json, System.Text.Encoding.UTF8));",
        "var o = JsonSerializer.Deserialize<Order>(new StringReader(json).ReadToEnd());",
        "var o = JsonSerializer.Deserialize<Order>(new StreamReader(json).ReadToEnd());",
        "using (var reader = new StreamReader(stream)) { var o = JsonSerializer.Deserialize<Order>(reader.ReadToEnd()); }",
        "File.AppendAllText(json, JsonSerializer.Serialize(order));",
        "var s = await client.GetStringAsync(json); Console.WriteLine(s); var o = JsonSerializer.Deserialize<Order>(s);",
        "var o = await client.GetFromJsonAsync<Order>(json, options);",
        "var o = JsonSerializer.Deserialize<Order>(client.GetStringAsync(json).Result);",
        "var c = new StringContent(order.Name, System.Text.Encoding.UTF8, \"application/json\");",
        "var c = JsonContent.Create(order, options: options);",
        "var b = System.Text.Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order).ToCharArray());",
        "System.Linq.Expressions.Expression<Func<Order, byte[]>> e = x => System.Text.Encoding.UTF8.GetBytes(JsonSerializer.Serialize(x, s_shared));");

    [Theory]
    [MemberData(nameof(ReportedStatements))]
    public Task Reports_json_taken_through_a_utf16_string(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InMethod(snippet), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(NotReportedStatements))]
    public Task Does_not_report_strings_used_elsewhere_utf8_calls_or_other_encodings(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InMethod(snippet), Cases.Parse(languageVersion));

    [Fact]
    public Task Reports_in_members_top_level_statements_and_using_static_calls()
        => Verify.VerifyAnalyzerAsync("""
            using System.Text;
            using System.Text.Json;
            using static System.IO.File;
            using static System.Text.Json.JsonSerializer;

            var bytes = {|JP0005:Encoding.UTF8.GetBytes(Serialize(new { A = 1 }))|};
            System.Console.WriteLine(bytes.Length);

            public class C
            {
                private static readonly byte[] s_bytes = {|JP0005:Encoding.UTF8.GetBytes(JsonSerializer.Serialize(new { B = 2 }))|};
                public int[] P => {|JP0005:Deserialize<int[]>(ReadAllText("a.json"))|};
                public void M(int[] x) => {|JP0005:WriteAllText("a.json", Serialize(x))|};
            }
            """, outputKind: Microsoft.CodeAnalysis.OutputKind.ConsoleApplication);

    [Fact]
    public Task Message_says_what_it_costs_and_what_to_call()
        => new Verify.Test
        {
            TestCode = Snippets.InMethod("""
                var b = {|#0:System.Text.Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order))|};
                var o = {|#1:JsonSerializer.Deserialize<Order>(System.Text.Encoding.UTF8.GetString(b))|};
                var p = {|#2:JsonSerializer.Deserialize<Order>(await new StreamReader(stream).ReadToEndAsync())|};
                var text = File.ReadAllText(json);
                var q = {|#3:JsonSerializer.Deserialize<Order>(text)|};
                """),
            ExpectedDiagnostics =
            {
                new Microsoft.CodeAnalysis.Testing.DiagnosticResult(Rules.Utf16Detour).WithLocation(0)
                    .WithArguments("Encoding.UTF8.GetBytes(JsonSerializer.Serialize(...))", "call JsonSerializer.SerializeToUtf8Bytes(...) instead", ""),
                new Microsoft.CodeAnalysis.Testing.DiagnosticResult(Rules.Utf16Detour).WithLocation(1)
                    .WithArguments("JsonSerializer.Deserialize(Encoding.UTF8.GetString(...))", "pass the bytes to Deserialize's ReadOnlySpan<byte> overload", Rules.NoFixInvalidUtf8),
                new Microsoft.CodeAnalysis.Testing.DiagnosticResult(Rules.Utf16Detour).WithLocation(2)
                    .WithArguments("JsonSerializer.Deserialize(new StreamReader(stream).ReadToEndAsync())", "await JsonSerializer.DeserializeAsync(stream, ...)", Rules.NoFixOnlyUtf8),
                new Microsoft.CodeAnalysis.Testing.DiagnosticResult(Rules.Utf16Detour).WithLocation(3)
                    .WithArguments("JsonSerializer.Deserialize(json) with json = File.ReadAllText(...)", "Deserialize from File.OpenRead(path) in a using", Rules.NoFixOnlyUtf8),
            },
        }.RunAsync();
}
