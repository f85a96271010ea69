namespace JsonPerf.CodeFixes;

/// <summary>
/// After JP0002's fix moved a call from static options to a context that mirrors them, the options member may be used
/// by nothing: a private one is then removed (nothing outside its type can reach it).
/// </summary>
internal static class UnusedOptions
{
    public static async Task<Solution> RemoveIfUnusedAsync(Solution solution, ProjectId projectId, ISymbol member, CancellationToken cancellationToken)
    {
        if (member.DeclaredAccessibility != Accessibility.Private
            || member is not (IFieldSymbol or IPropertySymbol)
            || member.ContainingType is not { } containing
            || solution.GetProject(projectId) is not { } project
            || await project.GetCompilationAsync(cancellationToken).ConfigureAwait(false) is not { } compilation
            || SymbolsAfterEdit.FindAgain(compilation, containing) is not { } type
            || type.GetMembers(member.Name).FirstOrDefault(m => m.Kind == member.Kind && m.IsStatic) is not { DeclaringSyntaxReferences.Length: 1 } current)
        {
            return solution;
        }

        // References: within the type's own declarations (partial parts and nested types included), by name and symbol.
        foreach (var part in type.DeclaringSyntaxReferences)
        {
            var root = await part.GetSyntaxAsync(cancellationToken).ConfigureAwait(false);
            var model = compilation.GetSemanticModel(part.SyntaxTree);
            foreach (var identifier in root.DescendantNodes().OfType<IdentifierNameSyntax>())
            {
                if (identifier.Identifier.ValueText == member.Name
                    && (model.GetSymbolInfo(identifier, cancellationToken).Symbol is not { } referenced || SymbolEqualityComparer.Default.Equals(referenced.OriginalDefinition, current)))
                {
                    // Unbound names count as uses too: the code may not compile yet.
                    return solution;
                }
            }
        }

        var declaration = await current.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false);
        SyntaxNode? removed = declaration switch
        {
            VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Variables.Count: 1, Parent: FieldDeclarationSyntax field } } => field,
            VariableDeclaratorSyntax declarator => declarator,
            PropertyDeclarationSyntax property => property,
            _ => null,
        };
        if (removed is null || solution.GetDocument(declaration.SyntaxTree) is not { } document
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } documentRoot
            || MemberRemoval.Remove(documentRoot, removed) is not { } newRoot)
        {
            return solution;
        }

        return document.WithSyntaxRoot(newRoot).Project.Solution;
    }
}
