using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0002;

/// <summary>
/// Nullable annotations the generated metadata cannot carry (a type argument <c>string?</c> registered as
/// <c>typeof(...)</c>): the fix must add no warning on any target, the oldest included, whose generator annotates
/// the <c>JsonTypeInfo&lt;T&gt;</c> properties it writes (the fix guarantees compile net8.0 and netstandard2.0 too).
/// </summary>
public partial class FixTests
{
    [Theory]
    [InlineData("JsonSerializer.Deserialize<IDictionary<string, string?>>(json: raw!, Options)")]
    [InlineData("JsonSerializer.Deserialize<List<string?>>(raw!, Options)")]
    [InlineData("JsonSerializer.Deserialize<Settings?>(raw!, Options)")]
    public async Task Nested_nullable_annotations_add_no_warning_on_the_oldest_targets(string call)
    {
        var source = $$"""
            #nullable enable
            using System.Collections.Generic;
            using System.Text.Json;

            public sealed class Settings { public string? Name { get; set; } }

            public static class Reader
            {
                private static readonly JsonSerializerOptions Options = new(JsonSerializerDefaults.Web);

                public static object? Read(string? raw) => {{call}};
            }
            """;
        var (solution, id) = CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        solution = solution.WithProjectCompilationOptions(id.ProjectId, ((Microsoft.CodeAnalysis.CSharp.CSharpCompilationOptions)solution.GetProject(id.ProjectId)!.CompilationOptions!).WithNullableContextOptions(NullableContextOptions.Enable));
        Assert.Single(await JP0002Async(solution));

        var after = await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer);

        Assert.Empty(await JP0002Async(after));
        await SourceGeneration.CompileAsync(after.GetProject(id.ProjectId)!);
    }
}
