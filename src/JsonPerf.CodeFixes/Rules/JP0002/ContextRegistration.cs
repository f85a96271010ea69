using Microsoft.CodeAnalysis.Text;

namespace JsonPerf.CodeFixes;

/// <summary>JP0002's registrations: the types of a fix plan on an existing context, one site at a time or all of Fix All's at once.</summary>
internal static class ContextRegistration
{
    /// <summary>The registrations a fix adds: the call's type (unless registered already), then the other types used with its options.</summary>
    internal static IEnumerable<AttributeListSyntax> Registrations(FixPlan plan)
    {
        if (plan.Registration is null)
        {
            yield return ContextEditing.Registration(plan.Type, plan.NewRegistrationNeedsName ? plan.PropertyName : null);
        }

        foreach (var type in plan.ExtraTypes)
        {
            yield return ContextEditing.Registration(type);
        }
    }

    /// <summary>Adds <c>[JsonSerializable(typeof(T))]</c> to the context's first part, after its other attributes.</summary>
    public static async Task<(Solution Solution, DocumentId? Document)> RegisterAsync(Solution solution, FixPlan plan, INamedTypeSymbol context, CancellationToken cancellationToken)
    {
        if (solution.GetDocument(plan.Invocation.SyntaxTree)?.Project is not { } project
            || ContextDiscovery.WrittenParts(project, context).FirstOrDefault() is not { } reference
            || solution.GetDocument(reference.SyntaxTree) is not { } document
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not CompilationUnitSyntax root
            || root.FindNode(reference.Span, getInnermostNodeForTie: true).FirstAncestorOrSelf<ClassDeclarationSyntax>() is not { } declaration)
        {
            return (solution, null);
        }

        // Mark the call when it is in this document, so that it can be found after the edit.
        var nodes = new List<SyntaxNode> { declaration };
        if (document.Id == solution.GetDocumentId(plan.Invocation.SyntaxTree)
            && root.FullSpan.Contains(plan.Invocation.Span)
            && root.FindNode(plan.Invocation.Span, getInnermostNodeForTie: true).AncestorsAndSelf().OfType<InvocationExpressionSyntax>().FirstOrDefault(i => i.Span == plan.Invocation.Span) is { } call)
        {
            nodes.Add(call);
        }

        var marked = root.ReplaceNodes(nodes, (original, rewritten) => original is InvocationExpressionSyntax ? rewritten.WithAdditionalAnnotations(plan.Mark) : rewritten);
        declaration = marked.DescendantNodes().OfType<ClassDeclarationSyntax>().First(d => d.Identifier.ValueText == context.Name && d.SpanStart == declaration.SpanStart);

        var updated = declaration;
        foreach (var list in Registrations(plan))
        {
            updated = ContextEditing.AddRegistration(updated, list, root);
        }

        var compilation = (await document.Project.GetCompilationAsync(cancellationToken).ConfigureAwait(false))!;
        var symbols = JsonSymbols.For(compilation);
        var newRoot = UsingDirectives.EnsureUsing(marked.ReplaceNode(declaration, updated), compilation, symbols?.JsonSerializableAttribute);

        // A file of contexts alone (one the fix wrote, say) gets the usings its registrations need; other files keep theirs.
        if (symbols is not null && ContextEditing.HoldsOnlyContexts(newRoot))
        {
            var ns = context.ContainingNamespace is { IsGlobalNamespace: false } containing ? containing.ToDisplayString() : null;
            newRoot = ContextScaffolding.AddUsings(newRoot, ns, ContextScaffolding.NamedTypes(plan, symbols, withMirror: false), compilation);
        }

        document = document.WithSyntaxRoot(newRoot);
        return (document.Project.Solution, document.Id);
    }

    /// <summary>What Fix All adds to one existing context: its new registrations and the named types they write.</summary>
    internal sealed class Additions
    {
        public Additions(INamedTypeSymbol context, IReadOnlyList<AttributeListSyntax> registrations, IReadOnlyList<INamedTypeSymbol> namedTypes)
        {
            Context = context;
            Registrations = registrations;
            NamedTypes = namedTypes;
        }

        public INamedTypeSymbol Context { get; }
        public IReadOnlyList<AttributeListSyntax> Registrations { get; }
        public IReadOnlyList<INamedTypeSymbol> NamedTypes { get; }
    }

    /// <summary>
    /// Fix All: every context's registrations in one edit of its document (contexts sharing a file in one edit of that
    /// file). The contexts are symbols of <paramref name="solution"/>'s compilation: no document was edited since.
    /// </summary>
    public static async Task<Solution> RegisterAllAsync(Solution solution, ProjectId projectId, IReadOnlyList<Additions> additions, CancellationToken cancellationToken)
    {
        if (solution.GetProject(projectId) is not { } project)
        {
            return solution;
        }

        var byDocument = new Dictionary<DocumentId, List<(TextSpan Span, Additions Additions)>>();
        foreach (var addition in additions)
        {
            if (ContextDiscovery.WrittenParts(project, addition.Context).FirstOrDefault() is { } reference && solution.GetDocumentId(reference.SyntaxTree) is { } id)
            {
                if (!byDocument.TryGetValue(id, out var list))
                {
                    byDocument.Add(id, list = new());
                }

                list.Add((reference.Span, addition));
            }
        }

        var compilation = (await project.GetCompilationAsync(cancellationToken).ConfigureAwait(false))!;
        var symbols = JsonSymbols.For(compilation);
        foreach (var entry in byDocument)
        {
            var (id, edits) = (entry.Key, entry.Value);
            if (solution.GetDocument(id) is not { } document || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not CompilationUnitSyntax root)
            {
                continue;
            }

            var declarations = new Dictionary<ClassDeclarationSyntax, Additions>();
            foreach (var (span, addition) in edits)
            {
                if (root.FindNode(span, getInnermostNodeForTie: true).FirstAncestorOrSelf<ClassDeclarationSyntax>() is { } declaration && !declarations.ContainsKey(declaration))
                {
                    declarations.Add(declaration, addition);
                }
            }

            var newRoot = root.ReplaceNodes(declarations.Keys, (original, rewritten) => declarations[original].Registrations.Aggregate(rewritten, (current, list) => ContextEditing.AddRegistration(current, list, root)));
            newRoot = UsingDirectives.EnsureUsing(newRoot, compilation, symbols?.JsonSerializableAttribute);
            if (symbols is not null && ContextEditing.HoldsOnlyContexts(newRoot))
            {
                foreach (var addition in declarations.Values)
                {
                    var ns = addition.Context.ContainingNamespace is { IsGlobalNamespace: false } containing ? containing.ToDisplayString() : null;
                    newRoot = ContextScaffolding.AddUsings(newRoot, ns, addition.NamedTypes, compilation);
                }
            }

            solution = document.WithSyntaxRoot(newRoot).Project.Solution;
        }

        return solution;
    }
}
