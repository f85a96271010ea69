using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

/// <summary>Registers types on a context (<c>[JsonSerializable(typeof(T))]</c>): what JP0002's and JP0008's fixes both write.</summary>
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

    internal static ClassDeclarationSyntax AddRegistration(ClassDeclarationSyntax declaration, AttributeListSyntax list, SyntaxNode root)
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

    /// <summary>Whether every type the file declares is a class deriving from <c>JsonSerializerContext</c> (by its base's name).</summary>
    internal static bool HoldsOnlyContexts(CompilationUnitSyntax root)
        => root.DescendantNodes(n => n is CompilationUnitSyntax or BaseNamespaceDeclarationSyntax).OfType<MemberDeclarationSyntax>().All(m => m switch
        {
            BaseNamespaceDeclarationSyntax => true,
            ClassDeclarationSyntax { BaseList.Types: var bases } => bases.Any(b => (b.Type is QualifiedNameSyntax qualified ? qualified.Right : b.Type is AliasQualifiedNameSyntax alias ? alias.Name : b.Type) is IdentifierNameSyntax { Identifier.ValueText: "JsonSerializerContext" }),
            _ => false,
        });

    /// <summary>Adds <c>[JsonSerializable(typeof(T))]</c> per type to the context's first written part; null when it is not the project's own class.</summary>
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
