using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0001's fix for a converter's copy of its options (<see cref="OptionsPerCallFix.CachePerSource"/>): the copy, with the
/// statements that configure it, moves into the factory of a <c>ConditionalWeakTable</c> field of the converter, keyed
/// by the source options: <c>var copy = _optionsCopies.GetValue(options, _ => { var created = new(options); ...; return created; });</c>;
/// a call of the project's copier becomes <c>_readOptions.GetValue(options, WithoutSelf)</c>.
/// The serializer's options are read-only once in use, so each later call gets what it built before.
/// </summary>
internal static class ConverterCopyCache
{
    public static async Task<Document?> FixAsync(Document document, SyntaxNode site, CancellationToken cancellationToken)
    {
        if (site is not (BaseObjectCreationExpressionSyntax or InvocationExpressionSyntax)
            || (site is InvocationExpressionSyntax invocation ? invocation.ArgumentList.Arguments : ((BaseObjectCreationExpressionSyntax)site).ArgumentList?.Arguments) is not { Count: 1 } arguments
            || site.FirstAncestorOrSelf<TypeDeclarationSyntax>() is not { } type
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model)
        {
            return null;
        }

        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        var method = site.FirstAncestorOrSelf<MethodDeclarationSyntax>()?.Identifier.ValueText ?? "Options";
        var field = FieldName(type, model.GetDeclaredSymbol(type, cancellationToken), method);
        var copy = (ExpressionSyntax)site;
        var folded = new List<StatementSyntax>();

        // The project's copier is the factory itself, as a method group: `_readOptions.GetValue(options, WithoutSelf)`.
        var factory = copy is InvocationExpressionSyntax call ? call.Expression.WithoutTrivia() : Factory((BaseObjectCreationExpressionSyntax)copy, model, cancellationToken, out folded);
        var getValue = (ExpressionSyntax)InvocationExpression(
            MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, IdentifierName(field), IdentifierName("GetValue")),
            ArgumentList(SeparatedList(new[] { Argument(arguments[0].Expression.WithoutTrivia()), Argument(factory) })));
        editor.ReplaceNode(copy, getValue.WithTriviaFrom(copy));
        StatementRemoval.Remove(editor, folded);

        var table = ParseTypeName("global::System.Runtime.CompilerServices.ConditionalWeakTable<global::System.Text.Json.JsonSerializerOptions, global::System.Text.Json.JsonSerializerOptions>")
            .WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);
        var declaration = FieldDeclaration(VariableDeclaration(table, SingletonSeparatedList(VariableDeclarator(field).WithInitializer(EqualsValueClause(ImplicitObjectCreationExpression())))))
            .WithModifiers(TokenList(Token(SyntaxKind.PrivateKeyword), Token(SyntaxKind.ReadOnlyKeyword)))
            .WithAdditionalAnnotations(Formatter.Annotation);
        editor.ReplaceNode(type, (current, _) => ((TypeDeclarationSyntax)current) is var converter
            ? converter.WithMembers(converter.Members.Insert(converter.Members.TakeWhile(m => m is FieldDeclarationSyntax).Count(), declaration))
            : current);
        return editor.GetChangedDocument();
    }

    /// <summary><c>_ => creation</c>, or for a local with configuration statements a block that builds, configures and returns it.</summary>
    private static ExpressionSyntax Factory(BaseObjectCreationExpressionSyntax creation, SemanticModel model, CancellationToken cancellationToken, out List<StatementSyntax> folded)
    {
        var parameter = Parameter(Identifier("_"));
        var local = creation.Parent is EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax declarator } ? model.GetDeclaredSymbol(declarator, cancellationToken) as ILocalSymbol : null;

        // The statements that configure the local (the analyzer accepted them as such), the local renamed inside the factory.
        folded = local is null || creation.FirstAncestorOrSelf<BlockSyntax>() is not { } block
            ? new List<StatementSyntax>()
            : block.Statements.OfType<ExpressionStatementSyntax>().Where(statement => statement.Expression switch
            {
                AssignmentExpressionSyntax { Left: MemberAccessExpressionSyntax { Expression: IdentifierNameSyntax target } } => target.Identifier.ValueText == local.Name,
                InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Expression: MemberAccessExpressionSyntax { Expression: IdentifierNameSyntax owner, Name.Identifier.ValueText: "Converters" } } }
                    => owner.Identifier.ValueText == local.Name,
                _ => false,
            }).ToList<StatementSyntax>();
        if (local is null || folded.Count == 0)
        {
            return SimpleLambdaExpression(parameter, creation.WithoutTrivia());
        }

        const string Created = "created";
        var body = new List<StatementSyntax> { LocalDeclarationStatement(VariableDeclaration(IdentifierName("var"), SingletonSeparatedList(VariableDeclarator(Created).WithInitializer(EqualsValueClause(creation.WithoutTrivia()))))) };
        body.AddRange(folded.Select(s => s.ReplaceNodes(s.DescendantNodes().OfType<IdentifierNameSyntax>().Where(n => n.Identifier.ValueText == local.Name), (_, n) => IdentifierName(Created).WithTriviaFrom(n)).WithoutLeadingTrivia()));
        body.Add(ReturnStatement(IdentifierName(Created)));
        return SimpleLambdaExpression(parameter).WithBlock(Block(body).WithAdditionalAnnotations(Formatter.Annotation));
    }

    /// <summary>A name after the method (<c>_readOptions</c>) in the type's convention for private instance fields (<c>_x</c> unless they are all <c>x</c>), free in the type.</summary>
    private static string FieldName(TypeDeclarationSyntax type, INamedTypeSymbol? symbol, string method)
    {
        var instance = type.Members.OfType<FieldDeclarationSyntax>().Where(f => !f.Modifiers.Any(SyntaxKind.StaticKeyword) && !f.Modifiers.Any(SyntaxKind.ConstKeyword) && !f.Modifiers.Any(SyntaxKind.PublicKeyword))
            .SelectMany(f => f.Declaration.Variables).Select(v => v.Identifier.ValueText).ToList();
        var underscore = instance.Count == 0 || instance.Any(n => n.StartsWith("_", StringComparison.Ordinal));
        var camel = char.ToLowerInvariant(method[0]) + method.Substring(1) + "Options";
        var name = underscore ? "_" + camel : camel;
        return UniqueNames.Numbered(name, candidate => symbol is null || symbol.GetMembers(candidate).IsEmpty);
    }
}
