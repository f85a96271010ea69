using System.Text;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

/// <summary>Registers a type on a context (<c>[JsonSerializable(typeof(T))]</c>), or scaffolds a new context for it.</summary>
internal static class ContextEditing
{
    /// <summary><c>System.Text.Json.Serialization.X</c>, simplified to <c>X</c> where the file imports the namespace.</summary>
    internal static NameSyntax SerializationName(string name)
        => ParseName("global::" + UsingDirectives.SerializationNamespace + "." + name).WithAdditionalAnnotations(Simplifier.Annotation);

    /// <summary><c>[JsonSerializable(typeof(T))]</c>, with <c>TypeInfoPropertyName</c> when <paramref name="propertyName"/> is given.</summary>
    private static AttributeListSyntax Registration(ITypeSymbol type, string? propertyName = null)
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
    private static IEnumerable<AttributeListSyntax> Registrations(FixPlan plan)
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
            || FixPlanner.WrittenParts(project, context).FirstOrDefault() is not { } reference
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
        var newRoot = UsingDirectives.EnsureUsing(marked.ReplaceNode(declaration, updated), compilation, JsonSymbols.For(compilation)?.JsonSerializableAttribute);
        document = document.WithSyntaxRoot(newRoot);
        return (document.Project.Solution, document.Id);
    }

    /// <summary>
    /// JP0008: adds <c>[JsonSerializable(typeof(T))]</c> for each type to the context's first written part, after its other
    /// attributes; null when that part is not a class declaration of the project's own.
    /// </summary>
    public static async Task<Solution?> RegisterTypesAsync(Project project, INamedTypeSymbol context, IEnumerable<ITypeSymbol> types, CancellationToken cancellationToken)
    {
        if (FixPlanner.WrittenParts(project, context).FirstOrDefault() is not { } reference
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

    /// <summary>
    /// A new <c>internal partial class XJsonContext : JsonSerializerContext</c> at the end of the calling code's namespace
    /// (or file). Not a new file: <c>dotnet format</c> applies fixes through MSBuildWorkspace, which writes a
    /// <c>&lt;Compile Include&gt;</c> for an added document into SDK-style projects, and the build then fails with
    /// NETSDK1022 (dotnet/roslyn#36781).
    /// </summary>
    public static async Task<(Solution Solution, DocumentId Document, INamedTypeSymbol Context)?> ScaffoldAsync(Document calling, FixPlan plan, CancellationToken cancellationToken)
    {
        var model = (await calling.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false))!;
        var root = (CompilationUnitSyntax)(await calling.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))!;
        var call = root.FindNode(plan.Invocation.Span, getInnermostNodeForTie: true).AncestorsAndSelf().OfType<InvocationExpressionSyntax>().FirstOrDefault(i => i.Span == plan.Invocation.Span);
        if (call is null)
        {
            return null;
        }

        var container = call.FirstAncestorOrSelf<BaseNamespaceDeclarationSyntax>();
        var namespaceName = container is null ? null : (model.GetDeclaredSymbol(container, cancellationToken) as INamespaceSymbol)?.ToDisplayString();

        var baseName = (plan.Mirror?.SourceName is { } source ? Identifier(TrimFieldPrefix(source)) : Identifier(calling.Project.AssemblyName)) + "JsonContext";
        var name = UniqueNames.Numbered(baseName, candidate => !model.Compilation.GetSymbolsWithName(candidate, SymbolFilter.Type, cancellationToken).Any());

        var registrations = Registrations(plan).ToList();
        var attributes = plan.Mirror is { } mirror
            ? List(new[] { AttributeList(SingletonSeparatedList(mirror.ToAttribute(JsonSymbols.For(model.Compilation)!))) }.Concat(registrations))
            : List(registrations);
        var declaration = ClassDeclaration(name)
            .WithAttributeLists(attributes)
            .WithModifiers(TokenList(Token(SyntaxKind.InternalKeyword), Token(SyntaxKind.PartialKeyword)))
            .WithBaseList(BaseList(SingletonSeparatedList<BaseTypeSyntax>(SimpleBaseType(SerializationName("JsonSerializerContext")))))
            .WithAdditionalAnnotations(Formatter.Annotation);

        // Appended at the end of the file (no namespace, or a file-scoped one): it ends the file, so it keeps the
        // file's final newline (the last member's trailing line break stays where it was).
        if (container is null or FileScopedNamespaceDeclarationSyntax
            && root.EndOfFileToken.GetPreviousToken().TrailingTrivia.Any(SyntaxKind.EndOfLineTrivia))
        {
            declaration = declaration.WithTrailingTrivia(EndOfLine(UsingDirectives.NewLine(root)));
        }

        // Mark the call first, so that it is found again after the edit.
        var marked = root.ReplaceNode(call, call.WithAdditionalAnnotations(plan.Mark));
        CompilationUnitSyntax newRoot;
        if (container is not null)
        {
            var currentContainer = marked.DescendantNodes().OfType<BaseNamespaceDeclarationSyntax>().First(n => n.Span == container.Span);
            newRoot = marked.ReplaceNode(currentContainer, currentContainer.AddMembers(declaration));
        }
        else
        {
            newRoot = marked.AddMembers(declaration);
        }

        var document = calling.WithSyntaxRoot(UsingDirectives.EnsureUsing(newRoot, model.Compilation, JsonSymbols.For(model.Compilation)?.JsonSerializableAttribute));
        var compilation = (await document.Project.GetCompilationAsync(cancellationToken).ConfigureAwait(false))!;
        var context = SymbolsAfterEdit.FindType(compilation, namespaceName is null ? name : namespaceName + "." + name);
        return context is null ? null : (document.Project.Solution, document.Id, context);
    }

    /// <summary><c>s_web</c>, <c>_web</c>, <c>m_web</c>: <c>web</c>.</summary>
    private static string TrimFieldPrefix(string name)
    {
        var trimmed = name.Length > 2 && name[1] == '_' && name[0] is 's' or 'm' or 't' ? name.Substring(2) : name;
        return trimmed.TrimStart('_');
    }

    private static string Identifier(string? assemblyName)
    {
        var name = new StringBuilder();
        var upper = true;
        foreach (var c in assemblyName ?? "")
        {
            if (char.IsLetterOrDigit(c))
            {
                name.Append(upper ? char.ToUpperInvariant(c) : c);
                upper = false;
            }
            else
            {
                upper = true;
            }
        }

        return name.Length == 0 || char.IsDigit(name[0]) ? "App" + name : name.ToString();
    }
}
