using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FindSymbols;

namespace JsonPerf.Analyzers.Tests.Shared;

/// <summary>
/// The analyzers judge a member by every name bound to it (<see cref="MemberUses"/>: JP0001's factories and getters,
/// JP0003's, JP0009's and JP0010's fields). A private member's uses are read from its type's declarations only (on a
/// 2,000-file project, reading every file per factory made JP0001 cost as much as binding): the names it judges must be
/// the ones the solution-wide search finds, in every part of the type and in nested types; an internal member's, in
/// every file.
/// </summary>
public class MemberUsesTests
{
    private const string Internal = """
        using System.Text.Json;

        internal static class Shared
        {
            internal static JsonSerializerOptions Options { get; } = new();

            private sealed class Nested
            {
                // A member of a private type: only the outer type's declarations can use it.
                internal static JsonSerializerOptions Make() => new();
                public string Use(object value) => JsonSerializer.Serialize(value, Make());
            }

            public static string Outer(object value) => JsonSerializer.Serialize(value, Nested.Make());
        }

        public class User
        {
            public string I(object value) => JsonSerializer.Serialize(value, Shared.Options);
        }
        """;

    [Theory]
    [InlineData("Holder", "s_options")]
    [InlineData("Holder", "Create")]
    [InlineData("Holder", "Options")]
    [InlineData("Shared", "Options")]
    [InlineData("Shared+Nested", "Make")]
    public async Task Judges_the_names_the_solution_wide_search_finds(string type, string memberName)
    {
        var (solution, id) = FixRunner.CreateProject(PrivateMemberUsesTests.Part1, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        solution = solution.AddDocument(DocumentId.CreateNewId(id.ProjectId), "Part2.cs", PrivateMemberUsesTests.Part2, filePath: "/src/Part2.cs");
        solution = solution.AddDocument(DocumentId.CreateNewId(id.ProjectId), "Internal.cs", Internal, filePath: "/src/Internal.cs");
        var compilation = (await solution.GetProject(id.ProjectId)!.GetCompilationAsync())!;
        var member = compilation.GetTypeByMetadataName(type)!.GetMembers(memberName).Single();

        var judged = new List<string>();
        Assert.True(MemberUses.All(member, compilation, (_, name) =>
        {
            judged.Add(Describe(name.GetLocation()));
            return true;
        }, CancellationToken.None));

        var searched = new List<string>();
        foreach (var referenced in await SymbolFinder.FindReferencesAsync(member, solution))
        {
            // A cref in a doc comment runs nothing: the analyzers do not judge it.
            searched.AddRange(referenced.Locations.Where(l => !InDocComment(l.Location)).Select(l => Describe(l.Location)));
        }

        Assert.NotEmpty(searched);
        Assert.Equal(searched.Distinct().Order(System.StringComparer.Ordinal), judged.Distinct().Order(System.StringComparer.Ordinal));
    }

    /// <summary>C# 14: the whole static class sees a private member of one of its extension blocks (the review's probe).</summary>
    [Fact]
    public async Task Judges_the_uses_of_a_private_extension_member_in_its_whole_class()
    {
        var source = """
            using System.Text.Json;

            internal static class E
            {
                extension(string)
                {
                    private static JsonSerializerOptions Opts => new();
                    public static string A(object v) => JsonSerializer.Serialize(v, string.Opts);
                }

                public static string B(object v) { var o = string.Opts; o.WriteIndented = true; return JsonSerializer.Serialize(v, o); }
            }
            """;
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var compilation = (await solution.GetProject(id.ProjectId)!.GetCompilationAsync())!;
        Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
        var member = compilation.GetTypeByMetadataName("E")!.GetTypeMembers().Single().GetMembers("Opts").Single();

        var judged = new List<string>();
        MemberUses.All(member, compilation, (_, name) =>
        {
            judged.Add(Describe(name.GetLocation()));
            return true;
        }, CancellationToken.None);

        Assert.Equal(2, judged.Count);
    }

    [Fact]
    public async Task Stops_at_the_first_name_it_is_told_to_reject()
    {
        var (solution, id) = FixRunner.CreateProject(PrivateMemberUsesTests.Part1, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var compilation = (await solution.GetProject(id.ProjectId)!.GetCompilationAsync())!;
        var member = compilation.GetTypeByMetadataName("Holder")!.GetMembers("s_options").Single();
        var seen = 0;

        Assert.False(MemberUses.All(member, compilation, (_, _) => ++seen < 2, CancellationToken.None));
        Assert.Equal(2, seen);
    }

    private static bool InDocComment(Location location)
        => location.SourceTree!.GetRoot().FindToken(location.SourceSpan.Start, findInsideTrivia: true).Parent!.AncestorsAndSelf().Any(a => a.IsStructuredTrivia);

    private static string Describe(Location location) => $"{location.SourceTree!.FilePath}:{location.GetLineSpan().StartLinePosition}";
}
