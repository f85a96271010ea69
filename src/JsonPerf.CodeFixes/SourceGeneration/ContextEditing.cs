using Microsoft.CodeAnalysis.Text;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

/// <summary>Registers a type on a context (<c>[JsonSerializable(typeof(T))]</c>), or scaffolds a new context for it.</summary>
internal static class ContextEditing
{
    /// <summary><c>System.Text.Json.Serialization.X</c>, simplified to <c>X</c> where the file imports the namespace.</summary>
    internal static NameSyntax SerializationName(string name)
        => ParseName("global::" + UsingDirectives.SerializationNamespace + "." + name).WithAdditionalAnnotations(Simplifier.Annotation);

    /// <summary><c>[JsonSerializable(typeof(T))]</c>, with <c>TypeInfoPropertyName</c> when <paramref name="propertyName"/> is given.</summary>
    internal static AttributeListSyntax Registration(ITypeSymbol type, string? propertyName = null)
    {
        var typeOf = TypeOfExpression(ParseTypeName(type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat)).WithAdditionalAnnotations(Simplifier.Annotation));
        var arguments = SeparatedList(new[] { AttributeArgument(typeOf) });
        if (propertyName is not null)
        {
            arguments = arguments.Add(AttributeArgument(NameEquals(IdentifierName("TypeInfoPropertyName")), null, LiteralExpression(SyntaxKind.StringLiteralExpression, Literal(propertyName))));
        }

        return AttributeList(SingletonSeparatedList(Attribute(SerializationName("JsonSerializable"), AttributeArgumentList(arguments))));
    }

    /// <summary>The registrations a fix adds: the call's type (unless registered already), then the other types used with its options.</summary>
    internal static IEnumerable<AttributeListSyntax> Registrations(FixPlan plan)
    {
        if (plan.Registration is null)
        {
            yield return Registration(plan.Type, plan.NewRegistrationNeedsName ? plan.PropertyName : null);
        }

        foreach (var type in plan.ExtraTypes)
        {
            yield return Registration(type);
        }
    }

    private static ClassDeclarationSyntax AddRegistration(ClassDeclarationSyntax declaration, AttributeListSyntax list, SyntaxNode root)
    {
        if (declaration.AttributeLists.Count == 0)
        {
            // The new list takes the declaration's leading trivia (comments, indentation); the keyword after it keeps the indentation.
            var leading = declaration.GetLeadingTrivia();
            var indentation = leading.Count > 0 && leading.Last().IsKind(SyntaxKind.WhitespaceTrivia) ? TriviaList(leading.Last()) : TriviaList();
            var first = declaration.GetFirstToken();
            return declaration.ReplaceToken(first, first.WithLeadingTrivia(indentation))
                .WithAttributeLists(SingletonList(list.WithLeadingTrivia(leading).WithTrailingTrivia(EndOfLine(UsingDirectives.NewLine(root)))));
        }

        // Indentation only: the first list's leading trivia may also hold blank lines and comments.
        var last = declaration.AttributeLists.Last();
        var lastLeading = last.GetLeadingTrivia();
        var lastIndentation = lastLeading.Count > 0 && lastLeading.Last().IsKind(SyntaxKind.WhitespaceTrivia) ? TriviaList(lastLeading.Last()) : TriviaList();
        return declaration.WithAttributeLists(declaration.AttributeLists.Add(list.WithLeadingTrivia(lastIndentation).WithTrailingTrivia(last.GetTrailingTrivia())));
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
            updated = AddRegistration(updated, list, root);
        }

        var compilation = (await document.Project.GetCompilationAsync(cancellationToken).ConfigureAwait(false))!;
        var symbols = JsonSymbols.For(compilation);
        var newRoot = UsingDirectives.EnsureUsing(marked.ReplaceNode(declaration, updated), compilation, symbols?.JsonSerializableAttribute);

        // A file of contexts alone (one the fix wrote, say) gets the usings its registrations need; other files keep theirs.
        if (symbols is not null && HoldsOnlyContexts(newRoot))
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

            var newRoot = root.ReplaceNodes(declarations.Keys, (original, rewritten) => declarations[original].Registrations.Aggregate(rewritten, (current, list) => AddRegistration(current, list, root)));
            newRoot = UsingDirectives.EnsureUsing(newRoot, compilation, symbols?.JsonSerializableAttribute);
            if (symbols is not null && HoldsOnlyContexts(newRoot))
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

    /// <summary>Whether every type the file declares is a class deriving from <c>JsonSerializerContext</c> (by its base's name).</summary>
    private static bool HoldsOnlyContexts(CompilationUnitSyntax root)
        => root.DescendantNodes(n => n is CompilationUnitSyntax or BaseNamespaceDeclarationSyntax).OfType<MemberDeclarationSyntax>().All(m => m switch
        {
            BaseNamespaceDeclarationSyntax => true,
            ClassDeclarationSyntax { BaseList.Types: var bases } => bases.Any(b => (b.Type is QualifiedNameSyntax qualified ? qualified.Right : b.Type is AliasQualifiedNameSyntax alias ? alias.Name : b.Type) is IdentifierNameSyntax { Identifier.ValueText: "JsonSerializerContext" }),
            _ => false,
        });

    /// <summary>
    /// JP0008: adds <c>[JsonSerializable(typeof(T))]</c> for each type to the context's first written part, after its other
    /// attributes; null when that part is not a class declaration of the project's own.
    /// </summary>
    public static async Task<Solution?> RegisterTypesAsync(Project project, INamedTypeSymbol context, IEnumerable<ITypeSymbol> types, CancellationToken cancellationToken)
    {
        if (ContextDiscovery.WrittenParts(project, context).FirstOrDefault() is not { } reference
            || project.Solution.GetDocument(reference.SyntaxTree) is not { } document
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not CompilationUnitSyntax root
            || root.FindNode(reference.Span, getInnermostNodeForTie: true).FirstAncestorOrSelf<ClassDeclarationSyntax>() is not { } declaration)
        {
            return null;
        }

        var updated = types.Aggregate(declaration, (current, type) => AddRegistration(current, Registration(type), root));
        var compilation = (await project.GetCompilationAsync(cancellationToken).ConfigureAwait(false))!;
        var newRoot = UsingDirectives.EnsureUsing(root.ReplaceNode(declaration, updated), compilation, JsonSymbols.For(compilation)?.JsonSerializableAttribute);
        return document.WithSyntaxRoot(newRoot).Project.Solution;
    }
}
