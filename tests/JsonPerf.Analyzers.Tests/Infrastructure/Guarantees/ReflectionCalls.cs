using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace JsonPerf.Analyzers.Tests.Infrastructure.Guarantees;

/// <summary>
/// Property 2: the operations (invocations, object creations, property and method references) whose target member or
/// a type containing it is marked [RequiresUnreferencedCode] or [RequiresDynamicCode]: reflection a trimmed or native
/// AOT app cannot count on.
/// </summary>
internal static class ReflectionCalls
{
    /// <summary>
    /// Each such operation as "Member (line N)" (generated sources included: a fix can add a context), and how many
    /// <c>new JsonSerializerOptions(...)</c> the compilation has (see <see cref="Excess"/>).
    /// </summary>
    public static (List<string> Calls, int NewOptions) Find(Compilation compilation)
    {
        var found = new List<string>();
        var newOptions = 0;
        foreach (var tree in compilation.SyntaxTrees)
        {
            var model = compilation.GetSemanticModel(tree);
            var roots = new HashSet<IOperation>();
            foreach (var node in tree.GetRoot().DescendantNodesAndSelf().Where(IsBodyOwner))
            {
                // Climb to the root of the operation tree holding the node: each tree is then walked once.
                var operation = model.GetOperation(node);
                while (operation?.Parent is { } parent)
                {
                    operation = parent;
                }

                if (operation is not null)
                {
                    roots.Add(operation);
                }
            }

            foreach (var operation in roots.SelectMany(r => r.DescendantsAndSelf()))
            {
                if (operation is IObjectCreationOperation { Type: { Name: "JsonSerializerOptions" } created } && created.ContainingNamespace.ToDisplayString() == "System.Text.Json")
                {
                    newOptions++;
                }

                if (Target(operation) is { } member && IsMarked(member))
                {
                    found.Add($"{member.ToDisplayString()} (line {operation.Syntax.GetLocation().GetLineSpan().StartLinePosition.Line + 1})");
                }
            }
        }

        return (found, newOptions);
    }

    /// <summary>
    /// How many more such operations <paramref name="after"/> has than <paramref name="before"/>. One exception, paired:
    /// JsonSerializerOptions.Default and .Web are annotated for the reflection resolver they hold, and the
    /// <c>new JsonSerializerOptions(...)</c> JP0001's fix replaces with them holds the same one, unannotated.
    /// </summary>
    public static int Excess((List<string> Calls, int NewOptions) before, (List<string> Calls, int NewOptions) after)
    {
        var sharedOptions = Count(after.Calls, IsSharedOptions) - Count(before.Calls, IsSharedOptions);
        var replaced = System.Math.Max(0, System.Math.Min(sharedOptions, before.NewOptions - after.NewOptions));
        return after.Calls.Count - replaced - before.Calls.Count;

        static int Count(List<string> calls, System.Func<string, bool> which) => calls.Count(which);
        static bool IsSharedOptions(string call)
            => call.StartsWith("System.Text.Json.JsonSerializerOptions.Default (", System.StringComparison.Ordinal)
               || call.StartsWith("System.Text.Json.JsonSerializerOptions.Web (", System.StringComparison.Ordinal);
    }

    /// <summary>The members in <paramref name="after"/> beyond those in <paramref name="before"/> (lines ignored).</summary>
    public static IEnumerable<string> Added(List<string> before, List<string> after)
    {
        var left = before.Select(Member).GroupBy(m => m).ToDictionary(g => g.Key, g => g.Count());
        foreach (var call in after)
        {
            if (left.TryGetValue(Member(call), out var count) && count > 0)
            {
                left[Member(call)] = count - 1;
            }
            else
            {
                yield return call;
            }
        }

        static string Member(string call) => call.Substring(0, call.LastIndexOf(" (line ", System.StringComparison.Ordinal));
    }

    private static bool IsBodyOwner(SyntaxNode node)
        => node is CompilationUnitSyntax or BaseMethodDeclarationSyntax or AccessorDeclarationSyntax or ArrowExpressionClauseSyntax
            or EqualsValueClauseSyntax or GlobalStatementSyntax or AttributeSyntax or ConstructorInitializerSyntax or PrimaryConstructorBaseTypeSyntax;

    private static ISymbol? Target(IOperation operation) => operation switch
    {
        IInvocationOperation invocation => invocation.TargetMethod,
        IObjectCreationOperation creation => creation.Constructor,
        IPropertyReferenceOperation property => property.Property,
        IMethodReferenceOperation method => method.Method,
        _ => null,
    };

    private static bool IsMarked(ISymbol member)
    {
        var symbols = new List<ISymbol> { member };
        if (member is IMethodSymbol { ReducedFrom: { } extension })
        {
            symbols.Add(extension);
        }

        if (member is IPropertySymbol property)
        {
            symbols.AddRange(new ISymbol?[] { property.GetMethod, property.SetMethod }.OfType<ISymbol>());
        }

        for (var type = member.ContainingType; type is not null; type = type.ContainingType)
        {
            symbols.Add(type);
        }

        return symbols.Any(s => s.OriginalDefinition.GetAttributes().Any(IsRequires));
    }

    private static bool IsRequires(AttributeData attribute)
        => attribute.AttributeClass is { Name: "RequiresUnreferencedCodeAttribute" or "RequiresDynamicCodeAttribute" } type
            && type.ContainingNamespace.ToDisplayString() == "System.Diagnostics.CodeAnalysis";
}
