using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

/// <summary>
/// Where reflection is off, static options get a context instance (<c>static readonly AppJsonContext s_webContext = new(s_web);</c>),
/// which makes the context their only resolver; the call takes its metadata and their settings still apply. Every use of
/// the options must be a call whose type is registered in the same fix, so that calls not fixed yet keep working.
/// </summary>
internal static class ContextInstanceBinding
{
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

    /// <summary>Every use of the member, when each is a serializer call generated metadata serves or the one instance; uses outside the assembly are unknown.</summary>
    public static async Task<Uses?> UsesAsync(Project project, ISymbol member, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        var uses = new Uses();
        var understood = !Visibility.IsVisibleOutsideTheAssembly(member) && await References.AllAsync(member, project.Solution, reference =>
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
                var first = uses.InstanceField is null;
                uses.InstanceField ??= field;
                return first;
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

    /// <summary>The instance field right after the member, so that in textual order it is initialized after the options.</summary>
    public static async Task<Solution?> AddInstanceFieldAsync(Solution solution, ProjectId projectId, ContextInstance instance, INamedTypeSymbol context, PlannedCall call, CancellationToken cancellationToken)
    {
        var member = instance.Member;
        if (solution.GetProject(projectId) is not { } project
            || await project.GetCompilationAsync(cancellationToken).ConfigureAwait(false) is not { } compilation
            || ResolverBinding.FindAgain(compilation, member) is not { DeclaringSyntaxReferences.Length: 1 } current
            || SymbolsAfterEdit.FindAgain(compilation, context) is not { } currentContext
            || solution.GetDocument(current.DeclaringSyntaxReferences[0].SyntaxTree) is not { } document
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root
            || (await current.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false)) switch
            {
                VariableDeclaratorSyntax { Parent.Parent: FieldDeclarationSyntax options } => (MemberDeclarationSyntax)options,
                PropertyDeclarationSyntax property => property,
                _ => null,
            } is not MemberDeclarationSyntax declaration)
        {
            return null;
        }

        // A mark of its own: Fix All adds instances for several options of one type, and earlier marks stay on theirs.
        var declarationMark = new SyntaxAnnotation();
        var nodes = new List<SyntaxNode> { declaration };
        if (!root.GetAnnotatedNodes(call.Mark).Any() && document.Id == solution.GetDocumentId(call.Invocation.SyntaxTree) && call.In(root) is { } invocation)
        {
            nodes.Add(invocation);
        }

        var marked = root.ReplaceNodes(nodes, (original, rewritten) => rewritten.WithAdditionalAnnotations(original is InvocationExpressionSyntax ? call.Mark : declarationMark));
        var anchor = marked.GetAnnotatedNodes(declarationMark).OfType<MemberDeclarationSyntax>().First();

        var generator = SyntaxGenerator.GetGenerator(document);
        var contextType = ((TypeSyntax)generator.TypeExpression(currentContext)).WithAdditionalAnnotations(Simplifier.Annotation);
        var modifiers = TokenList(Token(member.DeclaredAccessibility == Accessibility.Private ? SyntaxKind.PrivateKeyword : SyntaxKind.InternalKeyword), Token(SyntaxKind.StaticKeyword), Token(SyntaxKind.ReadOnlyKeyword));
        var field = FieldDeclaration(
                VariableDeclaration(contextType, SingletonSeparatedList(
                    VariableDeclarator(Identifier(instance.FieldName)).WithInitializer(EqualsValueClause(
                        ImplicitObjectCreationExpression().WithArgumentList(ArgumentList(SingletonSeparatedList(Argument(IdentifierName(member.Name))))))))))
            .WithModifiers(modifiers)
            .WithLeadingTrivia(anchor.GetLeadingTrivia().Where(t => t.IsKind(SyntaxKind.WhitespaceTrivia)))
            .WithTrailingTrivia(anchor.GetTrailingTrivia())
            .WithAdditionalAnnotations(Formatter.Annotation);
        var newRoot = marked.InsertNodesAfter(anchor, new[] { field });
        return document.WithSyntaxRoot(newRoot).Project.Solution;
    }

    /// <summary><c>s_web</c>: <c>s_webContext</c>; <c>Web</c>: <c>WebContext</c>; numbered if taken in the type.</summary>
    public static string FieldName(ISymbol member)
        => UniqueNames.Numbered(member.Name + "Context", candidate => member.ContainingType.GetMembers(candidate).IsEmpty && member.ContainingType.Name != candidate);
}
