namespace JsonPerf.CodeFixes;

/// <summary>JP0002's registrations on existing contexts (<c>[JsonSerializable(typeof(T))]</c> after their other attributes).</summary>
internal static class ContextRegistration
{
    internal sealed class Additions(INamedTypeSymbol context, IReadOnlyList<AttributeListSyntax> registrations, IEnumerable<ITypeSymbol> registered)
    {
        public INamedTypeSymbol Context { get; } = context;
        public IReadOnlyList<AttributeListSyntax> Registrations { get; } = registrations;
        public IEnumerable<ITypeSymbol> Registered { get; } = registered;
    }

    /// <summary>One fix's registrations; its call is marked where it is in the document they edit.</summary>
    public static Task<Solution> RegisterAsync(Solution solution, FixPlan plan, INamedTypeSymbol context, CancellationToken cancellationToken)
        => solution.GetDocument(plan.Call.Invocation.SyntaxTree)?.Project is { } project
            ? RegisterAllAsync(solution, project.Id, new[] { new Additions(context, plan.Registrations.ToList(), plan.RegisteredTypes) }, cancellationToken, plan.Call)
            : Task.FromResult(solution);

    // Every context's registrations in one edit of its first written part's document. The contexts are symbols of the
    // solution's compilation: no document was edited since.
    public static async Task<Solution> RegisterAllAsync(Solution solution, ProjectId projectId, IReadOnlyList<Additions> additions, CancellationToken cancellationToken, PlannedCall? call = null)
    {
        if (solution.GetProject(projectId) is not { } project)
        {
            return solution;
        }

        var byDocument = additions
            .Select(addition => (Addition: addition, Reference: ContextDiscovery.WrittenParts(project, addition.Context).FirstOrDefault()))
            .Where(a => a.Reference is not null && solution.GetDocumentId(a.Reference.SyntaxTree) is not null)
            .GroupBy(a => solution.GetDocumentId(a.Reference!.SyntaxTree)!)
            .ToList();
        var compilation = (await project.GetCompilationAsync(cancellationToken).ConfigureAwait(false))!;
        var symbols = JsonSymbols.For(compilation);
        foreach (var inDocument in byDocument)
        {
            if (solution.GetDocument(inDocument.Key) is not { } document || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not CompilationUnitSyntax root)
            {
                continue;
            }

            var declarations = new Dictionary<SyntaxNode, Additions>();
            foreach (var (addition, reference) in inDocument)
            {
                if (root.FindNode(reference!.Span, getInnermostNodeForTie: true).FirstAncestorOrSelf<ClassDeclarationSyntax>() is { } declaration && !declarations.ContainsKey(declaration))
                {
                    declarations.Add(declaration, addition);
                }
            }

            if (declarations.Count == 0)
            {
                continue;
            }

            var marked = call is not null && solution.GetDocumentId(call.Invocation.SyntaxTree) == inDocument.Key ? call.In(root) : null;
            var newRoot = root.ReplaceNodes(
                marked is null ? declarations.Keys : declarations.Keys.Append(marked),
                (original, rewritten) => declarations.TryGetValue(original, out var addition)
                    ? addition.Registrations.Aggregate((ClassDeclarationSyntax)rewritten, (current, list) => ContextEditing.AddRegistration(current, list, root))
                    : rewritten.WithAdditionalAnnotations(call!.Mark));
            newRoot = UsingDirectives.EnsureUsing(newRoot, compilation, symbols?.JsonSerializableAttribute);

            // A file of contexts alone (one the fix wrote, say) gets the usings its registrations need; other files keep theirs.
            if (symbols is not null && ContextEditing.HoldsOnlyContexts(newRoot))
            {
                foreach (var addition in declarations.Values)
                {
                    var ns = addition.Context.ContainingNamespace is { IsGlobalNamespace: false } containing ? containing.ToDisplayString() : null;
                    newRoot = ContextScaffolding.AddUsings(newRoot, ns, ContextScaffolding.NamedTypes(addition.Registered, null, symbols), compilation);
                }
            }

            solution = document.WithSyntaxRoot(newRoot).Project.Solution;
        }

        return solution;
    }
}
