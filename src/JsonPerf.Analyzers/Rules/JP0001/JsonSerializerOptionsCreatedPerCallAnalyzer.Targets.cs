namespace JsonPerf.Analyzers;

/// <summary>JP0001 in a multi-targeted project: what its fix of a local rewrites that other targets compile differently.</summary>
public sealed partial class JsonSerializerOptionsCreatedPerCallAnalyzer
{
    /// <summary>The local's uses under <c>#if</c>, and the inactive branches of its scope that name it (other targets compile them).</summary>
    private static IEnumerable<Location> UsesUnderIf(IVariableDeclaratorOperation declarator, List<ILocalReferenceOperation> references)
    {
        var scope = declarator.Syntax.FirstAncestorOrSelf<LocalDeclarationStatementSyntax>()?.Parent;
        if (scope is GlobalStatementSyntax)
        {
            scope = scope.Parent;
        }

        if (scope is not { ContainsDirectives: true })
        {
            return Array.Empty<Location>();
        }

        var regions = ConditionalCompilation.Regions(scope.SyntaxTree.GetRoot());
        var name = declarator.Symbol.Name;
        var uses = references.Where(r => regions.Any(region => region.Contains(r.Syntax.SpanStart))).Select(r => r.Syntax.GetLocation()).ToList();
        foreach (var trivia in scope.DescendantTrivia(static n => n.ContainsDirectives))
        {
            if (trivia.IsKind(SyntaxKind.DisabledTextTrivia) && ConditionalCompilation.HasIdentifier(trivia.ToString(), name))
            {
                uses.Add(Location.Create(scope.SyntaxTree, trivia.Span));
            }
        }

        return uses;
    }
}
