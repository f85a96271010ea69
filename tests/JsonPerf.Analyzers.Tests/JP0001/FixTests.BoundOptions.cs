using JsonPerf.Analyzers.Tests.Infrastructure.Guarantees;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>
/// Options handed to a JsonSerializerContext's constructor become the context's own: shared, they throw
/// (<c>JsonSerializerOptions.Default</c> is read-only; a second context on one instance throws). The fix caches the
/// context, or offers nothing. Each program runs every call twice, with the real source generator, before and after
/// Fix All.
/// </summary>
public partial class FixTests
{
    private const string ContextProgram = """
        using System;
        using System.Text.Json;
        using System.Text.Json.Serialization;
        using System.Text.Json.Serialization.Metadata;

        public static partial class Program
        {
            public static void Main()
            {
                Console.WriteLine("marker");
                for (var i = 0; i < 2; i++)
                {
                    Console.WriteLine(Write(Order.Sample(i)));
                }
            }

        MEMBERS
        }

        [JsonSerializable(typeof(Order))]
        internal partial class ShopContext : JsonSerializerContext
        {
        }

        """ + Model;

    public static TheoryData<string> ContextsCachedByTheFix() => new()
    {
        // Inline, with and without settings.
        "private static string Write(Order order) => JsonSerializer.Serialize(order, new ShopContext(new JsonSerializerOptions { WriteIndented = true }).Order);",
        "private static string Write(Order order) => JsonSerializer.Serialize(order, new ShopContext(new JsonSerializerOptions()).Order);",
        "private static string Write(Order order) => JsonSerializer.Serialize(order, new ShopContext(new JsonSerializerOptions(JsonSerializerDefaults.Web)).Order);",
        "private static string Write(Order order) => JsonSerializer.Serialize(order, typeof(Order), new ShopContext(new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase }));",
        // Through a local, as a real repository had it: with settings, without, and configured by statements.
        """
        private static string Write(Order order)
        {
            var options = new JsonSerializerOptions(JsonSerializerDefaults.General) { WriteIndented = true };
            var context = new ShopContext(options);
            return JsonSerializer.Serialize(order, context.Order);
        }
        """,
        """
        private static string Write(Order order)
        {
            var options = new JsonSerializerOptions();
            var context = new ShopContext(options);
            return JsonSerializer.Serialize(order, context.Order);
        }
        """,
        """
        private static string Write(Order order)
        {
            var options = new JsonSerializerOptions();
            options.PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower;
            options.Converters.Add(new JsonStringEnumConverter());
            var context = new ShopContext(options);
            var json = JsonSerializer.Serialize(order, context.Order);
            return json + " " + JsonSerializer.Deserialize(json, (JsonTypeInfo<Order>)context.GetTypeInfo(typeof(Order))).Status;
        }
        """,
        """
        private static string Write(Order order)
        {
            ShopContext context = new(new JsonSerializerOptions(JsonSerializerDefaults.Web));
            return JsonSerializer.Serialize(order, context.Order);
        }
        """,
    };

    [Theory]
    [MemberData(nameof(ContextsCachedByTheFix))]
    public async Task Options_passed_to_a_context_constructor_get_the_context_cached_and_run_the_same(string members)
    {
        var program = ContextProgram.Replace("MEMBERS", members);
        var fixedProgram = await AssertSameOutputWithContextAsync(program, FixAllScope.Solution);

        Assert.Matches(new Regex(@"private static readonly ShopContext \w+ = new"), fixedProgram);
        Assert.DoesNotContain("new ShopContext(JsonSerializerOptions.", fixedProgram);
        Assert.DoesNotContain("JsonSerializerOptions options", fixedProgram);
        Assert.DoesNotContain("var options", fixedProgram);
    }

    public static TheoryData<string> ContextsTheFixLeavesAlone() => new()
    {
        // A wrapper of the project's own builds the context: the options it is handed are bound there.
        """
        private static string Write(Order order) => WriteWith(order, new JsonSerializerOptions { WriteIndented = true });

        private static string WriteWith(Order order, JsonSerializerOptions options) => JsonSerializer.Serialize(order, new ShopContext(options).Order);
        """,
        // A factory's options go to a context (one call) and to the serializer (another): caching the factory breaks the first.
        """
        private static JsonSerializerOptions CreateOptions() => new JsonSerializerOptions();

        private static string Write(Order order) => JsonSerializer.Serialize(order, new ShopContext(CreateOptions()).Order) + JsonSerializer.Serialize(order.Id, CreateOptions());
        """,
        // A getter's options go to a context.
        """
        private static JsonSerializerOptions Options => new JsonSerializerOptions { WriteIndented = true };

        private static string Write(Order order) => JsonSerializer.Serialize(order, new ShopContext(Options).Order);
        """,
        // Reaching a local by assignment: replaced where it stands, it would be bound by every call.
        """
        private static string Write(Order order)
        {
            JsonSerializerOptions options;
            options = new JsonSerializerOptions { WriteIndented = true };
            return JsonSerializer.Serialize(order, new ShopContext(options).Order);
        }
        """,
        // The context escapes (returned): who holds it is not known.
        """
        private static ShopContext Context() => new ShopContext(new JsonSerializerOptions { WriteIndented = true });

        private static string Write(Order order) => JsonSerializer.Serialize(order, Context().Order);
        """,
        // The options are used besides the context.
        """
        private static string Write(Order order)
        {
            var options = new JsonSerializerOptions { WriteIndented = true };
            var context = new ShopContext(options);
            var json = JsonSerializer.Serialize(order, context.Order);
            return json + JsonSerializer.Deserialize<Order>(json, options).CustomerName;
        }
        """,
    };

    [Theory]
    [MemberData(nameof(ContextsTheFixLeavesAlone))]
    public async Task Options_bound_to_a_context_the_fix_cannot_cache_are_left_as_they_are(string members)
    {
        var program = ContextProgram.Replace("MEMBERS", members);
        var (before, after) = await FixAllWithGeneratorAsync(program, FixAllScope.Solution);
        Assert.Equal(program, await TextOfAsync(after));

        // Still reported: the per-call cost is real.
        Assert.NotEmpty(await JP0001DiagnosticsAsync(before));
        Assert.StartsWith("marker", Encoding.UTF8.GetString(ProgramRunner.Run(await SourceGeneration.CompileAsync(before))));
    }

    public static TheoryData<string> PrivateHelpersWhoseOptionsAContextBinds() => new()
    {
        // The factory's other call builds a context on its options: the call that only reads them claims no fix either.
        """
        private static JsonSerializerOptions CreateOptions() => new JsonSerializerOptions();

        private static string Write(Order order) => JsonSerializer.Serialize(order, new ShopContext(CreateOptions()).Order) + JsonSerializer.Serialize(order.Id, CreateOptions());
        """,
        // The getter's options go to a context.
        """
        private static JsonSerializerOptions Options => new JsonSerializerOptions { WriteIndented = true };

        private static string Write(Order order) => JsonSerializer.Serialize(order, new ShopContext(Options).Order);
        """,
    };

    /// <summary>
    /// A private factory or getter is read in its type only, so the analyzer reads its uses as the fix does: where one
    /// binds the options to a context, every site says so and claims no fix (the fix leaves them, the test above).
    /// </summary>
    [Theory]
    [MemberData(nameof(PrivateHelpersWhoseOptionsAContextBinds))]
    public async Task A_private_helper_whose_options_a_context_binds_says_why_at_every_site(string members)
    {
        var (solution, id) = FixRunner.CreateProject(ContextProgram.Replace("MEMBERS", members), OutputKind.ConsoleApplication, TestReferences.Net10);
        var diagnostics = await JP0001DiagnosticsAsync(SourceGeneration.WithGenerator(solution.GetProject(id.ProjectId)!));

        Assert.NotEmpty(diagnostics);
        Assert.All(diagnostics, d =>
        {
            Assert.False(d.Properties.ContainsKey(DiagnosticProperties.FixKind), d.ToString());
            Assert.EndsWith(Rules.NoFixOptionsBoundToContext, d.GetMessage(), System.StringComparison.Ordinal);
        });
    }

    public static TheoryData<string> OptionsChangedByTheProjectsOwnMethods() => new()
    {
        """
        private static string Write(Order order) => Indented(order, new JsonSerializerOptions());

        private static string Indented(Order order, JsonSerializerOptions options)
        {
            options.WriteIndented = true;
            return JsonSerializer.Serialize(order, options);
        }
        """,
        """
        private static string Write(Order order)
        {
            var options = new JsonSerializerOptions { WriteIndented = true };
            AddEnums(options);
            return JsonSerializer.Serialize(order, options);
        }

        private static void AddEnums(JsonSerializerOptions options) => options.Converters.Add(new JsonStringEnumConverter());
        """,
        """
        private static string Write(Order order) => WithResolver(order, new JsonSerializerOptions { WriteIndented = true });

        private static string WithResolver(Order order, JsonSerializerOptions options)
        {
            options.TypeInfoResolverChain.Add(new DefaultJsonTypeInfoResolver());
            options.MakeReadOnly();
            return JsonSerializer.Serialize(order, options);
        }
        """,
        """
        private static JsonSerializerOptions s_last;

        private static string Write(Order order) => Keep(order, new JsonSerializerOptions { WriteIndented = true });

        private static string Keep(Order order, JsonSerializerOptions options)
        {
            s_last = options;
            return JsonSerializer.Serialize(order, options);
        }
        """,
    };

    /// <summary>
    /// A method of the project's own that changes or keeps the options it is handed is no wrapper: the creation passed to
    /// it is not reported (only what reaches readers is), so no fix shares what the method changes.
    /// </summary>
    [Theory]
    [MemberData(nameof(OptionsChangedByTheProjectsOwnMethods))]
    public async Task Options_passed_to_a_method_of_the_project_that_changes_or_keeps_them_get_no_fix(string members)
    {
        var program = ContextProgram.Replace("MEMBERS", members);
        var (before, after) = await FixAllWithGeneratorAsync(program, FixAllScope.Solution);
        Assert.Equal(program, await TextOfAsync(after));
        Assert.All(await JP0001DiagnosticsAsync(before), d => Assert.EndsWith(")", d.GetMessage()));
        Assert.StartsWith("marker", Encoding.UTF8.GetString(ProgramRunner.Run(await SourceGeneration.CompileAsync(before))));
    }

    [Fact]
    public async Task Fix_all_in_a_document_caches_each_context_once_and_compiles()
    {
        var program = ContextProgram.Replace("Write(Order.Sample(i))", "Write(Order.Sample(i)) + Again(Order.Sample(i)) + Camel(Order.Sample(i))").Replace("MEMBERS", """
            private static string Write(Order order) => JsonSerializer.Serialize(order, new ShopContext(new JsonSerializerOptions { WriteIndented = true }).Order);

            private static string Again(Order order)
            {
                var context = new ShopContext(new JsonSerializerOptions { WriteIndented = true });
                return JsonSerializer.Serialize(order, context.Order);
            }

            private static string Camel(Order order)
            {
                var options = new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase };
                var context = new ShopContext(options);
                return JsonSerializer.Serialize(order, context.Order);
            }
            """);
        var fixedProgram = await AssertSameOutputWithContextAsync(program, FixAllScope.Document);

        // Two distinct options: two contexts; the equal ones share one.
        Assert.Equal(2, Regex.Matches(fixedProgram, @"private static readonly ShopContext \w+ = new").Count);
        Assert.Equal(3, Regex.Matches(fixedProgram, @"Serialize\(order, \w+\.Order\)").Count);
    }

    /// <summary>Fix All, then the program before and after, each compiled with the source generator and run: same bytes, no JP0001 left.</summary>
    private static async Task<string> AssertSameOutputWithContextAsync(string program, FixAllScope scope)
    {
        var (before, after) = await FixAllWithGeneratorAsync(program, scope);
        var fixedProgram = await TextOfAsync(after);
        Assert.NotEqual(program, fixedProgram);
        Assert.Empty(await JP0001DiagnosticsAsync(after));

        var (expected, actual) = ProgramRunner.RunBeforeAndAfter(await SourceGeneration.CompileAsync(before), await SourceGeneration.CompileAsync(after));
        Assert.StartsWith("marker", Encoding.UTF8.GetString(expected));
        Assert.Equal(Encoding.UTF8.GetString(expected), Encoding.UTF8.GetString(actual));
        return fixedProgram;
    }

    private static async Task<(Project Before, Project After)> FixAllWithGeneratorAsync(string program, FixAllScope scope)
    {
        var (solution, id) = FixRunner.CreateProject(program, OutputKind.ConsoleApplication, TestReferences.Net10);
        var before = SourceGeneration.WithGenerator(solution.GetProject(id.ProjectId)!);
        var changed = await FixRunner.ApplyFixAllAsync(before.GetDocument(id)!, new JsonSerializerOptionsCreatedPerCallAnalyzer(), new JsonSerializerOptionsCreatedPerCallFixer(), scope);
        return (before, changed.GetProject(id.ProjectId)!);
    }

    private static async Task<string> TextOfAsync(Project project)
        => (await project.Documents.Single(d => d.Name == "Program.cs").GetTextAsync()).ToString();

    private static async Task<Diagnostic[]> JP0001DiagnosticsAsync(Project project)
        => (await FixRunner.GetDiagnosticsAsync(project, new JsonSerializerOptionsCreatedPerCallAnalyzer())).Where(d => d.Id == Rules.OptionsCreatedPerCallId).ToArray();
}
