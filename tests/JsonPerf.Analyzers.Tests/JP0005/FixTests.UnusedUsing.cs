using System.Threading.Tasks;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.Utf16DetourAnalyzer,
    JsonPerf.CodeFixes.Utf16DetourFixer>;

namespace JsonPerf.Analyzers.Tests.JP0005;

/// <summary>
/// The fix takes <c>Encoding.UTF8</c> away; where that was the file's last use of <c>System.Text</c>, its using goes
/// too (an unused using is IDE0005, an error where a project enforces code style under TreatWarningsAsErrors; found on
/// anthropic-sdk-csharp). Kept where anything else still uses it, where it was unused before the fix, and in a file
/// with <c>#if</c> (another target may use it).
/// </summary>
public partial class FixTests
{
    private const string UsingBody = """
        public class C
        {
            public byte[] M(int[] x) => {|JP0005:Encoding.UTF8.GetBytes(JsonSerializer.Serialize(x))|};
        }
        """;

    private const string UsingBodyFixed = """
        public class C
        {
            public byte[] M(int[] x) => JsonSerializer.SerializeToUtf8Bytes(x);
        }
        """;

    [Fact]
    public Task Removes_the_using_the_fix_left_unused_and_keeps_the_header_above_it()
        => Verify.VerifyFixAsync("""
            // Copyright header.
            #pragma warning disable CS1591
            using System.Text;
            using System.Text.Json;

            """ + UsingBody, """
            // Copyright header.
            #pragma warning disable CS1591
            using System.Text.Json;

            """ + UsingBodyFixed);

    [Fact]
    public Task Removes_a_using_inside_the_namespace_with_its_line()
        => Verify.VerifyFixAsync("""
            namespace Shop
            {
                using System.Text;
                using System.Text.Json;

            """ + UsingBody + "\n}\n", """
            namespace Shop
            {
                using System.Text.Json;

            """ + UsingBodyFixed + "\n}\n");

    [Theory]
    [InlineData("public string N(byte[] b) => Encoding.ASCII.GetString(b);")]
    [InlineData("public StringBuilder N() => new StringBuilder();")]
    public Task Keeps_the_using_where_the_file_still_uses_it(string member)
    {
        const string Usings = "using System.Text;\nusing System.Text.Json;\n\n";
        return Verify.VerifyFixAsync(
            Usings + UsingBody.Replace("public byte[] M", member + "\n    public byte[] M", System.StringComparison.Ordinal),
            Usings + UsingBodyFixed.Replace("public byte[] M", member + "\n    public byte[] M", System.StringComparison.Ordinal));
    }

    [Fact]
    public Task Keeps_the_using_in_a_file_with_conditional_code()
        => Verify.VerifyFixAsync("""
            using System.Text;
            using System.Text.Json;

            #if NEVER_DEFINED
            public class D { public Encoding E => Encoding.UTF8; }
            #endif
            """ + "\n" + UsingBody, """
            using System.Text;
            using System.Text.Json;

            #if NEVER_DEFINED
            public class D { public Encoding E => Encoding.UTF8; }
            #endif
            """ + "\n" + UsingBodyFixed);

    [Fact]
    public Task Keeps_a_using_that_was_unused_before_the_fix()
        => Verify.VerifyFixAsync("""
            using System.Text;
            using System.Text.Json;

            public class C
            {
                public byte[] M(int[] x) => {|JP0005:System.Text.Encoding.UTF8.GetBytes(JsonSerializer.Serialize(x))|};
            }
            """, """
            using System.Text;
            using System.Text.Json;

            public class C
            {
                public byte[] M(int[] x) => JsonSerializer.SerializeToUtf8Bytes(x);
            }
            """);

    [Fact]
    public Task Fix_all_removes_the_using_once_the_last_site_is_fixed()
        => Verify.VerifyFixAllAsync("""
            using System.Text;
            using System.Text.Json;

            public class C
            {
                public byte[] M(int[] x) => {|JP0005:Encoding.UTF8.GetBytes(JsonSerializer.Serialize(x))|};
                public byte[] N(string[] y) => {|JP0005:Encoding.UTF8.GetBytes(JsonSerializer.Serialize(y))|};
            }
            """, """
            using System.Text.Json;

            public class C
            {
                public byte[] M(int[] x) => JsonSerializer.SerializeToUtf8Bytes(x);
                public byte[] N(string[] y) => JsonSerializer.SerializeToUtf8Bytes(y);
            }
            """);
}
