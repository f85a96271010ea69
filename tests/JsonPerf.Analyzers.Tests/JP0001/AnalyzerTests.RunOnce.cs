using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonSerializerOptionsCreatedPerCallAnalyzer,
    JsonPerf.CodeFixes.JsonSerializerOptionsCreatedPerCallFixer>;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>Code that runs once through a Lazy's factory, an immediately invoked lambda or a private method only run from such code.</summary>
public partial class AnalyzerTests
{
    public static TheoryData<string, string> RunOnceMembers() => Cases.WithLanguageVersions(
        // A Lazy's factory: a method group, a lambda, with a thread-safety mode; in a static field, a static property, a static constructor.
        "static readonly Lazy<string> s_schema = new Lazy<string>(BuildSchema); private static string BuildSchema() { return JsonSerializer.Serialize(1, new JsonSerializerOptions { WriteIndented = true }); }",
        "static readonly Lazy<string> s_schema = new Lazy<string>(() => JsonSerializer.Serialize(1, new JsonSerializerOptions { WriteIndented = true }));",
        "static readonly Lazy<string> s_schema = new Lazy<string>(() => BuildSchema()); private static string BuildSchema() { var o = new JsonSerializerOptions(); o.WriteIndented = true; return JsonSerializer.Serialize(1, o); }",
        "static readonly Lazy<string> s_schema = new Lazy<string>(BuildSchema, System.Threading.LazyThreadSafetyMode.PublicationOnly); private static string BuildSchema() { return JsonSerializer.Serialize(1, new JsonSerializerOptions()); }",
        "static Lazy<string> Schema { get; } = new Lazy<string>(BuildSchema, true); private static string BuildSchema() { return JsonSerializer.Serialize(1, new JsonSerializerOptions()); }",
        "static readonly Lazy<string> s_schema; static C() { s_schema = new Lazy<string>(BuildSchema); } private static string BuildSchema() { return JsonSerializer.Serialize(1, new JsonSerializerOptions()); }",
        // Called from a static initializer or constructor, directly or through another private method only called there.
        "static readonly string s_json = BuildSchema(); private static string BuildSchema() { return JsonSerializer.Serialize(1, new JsonSerializerOptions()); }",
        "static C() { Warm(); } private static void Warm() { JsonSerializer.Serialize(1, new JsonSerializerOptions()); }",
        "static readonly string s_json = Outer(); private static string Outer() { return Inner(); } private static string Inner() { return JsonSerializer.Serialize(1, new JsonSerializerOptions()); }",
        "static readonly Lazy<string> s_a = new Lazy<string>(BuildSchema); static readonly string s_b = BuildSchema(); private static string BuildSchema() { return JsonSerializer.Serialize(1, new JsonSerializerOptions()); }",
        // Instance initializers run once per object, as the rule treats them (never reported): a Lazy there, or a private method only they call.
        "private readonly Lazy<string> _schema = new Lazy<string>(() => JsonSerializer.Serialize(1, new JsonSerializerOptions()));",
        "private readonly string _json = BuildSchema(); private static string BuildSchema() { return JsonSerializer.Serialize(1, new JsonSerializerOptions()); }",
        "public string Json { get; } = BuildSchema(); private static string BuildSchema() { return JsonSerializer.Serialize(1, new JsonSerializerOptions()); }",
        // An immediately invoked lambda in a static initializer.
        "static readonly string s_json = ((Func<string>)(() => JsonSerializer.Serialize(1, new JsonSerializerOptions())))();");

    public static TheoryData<string, string> StillPerCallMembers() => Cases.WithLanguageVersions(
        // A stored delegate may be invoked per call.
        "static readonly Func<string> s_make = () => JsonSerializer.Serialize(1, {|JP0001:new JsonSerializerOptions()|});",
        "static readonly Func<string> s_make = BuildSchema; private static string BuildSchema() { return JsonSerializer.Serialize(1, {|JP0001:new JsonSerializerOptions()|}); }",
        // A Lazy built per call runs its factory per call; a loop inside the factory runs per item.
        "string PerCall() { return new Lazy<string>(BuildSchema).Value; } private static string BuildSchema() { return JsonSerializer.Serialize(1, {|JP0001:new JsonSerializerOptions()|}); }",
        "string PerCall() { return new Lazy<string>(() => JsonSerializer.Serialize(1, {|JP0001:new JsonSerializerOptions()|})).Value; }",
        "static readonly Lazy<int> s_n = new Lazy<int>(() => { foreach (var i in new[] { 1, 2 }) { JsonSerializer.Serialize(i, {|JP0001:new JsonSerializerOptions()|}); } return 2; });",
        // Also called per call, not private, passed on, or named: may run any number of times.
        "static readonly Lazy<string> s_schema = new Lazy<string>(BuildSchema); private static string BuildSchema() { return JsonSerializer.Serialize(1, {|JP0001:new JsonSerializerOptions()|}); } string Again() { return BuildSchema(); }",
        "static readonly Lazy<string> s_schema = new Lazy<string>(BuildSchema); internal static string BuildSchema() { return JsonSerializer.Serialize(1, {|JP0001:new JsonSerializerOptions()|}); }",
        "static readonly Lazy<string> s_schema = new Lazy<string>(BuildSchema); private static string BuildSchema() { return JsonSerializer.Serialize(1, {|JP0001:new JsonSerializerOptions()|}); } static void Pass() { Task.Run(BuildSchema); }",
        "static readonly string s_name = nameof(BuildSchema); private static string BuildSchema() { return JsonSerializer.Serialize(1, {|JP0001:new JsonSerializerOptions()|}); }",
        // A generic method also called per call, with its type argument written out.
        "static readonly string s_json = Make(0); private static string Make<T>(T value) { return JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions()|}); } string PerCall() { return Make<int>(1); }",
        "private static string Unused() { return JsonSerializer.Serialize(1, {|JP0001:new JsonSerializerOptions()|}); }",
        "static readonly string s_json = Recurse(1); private static string Recurse(int n) { return n == 0 ? JsonSerializer.Serialize(1, {|JP0001:new JsonSerializerOptions()|}) : Recurse(n - 1); }",
        "static readonly string s_json = A(); private static string A() { return B(); } private static string B() { return D(); } private static string D() { return E(); } private static string E() { return JsonSerializer.Serialize(1, {|JP0001:new JsonSerializerOptions()|}); }");

    [Theory]
    [MemberData(nameof(RunOnceMembers))]
    public Task Does_not_report_code_that_runs_once_through_Lazy_static_initializers_and_private_methods(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InClass(snippet), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(StillPerCallMembers))]
    public Task Reports_stored_delegates_per_call_Lazies_and_methods_also_run_otherwise(string snippet, string languageVersion)
        => Verify.VerifyAnalyzerAsync(Snippets.InClass(snippet), Cases.Parse(languageVersion));

    [Fact]
    public Task A_target_typed_Lazy_runs_its_method_group_once()
        => Verify.VerifyAnalyzerAsync(Snippets.InClass("""
            static readonly Lazy<string> s_schema = new(BuildSchema);
            static readonly Lazy<string> s_other = new(() => JsonSerializer.Serialize(2, new JsonSerializerOptions()), System.Threading.LazyThreadSafetyMode.None);
            private static string BuildSchema() => JsonSerializer.Serialize(1, new JsonSerializerOptions { WriteIndented = true });
            """));

    [Fact]
    public Task A_private_method_called_only_from_Main_outside_loops_runs_once()
        => Verify.VerifyAnalyzerAsync(
            Snippets.Usings + """
            public static class Program
            {
                public static void Main() { Print(); for (var i = 0; i < 2; i++) { Loop(); } }
                private static void Print() { Console.WriteLine(JsonSerializer.Serialize(1, new JsonSerializerOptions())); }
                private static void Loop() { Console.WriteLine(JsonSerializer.Serialize(1, {|JP0001:new JsonSerializerOptions()|})); }
            }
            """,
            outputKind: Microsoft.CodeAnalysis.OutputKind.ConsoleApplication);

    [Fact]
    public Task A_factory_call_in_a_Lazy_factory_method_is_not_reported()
        => Verify.VerifyAnalyzerAsync(Snippets.InClass("""
            static readonly Lazy<string> s_schema = new Lazy<string>(BuildSchema);
            private static string BuildSchema() { return JsonSerializer.Serialize(1, MakeOptions()); }
            private string PerCall() { return JsonSerializer.Serialize(2, {|JP0001:MakeOptions()|}); }
            static JsonSerializerOptions MakeOptions() { return new JsonSerializerOptions { WriteIndented = true }; }
            """));
}
