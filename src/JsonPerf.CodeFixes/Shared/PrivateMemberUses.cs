namespace JsonPerf.CodeFixes;

/// <summary>
/// The references to a private member, read from its type's declarations: what <c>SymbolFinder.FindReferencesAsync</c>
/// gives (<c>nameof</c>, <c>cref</c>s, other targets' copies) without its solution-wide search, paid after every keystroke.
/// </summary>
internal static class PrivateMemberUses
{
    /// <summary>Names the compiler binds unwritten (collection initializers, <c>foreach</c>, <c>await</c>, <c>using</c>, queries...).</summary>
    private static readonly HashSet<string> PatternNames = new(System.StringComparer.Ordinal)
    {
        "Add", "GetEnumerator", "GetAsyncEnumerator", "MoveNext", "MoveNextAsync", "Current", "Dispose", "DisposeAsync",
        "GetAwaiter", "GetResult", "IsCompleted", "Deconstruct", "GetPinnableReference", "Slice", "Length", "Count",
        "Select", "SelectMany", "Where", "Join", "GroupJoin", "OrderBy", "OrderByDescending", "ThenBy", "ThenByDescending",
        "GroupBy", "Cast", "Invoke",
    };

    /// <summary>Whether <paramref name="accept"/> accepts every reference to the member; null when this cannot tell (then search).</summary>
    public static async Task<bool?> AllAsync(ISymbol symbol, Solution solution, Func<References.Use, bool> accept, CancellationToken cancellationToken)
    {
        if (symbol.DeclaredAccessibility != Accessibility.Private
            || symbol is not (IFieldSymbol or IPropertySymbol { IsIndexer: false } or IMethodSymbol { MethodKind: MethodKind.Ordinary, PartialDefinitionPart: null, PartialImplementationPart: null })
            || PatternNames.Contains(symbol.Name)
            || symbol.ContainingType is not { } containing
            || SymbolsAfterEdit.MetadataName(containing) is not { } typeName)
        {
            return null;
        }

        // The projects that compile the type's files: the member's own, and in a multi-targeted project each other target,
        // where the same text may name it under other #if branches (SymbolFinder cascades to those copies too).
        var projects = new List<Project>();
        foreach (var part in containing.DeclaringSyntaxReferences)
        {
            if (solution.GetDocument(part.SyntaxTree) is not { } document || document is SourceGeneratedDocument)
            {
                return null;
            }

            var ids = document.FilePath is { Length: > 0 } path ? solution.GetDocumentIdsWithFilePath(path) : ImmutableArray.Create(document.Id);
            foreach (var id in ids.Add(document.Id))
            {
                if (solution.GetProject(id.ProjectId) is { } project && !projects.Contains(project))
                {
                    projects.Add(project);
                }
            }
        }

        foreach (var project in projects)
        {
            if (await project.GetCompilationAsync(cancellationToken).ConfigureAwait(false) is not { } compilation
                || SymbolsAfterEdit.FindType(compilation, typeName)?.GetMembers(symbol.Name).Where(m => m.Kind == symbol.Kind).ToList() is not { Count: 1 } members
                || await AllInTypeAsync(members[0], solution, accept, cancellationToken).ConfigureAwait(false) is not { } all)
            {
                return null;
            }

            if (!all)
            {
                return false;
            }
        }

        return true;
    }

    private static async Task<bool?> AllInTypeAsync(ISymbol member, Solution solution, Func<References.Use, bool> accept, CancellationToken cancellationToken)
    {
        foreach (var part in member.ContainingType.DeclaringSyntaxReferences)
        {
            if (solution.GetDocument(part.SyntaxTree) is not { } document || document is SourceGeneratedDocument)
            {
                return null;
            }

            if (await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
                || JsonSymbols.For(model.Compilation) is not { } symbols)
            {
                return false;
            }

            var declaration = await part.GetSyntaxAsync(cancellationToken).ConfigureAwait(false);
            foreach (var name in declaration.DescendantNodes(descendIntoTrivia: true).OfType<SimpleNameSyntax>())
            {
                if (name.Identifier.ValueText != member.Name)
                {
                    continue;
                }

                // A name that binds to the member, or whose binding failed with it among the candidates (as the search
                // reports it too): the caller judges it.
                var info = model.GetSymbolInfo(name, cancellationToken);
                var bound = info.Symbol is { } symbol ? ImmutableArray.Create(symbol) : info.CandidateSymbols;
                if (bound.Any(s => SymbolEqualityComparer.Default.Equals(s.OriginalDefinition, member))
                    && !accept(new References.Use(document, name.Identifier.GetLocation(), isImplicit: false, name, model, symbols)))
                {
                    return false;
                }
            }
        }

        return true;
    }
}
