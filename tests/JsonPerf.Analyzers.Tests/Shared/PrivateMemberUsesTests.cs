using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FindSymbols;

namespace JsonPerf.Analyzers.Tests.Shared;

/// <summary>
/// The fixes judge a private member by every reference to it (JP0001's factories, JP0002's and JP0003's options).
/// <see cref="PrivateMemberUses"/> reads them from the type's declarations instead of searching the solution (issue
/// 41: the search ran again after every keystroke): it must find what the search finds, in every part of the type, in
/// nested types, in <c>nameof</c> and <c>cref</c>, and in the other targets of a multi-targeted project.
/// </summary>
public class PrivateMemberUsesTests
{
    internal const string Part1 = """
        using System;
        using System.Text.Json;

        /// <summary>Uses <see cref="s_options"/> and <see cref="Create()"/>.</summary>
        public partial class Holder
        {
            private static readonly JsonSerializerOptions s_options = new() { WriteIndented = true };
            private static JsonSerializerOptions Create() => new JsonSerializerOptions();
            private static JsonSerializerOptions Options => s_options;

            public string A(object value) => JsonSerializer.Serialize(value, s_options);
            public string B(object value) => JsonSerializer.Serialize(value, Holder.s_options ?? Create());
            public string C() => nameof(s_options) + nameof(Options);

            private sealed class Inner
            {
                public string D(object value) => JsonSerializer.Serialize(value, Options) + Create().WriteIndented;
            }
        }
        """;

    internal const string Part2 = """
        using System;
        using System.Text.Json;

        public partial class Holder
        {
            public Func<JsonSerializerOptions> E() => Create;
        #if NET8_0
            public string F(object value) => JsonSerializer.Serialize(value, s_options);
        #else
            public string G(object value) => JsonSerializer.Serialize(value, Options);
        #endif
        }

        public class Elsewhere
        {
            // Another type's member of the same name: not a reference.
            private static readonly JsonSerializerOptions s_options = new();
            public string H(object value) => JsonSerializer.Serialize(value, s_options);
        }
        """;

    [Theory]
    [InlineData("s_options")]
    [InlineData("Create")]
    [InlineData("Options")]
    public async Task Finds_what_the_solution_wide_search_finds(string memberName)
    {
        var (solution, id) = FixRunner.CreateProject(Part1, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        solution = solution.AddDocument(DocumentId.CreateNewId(id.ProjectId), "Part2.cs", Part2, filePath: "/src/Part2.cs");
        var member = await MemberAsync(solution.GetProject(id.ProjectId)!, memberName);

        var read = await ReadAsync(member, solution);
        var searched = await SearchAsync(member, solution);
        Assert.NotEmpty(searched);
        Assert.Equal(searched, read);
    }

    [Theory]
    [InlineData("s_options")]
    [InlineData("Options")]
    public async Task Finds_the_uses_of_every_target_of_a_multi_targeted_project(string memberName)
    {
        var (solution, net10, net8) = MultiTarget.Create(OutputKind.DynamicallyLinkedLibrary, aspNet: false, generator: false, ("/src/Part1.cs", Part1), ("/src/Part2.cs", Part2));
        var member = await MemberAsync(solution.GetProject(net10)!, memberName);

        var read = await ReadAsync(member, solution);
        // Each target's uses, those under #if included: the other target's are in its own document of the shared file.
        Assert.Contains(read, r => r.StartsWith("Lib(net8.0)", System.StringComparison.Ordinal));
        Assert.Contains(read, r => r.StartsWith("Lib(net10.0)", System.StringComparison.Ordinal));
        Assert.Equal(await SearchAsync(member, solution), read);
    }

    [Fact]
    public async Task Stops_at_the_first_use_it_is_told_to_reject()
    {
        var (solution, id) = FixRunner.CreateProject(Part1, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var member = await MemberAsync(solution.GetProject(id.ProjectId)!, "s_options");
        var seen = 0;

        var accepted = await References.AllAsync(member, solution, _ => ++seen < 2, CancellationToken.None);

        Assert.False(accepted);
        Assert.Equal(2, seen);
    }

    [Fact]
    public async Task Leaves_members_the_compiler_may_use_unwritten_to_the_search()
    {
        var source = """
            using System.Collections;
            using System.Collections.Generic;

            public class Bag : IEnumerable<int>
            {
                private void Add(int value) { }
                public IEnumerator<int> GetEnumerator() => null;
                IEnumerator IEnumerable.GetEnumerator() => null;
                private static Bag Make() => new Bag { 1, 2 };
            }
            """;
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var add = await MemberAsync(solution.GetProject(id.ProjectId)!, "Add");

        Assert.Null(await PrivateMemberUses.AllAsync(add, solution, _ => true, CancellationToken.None));
        // The search sees the collection initializer's two implicit calls.
        Assert.Equal(2, (await SearchAsync(add, solution)).Count);
    }

    private static async Task<ISymbol> MemberAsync(Project project, string name)
        => (await project.GetCompilationAsync())!.GetTypeByMetadataName(name == "Add" ? "Bag" : "Holder")!.GetMembers(name).Single();

    private static async Task<List<string>> ReadAsync(ISymbol member, Solution solution)
    {
        var found = new List<string>();
        Assert.True(await PrivateMemberUses.AllAsync(member, solution, use =>
        {
            // The node is the name itself, in a cref too (the search's FindNode gives the declaration whose doc comment
            // holds the cref).
            Assert.Equal(member.Name, use.Node.ToString());
            found.Add(Describe(use.Document, use.Location));
            return true;
        }, CancellationToken.None));
        return found.Distinct().Order(System.StringComparer.Ordinal).ToList();
    }

    private static async Task<List<string>> SearchAsync(ISymbol member, Solution solution)
    {
        var found = new List<string>();
        foreach (var referenced in await SymbolFinder.FindReferencesAsync(member, solution))
        {
            foreach (var location in referenced.Locations)
            {
                found.Add(Describe(location.Document, location.Location));
            }
        }

        // The search lists a use of a shared file once per target's symbol; the reading, once.
        return found.Distinct().Order(System.StringComparer.Ordinal).ToList();
    }

    private static string Describe(Document document, Location location)
        => $"{document.Project.Name} {document.Name}:{location.GetLineSpan().StartLinePosition}";
}
