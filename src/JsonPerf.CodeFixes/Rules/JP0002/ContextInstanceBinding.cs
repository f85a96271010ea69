using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

/// <summary>
/// For calls on static options whose settings no context attribute expresses (an encoder, converter instances), in
/// projects that are trimmed, AOT or reflection-free: a context instance built on those options
/// (<c>private static readonly AppJsonContext s_webContext = new(s_web);</c>, which makes the context the options'
/// only resolver), and the call takes its metadata (<c>s_webContext.Order</c>): the options' settings still apply,
/// and nothing uses reflection. Offered only when every use of the options in the solution is a
/// <c>JsonSerializer</c> call on a type generated metadata serves; all those types are registered in the same fix, so
/// that calls not fixed yet keep working through the options.
/// </summary>
internal static class ContextInstanceBinding
{
    /// <summary>What the options' uses need: the types their calls serialize, and the context instance an earlier fix added.</summary>
    internal sealed class Uses
    {
        public List<ITypeSymbol> Types { get; } = new();
        public IFieldSymbol? InstanceField { get; set; }
    }

    /// <summary>The field whose initializer is <c>new C(member)</c> with C a context, when <paramref name="use"/> is that argument.</summary>
    public static IFieldSymbol? IsContextInstanceInitializer(SyntaxNode use, SemanticModel model, JsonSymbols symbols, CancellationToken cancellationToken)
        => use.Parent is ArgumentSyntax { RefKindKeyword.RawKind: 0, NameColon: null, Parent: ArgumentListSyntax { Arguments.Count: 1, Parent: BaseObjectCreationExpressionSyntax { Parent: EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax declarator } } creation } }
           && model.GetDeclaredSymbol(declarator, cancellationToken) is IFieldSymbol { IsStatic: true, IsReadOnly: true } field
           && model.GetTypeInfo(creation, cancellationToken).Type is INamedTypeSymbol { } created
           && SymbolEqualityComparer.Default.Equals(created.BaseType, symbols.JsonSerializerContext)
           && SymbolEqualityComparer.Default.Equals(field.Type, created)
            ? field
            : null;

    /// <summary>
    /// Every use of the member: a <c>JsonSerializer</c> call whose type is known and served by generated metadata, or the
    /// one context instance built on it; null when any other use exists, or when code outside the assembly could reach
    /// the member (its uses there are not known).
    /// </summary>
    public static async Task<Uses?> UsesAsync(Project project, ISymbol member, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        if (Visibility.IsVisibleOutsideTheAssembly(member))
        {
            return null;
        }

        var uses = new Uses();
        var understood = await References.AllAsync(member, project.Solution, reference =>
        {
            if (reference.IsImplicit)
            {
                return false;
            }

            // Another target framework's copy of one of this project's files holds the same uses, judged in this project.
            if (reference.Document.Project.Id != project.Id)
            {
                return reference.Document.FilePath is { Length: > 0 } path
                       && project.Solution.GetDocumentIdsWithFilePath(path).Any(id => id.ProjectId == project.Id);
            }

            if (reference.IsInDocComment)
            {
                return true;
            }

            var node = reference.Node;
            var use = node.Parent is MemberAccessExpressionSyntax qualified && qualified.Name == node ? qualified : node;
            if (IsContextInstanceInitializer(use, reference.Model, reference.Symbols, cancellationToken) is { } field)
            {
                if (uses.InstanceField is not null)
                {
                    return false;
                }

                uses.InstanceField = field;
                return true;
            }

            while (use.Parent is ParenthesizedExpressionSyntax parenthesized)
            {
                use = parenthesized;
            }

            if (use.Parent is not ArgumentSyntax { Parent.Parent: InvocationExpressionSyntax call }
                || reference.Model.GetOperation(call, cancellationToken) is not IInvocationOperation invocation
                || !SymbolEqualityComparer.Default.Equals(invocation.TargetMethod.ContainingType, reference.Symbols.JsonSerializer)
                || !SerializerEntryPoints.TryGetSerializedType(invocation, reference.Symbols, out var type, out var options)
                || options?.WrittenSyntax() != use.Parent
                || !GeneratedMetadataSafety.IsSafe(type, reference.Model.Compilation, reference.Symbols))
            {
                return false;
            }

            uses.Types.Add(type);
            return true;
        }, cancellationToken).ConfigureAwait(false);
        return understood ? uses : null;
    }

    /// <summary>
    /// Adds <c>static readonly Ctx name = new(member);</c> right after the member's declaration (so that, in textual
    /// order, it is initialized after the options), with the member's accessibility.
    /// </summary>
    public static async Task<(Solution Solution, DocumentId Document)?> AddInstanceFieldAsync(Solution solution, ProjectId projectId, ISymbol member, INamedTypeSymbol context, string name, SyntaxAnnotation callMark, InvocationExpressionSyntax originalCall, CancellationToken cancellationToken)
    {
        if (member.ContainingType is not { } containing
            || solution.GetProject(projectId) is not { } project
            || await project.GetCompilationAsync(cancellationToken).ConfigureAwait(false) is not { } compilation
            || SymbolsAfterEdit.FindAgain(compilation, containing)?.GetMembers(member.Name).FirstOrDefault(m => m.Kind == member.Kind && m.IsStatic) is not { DeclaringSyntaxReferences.Length: 1 } current
            || SymbolsAfterEdit.FindAgain(compilation, context) is not { } currentContext
            || solution.GetDocument(current.DeclaringSyntaxReferences[0].SyntaxTree) is not { } document
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root)
        {
            return null;
        }

        var declaration = (await current.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false)) switch
        {
            VariableDeclaratorSyntax { Parent.Parent: FieldDeclarationSyntax options } => (MemberDeclarationSyntax)options,
            PropertyDeclarationSyntax property => property,
            _ => null,
        };
        if (declaration is null)
        {
            return null;
        }

        // The call, when in this document and not marked yet (its document is then as analyzed): marked, so that it is
        // found again after the field moved it.
        // A mark of this call's own: an earlier call's mark stays on its declaration, which comes first when Fix All adds
        // instances for several options in one type.
        var declarationMark = new SyntaxAnnotation();
        var nodes = new List<SyntaxNode> { declaration };
        if (!root.GetAnnotatedNodes(callMark).Any()
            && document.Id == solution.GetDocumentId(originalCall.SyntaxTree)
            && root.FullSpan.Contains(originalCall.Span)
            && root.FindNode(originalCall.Span, getInnermostNodeForTie: true).AncestorsAndSelf().OfType<InvocationExpressionSyntax>().FirstOrDefault(i => i.Span == originalCall.Span) is { } call)
        {
            nodes.Add(call);
        }

        var marked = root.ReplaceNodes(nodes, (original, rewritten) => original is InvocationExpressionSyntax ? rewritten.WithAdditionalAnnotations(callMark) : rewritten.WithAdditionalAnnotations(declarationMark));
        var anchor = marked.GetAnnotatedNodes(declarationMark).OfType<MemberDeclarationSyntax>().First();

        var generator = SyntaxGenerator.GetGenerator(document);
        var contextType = ((TypeSyntax)generator.TypeExpression(currentContext)).WithAdditionalAnnotations(Simplifier.Annotation);
        var modifiers = TokenList(
            Token(member.DeclaredAccessibility == Accessibility.Private ? SyntaxKind.PrivateKeyword : SyntaxKind.InternalKeyword),
            Token(SyntaxKind.StaticKeyword),
            Token(SyntaxKind.ReadOnlyKeyword));
        var field = FieldDeclaration(
                VariableDeclaration(contextType, SingletonSeparatedList(
                    VariableDeclarator(Identifier(name)).WithInitializer(EqualsValueClause(
                        ImplicitObjectCreationExpression().WithArgumentList(ArgumentList(SingletonSeparatedList(Argument(IdentifierName(member.Name))))))))))
            .WithModifiers(modifiers)
            .WithLeadingTrivia(anchor.GetLeadingTrivia().Where(t => t.IsKind(SyntaxKind.WhitespaceTrivia)))
            .WithTrailingTrivia(anchor.GetTrailingTrivia())
            .WithAdditionalAnnotations(Formatter.Annotation);
        var newRoot = marked.InsertNodesAfter(anchor, new[] { field });
        return (document.WithSyntaxRoot(newRoot).Project.Solution, document.Id);
    }

    /// <summary><c>s_web</c>: <c>s_webContext</c>; <c>Web</c>: <c>WebContext</c>; numbered if taken in the type.</summary>
    public static string FieldName(ISymbol member)
        => UniqueNames.Numbered(member.Name + "Context", candidate => member.ContainingType.GetMembers(candidate).IsEmpty && member.ContainingType.Name != candidate);
}
