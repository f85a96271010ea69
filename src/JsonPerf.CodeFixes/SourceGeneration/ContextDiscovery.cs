namespace JsonPerf.CodeFixes;

/// <summary>The project's own contexts a fix can register a type on, and the parts of a type the project wrote.</summary>
internal static class ContextDiscovery
{
    /// <summary>Partial contexts of this project with the call's options (<see cref="GenerationOptions"/>), usable by the caller and able to expose the type; registering ones first.</summary>
    internal static IEnumerable<INamedTypeSymbol> FindContexts(Project project, Compilation compilation, JsonSymbols symbols, ITypeSymbol type, INamedTypeSymbol? callingType, MirroredOptions? mirror, CancellationToken cancellationToken)
    {
        var found = new List<(INamedTypeSymbol Context, bool Registers, string Path, int Position)>();
        if (GenerationOptions.Of(mirror) is not { } wanted)
        {
            return Enumerable.Empty<INamedTypeSymbol>();
        }

        // Only names that could be a context are bound: binding every base list on every fix makes Fix All quadratic.
        var names = CandidateContextNames(compilation, cancellationToken);
        foreach (var candidate in compilation.GetSymbolsWithName(names.Contains, SymbolFilter.Type, cancellationToken).OfType<INamedTypeSymbol>())
        {
            if (candidate.TypeKind != TypeKind.Class || candidate.IsGenericType || candidate.ContainingType is not null || candidate.IsStatic
                || !SymbolEqualityComparer.Default.Equals(candidate.BaseType, symbols.JsonSerializerContext)
                || WrittenParts(project, candidate) is not { Count: > 0 } parts
                || parts.Any(r => r.GetSyntax(cancellationToken) is not ClassDeclarationSyntax declaration || !declaration.Modifiers.Any(SyntaxKind.PartialKeyword))
                || !wanted.SameAs(GenerationOptions.Of(candidate, symbols))
                || !compilation.IsSymbolAccessibleWithin(candidate, (ISymbol?)callingType ?? compilation.Assembly)
                || GeneratedNames.IsEffectivelyPublic(candidate) && !GeneratedNames.IsEffectivelyPublic(type))
            {
                continue;
            }

            var registers = candidate.GetAttributes().Any(a => IsJsonSerializable(a, symbols) && a.ConstructorArguments.Length == 1 && a.ConstructorArguments[0].Value is ITypeSymbol t && SymbolEqualityComparer.Default.Equals(t, type));
            var first = WrittenParts(project, candidate)[0];
            found.Add((candidate, registers, first.SyntaxTree.FilePath ?? "", first.Span.Start));
        }

        return found.OrderByDescending(f => f.Registers).ThenBy(f => f.Path, System.StringComparer.Ordinal).ThenBy(f => f.Position).Select(f => f.Context);
    }

    private static readonly System.Runtime.CompilerServices.ConditionalWeakTable<Compilation, HashSet<string>> s_candidateNames = new();
    private static readonly System.Runtime.CompilerServices.ConditionalWeakTable<SyntaxTree, string[]> s_namesInTree = new();

    /// <summary>The names of non-generic partial classes with a base list, top-level or in a namespace: the only possible contexts.</summary>
    private static HashSet<string> CandidateContextNames(Compilation compilation, CancellationToken cancellationToken)
    {
        // Once per compilation, from names read once per tree: an edit's new compilation shares every tree but one.
        if (s_candidateNames.TryGetValue(compilation, out var known))
        {
            return known;
        }

        var names = new HashSet<string>(System.StringComparer.Ordinal);
        foreach (var tree in compilation.SyntaxTrees)
        {
            if (!s_namesInTree.TryGetValue(tree, out var inTree))
            {
                var found = new List<string>();
                Collect(tree.GetRoot(cancellationToken) is CompilationUnitSyntax unit ? unit.Members : default, found);
                inTree = s_namesInTree.GetValue(tree, _ => found.ToArray());
            }

            names.UnionWith(inTree);
        }

        return s_candidateNames.GetValue(compilation, _ => names);

        static void Collect(SyntaxList<MemberDeclarationSyntax> members, List<string> names)
        {
            foreach (var member in members)
            {
                switch (member)
                {
                    case BaseNamespaceDeclarationSyntax ns:
                        Collect(ns.Members, names);
                        break;

                    case ClassDeclarationSyntax { BaseList: not null, TypeParameterList: null } declaration when declaration.Modifiers.Any(SyntaxKind.PartialKeyword):
                        names.Add(declaration.Identifier.ValueText);
                        break;
                }
            }
        }
    }

    /// <summary>The parts of a type in the project's own documents: not the source generator's output.</summary>
    internal static List<SyntaxReference> WrittenParts(Project project, INamedTypeSymbol type)
        => type.DeclaringSyntaxReferences
            .Where(r => project.Solution.GetDocument(r.SyntaxTree) is { } document && document is not SourceGeneratedDocument && document.Project.Id == project.Id)
            .OrderBy(r => r.SyntaxTree.FilePath, System.StringComparer.Ordinal).ThenBy(r => r.Span.Start)
            .ToList();

    internal static bool IsJsonSerializable(AttributeData attribute, JsonSymbols symbols)
        => SymbolEqualityComparer.Default.Equals(attribute.AttributeClass, symbols.JsonSerializableAttribute);
}
