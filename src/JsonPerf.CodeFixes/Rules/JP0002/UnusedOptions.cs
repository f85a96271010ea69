namespace JsonPerf.CodeFixes;

/// <summary>Static options a mirroring context replaced: removed once private and used by nothing.</summary>
internal static class UnusedOptions
{
    /// <summary>Each member nothing uses, all judged on one compilation (removing one takes no use of another away).</summary>
    public static async Task<Solution> RemoveUnusedAsync(Solution solution, ProjectId projectId, IEnumerable<ISymbol> members, CancellationToken cancellationToken)
    {
        var removals = new List<SyntaxNode>();
        foreach (var member in members)
        {
            if (await RemovableAsync(solution, projectId, member, cancellationToken).ConfigureAwait(false) is { } removed)
            {
                removals.Add(removed);
            }
        }

        // Every declarator of one field declaration: the declaration goes.
        var removedNodes = new HashSet<SyntaxNode>(removals);
        removals = removals
            .Select(r => r is VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Parent: FieldDeclarationSyntax field } declaration } && declaration.Variables.All(removedNodes.Contains) ? field : r)
            .Distinct()
            .ToList();
        foreach (var inTree in removals.GroupBy(r => r.SyntaxTree))
        {
            if (solution.GetDocumentId(inTree.Key) is not { } id)
            {
                continue;
            }

            var root = inTree.Key.GetRoot(cancellationToken).TrackNodes(inTree);
            foreach (var removed in inTree)
            {
                if (root.GetCurrentNode(removed) is { } current && Remove(root, current) is { } newRoot)
                {
                    root = newRoot;
                }
            }

            solution = solution.WithDocumentSyntaxRoot(id, root);
        }

        return solution;
    }

    private static async Task<SyntaxNode?> RemovableAsync(Solution solution, ProjectId projectId, ISymbol member, CancellationToken cancellationToken)
    {
        if (member.DeclaredAccessibility != Accessibility.Private
            || member is not (IFieldSymbol or IPropertySymbol)
            || solution.GetProject(projectId) is not { } project
            || await project.GetCompilationAsync(cancellationToken).ConfigureAwait(false) is not { } compilation
            || ResolverBinding.FindAgain(compilation, member) is not { DeclaringSyntaxReferences.Length: 1, ContainingType: { } type } current)
        {
            return null;
        }

        // Unbound names count as uses too: the code may not compile yet.
        if (type.DeclaringSyntaxReferences.Any(part => part.GetSyntax(cancellationToken).DescendantNodes().OfType<IdentifierNameSyntax>().Any(identifier =>
                identifier.Identifier.ValueText == member.Name
                && (compilation.GetSemanticModel(part.SyntaxTree).GetSymbolInfo(identifier, cancellationToken).Symbol is not { } referenced
                    || SymbolEqualityComparer.Default.Equals(referenced.OriginalDefinition, current)))))
        {
            return null;
        }

        return current.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) switch
        {
            VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Variables.Count: 1, Parent: FieldDeclarationSyntax field } } => field,
            VariableDeclaratorSyntax declarator => declarator,
            PropertyDeclarationSyntax property => property,
            _ => null,
        };
    }

    /// <summary>As a person would: a first member's blank line does not stay behind after the type's <c>{</c>.</summary>
    private static SyntaxNode? Remove(SyntaxNode root, SyntaxNode member)
    {
        if (member is not MemberDeclarationSyntax declaration || member.Parent is not TypeDeclarationSyntax type || type.Members.IndexOf(declaration) != 0 || type.Members.Count < 2)
        {
            return root.RemoveNode(member, SyntaxRemoveOptions.KeepNoTrivia);
        }

        var next = type.Members[1];
        var tracked = root.TrackNodes(member, next);
        if (tracked.RemoveNode(tracked.GetCurrentNode(member)!, SyntaxRemoveOptions.KeepNoTrivia) is not { } removed
            || removed.GetCurrentNode(next) is not { } current)
        {
            return null;
        }

        var leading = current.GetLeadingTrivia();
        var blank = leading.TakeWhile(t => t.IsKind(SyntaxKind.WhitespaceTrivia) || t.IsKind(SyntaxKind.EndOfLineTrivia)).ToList().FindLastIndex(t => t.IsKind(SyntaxKind.EndOfLineTrivia)) + 1;
        return removed.ReplaceNode(current, current.WithLeadingTrivia(leading.Skip(blank)));
    }
}
