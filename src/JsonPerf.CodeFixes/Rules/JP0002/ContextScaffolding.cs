using System.IO;
using System.Text;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

/// <summary>
/// A new <c>internal partial class XJsonContext : JsonSerializerContext</c>, in a file of its own (SA1402 under
/// TreatWarningsAsErrors), except at the end of a one-file program (a file-based program compiles that file alone) and
/// under MSBuildWorkspace (<see cref="AddsDocumentsSafely"/>): there at the end of the calling code's namespace.
/// </summary>
internal static class ContextScaffolding
{
    public static async Task<(Solution Solution, DocumentId Document, INamedTypeSymbol Context)?> ScaffoldAsync(Document calling, FixPlan plan, CancellationToken cancellationToken)
    {
        var root = (CompilationUnitSyntax)(await calling.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))!;
        var call = plan.Call.In(root);
        return call is null ? null : await ScaffoldAsync(calling, call, plan.Options.Mirror, plan.Registrations.ToList(), plan.RegisteredTypes, plan.Call.Mark, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>A context placed for <paramref name="call"/> (of <paramref name="calling"/>'s root), marked with <paramref name="mark"/> if the context goes in its file.</summary>
    public static async Task<(Solution Solution, DocumentId Document, INamedTypeSymbol Context)?> ScaffoldAsync(
        Document calling, InvocationExpressionSyntax call, MirroredOptions? mirror, IReadOnlyList<AttributeListSyntax> registrations, IEnumerable<ITypeSymbol> registered, SyntaxAnnotation mark, CancellationToken cancellationToken)
    {
        var model = (await calling.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false))!;
        var root = (CompilationUnitSyntax)call.SyntaxTree.GetRoot(cancellationToken);
        if (JsonSymbols.For(model.Compilation) is not { } symbols)
        {
            return null;
        }

        var container = call.FirstAncestorOrSelf<BaseNamespaceDeclarationSyntax>();
        var callingNamespace = container is null ? null : (model.GetDeclaredSymbol(container, cancellationToken) as INamespaceSymbol)?.ToDisplayString();
        var written = await WrittenDocumentsAsync(calling.Project, cancellationToken).ConfigureAwait(false);
        var place = written.Count == 1 || !AddsDocumentsSafely(calling.Project.Solution.Workspace) ? null : Place(calling.Project, written, model.Compilation, symbols, callingNamespace, cancellationToken);

        var baseName = ContextNames.For(mirror, model.Compilation, calling.Project.AssemblyName) + "JsonContext";
        var name = UniqueNames.Numbered(baseName, candidate => !model.Compilation.GetSymbolsWithName(candidate, SymbolFilter.Type, cancellationToken).Any()
                                                               && (place is null || !calling.Project.Documents.Any(d => string.Equals(d.Name, candidate + ".cs", StringComparison.OrdinalIgnoreCase) && d.Folders.SequenceEqual(place.Folders))));
        var declaration = Declaration(mirror, registrations, name, symbols);

        var namespaceName = place is null ? callingNamespace : place.Namespace;
        var document = place is null
            ? calling.WithSyntaxRoot(AddToCallingFile(root, call, container, declaration, mark, model.Compilation, symbols))
            : calling.Project.AddDocument(
                name + ".cs",
                NewFile(root, declaration, place, UsesFileScopedNamespaces(calling, written), NamedTypes(registered, mirror, symbols), model.Compilation, symbols),
                place.Folders,
                place.Directory is null ? null : Path.Combine(place.Directory, name + ".cs"));

        var compilation = (await document.Project.GetCompilationAsync(cancellationToken).ConfigureAwait(false))!;
        var context = SymbolsAfterEdit.FindType(compilation, namespaceName is null ? name : namespaceName + "." + name);
        return context is null ? null : (document.Project.Solution, document.Id, context);
    }

    // MSBuildWorkspace (dotnet format) writes <Compile Include> for a new document into the project file, which an
    // SDK-style project already globs: the next build fails with NETSDK1022 (dotnet/roslyn#36781).
    private static bool AddsDocumentsSafely(Workspace workspace) => workspace.Kind != WorkspaceKind.MSBuild;

    /// <summary>The project's documents not generated (by name, or the <c>&lt;auto-generated&gt;</c> header of obj/'s AssemblyInfo, GlobalUsings).</summary>
    private static async Task<List<(Document Document, CompilationUnitSyntax Root)>> WrittenDocumentsAsync(Project project, CancellationToken cancellationToken)
    {
        var written = new List<(Document, CompilationUnitSyntax)>();
        foreach (var document in project.Documents)
        {
            var name = document.Name;
            if (name.EndsWith(".g.cs", StringComparison.OrdinalIgnoreCase) || name.EndsWith(".g.i.cs", StringComparison.OrdinalIgnoreCase)
                || name.EndsWith(".designer.cs", StringComparison.OrdinalIgnoreCase) || name.EndsWith(".generated.cs", StringComparison.OrdinalIgnoreCase)
                || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not CompilationUnitSyntax root
                || root.GetLeadingTrivia().Any(t => t.IsKind(SyntaxKind.SingleLineCommentTrivia) && IsGeneratedHeader(t.ToString())))
            {
                continue;
            }

            written.Add((document, root));
        }

        return written;
    }

    private static bool IsGeneratedHeader(string comment)
        => comment.IndexOf("<auto-generated", StringComparison.OrdinalIgnoreCase) >= 0 || comment.IndexOf("<autogenerated", StringComparison.OrdinalIgnoreCase) >= 0;

    private static ClassDeclarationSyntax Declaration(MirroredOptions? mirror, IReadOnlyList<AttributeListSyntax> registrations, string name, JsonSymbols symbols)
    {
        var attributes = mirror is not null
            ? List(new[] { AttributeList(SingletonSeparatedList(mirror.ToAttribute(symbols))) }.Concat(registrations))
            : List(registrations);
        return ClassDeclaration(name)
            .WithAttributeLists(attributes)
            .WithModifiers(TokenList(Token(SyntaxKind.InternalKeyword), Token(SyntaxKind.PartialKeyword)))
            .WithBaseList(BaseList(SingletonSeparatedList<BaseTypeSyntax>(SimpleBaseType(ContextEditing.SerializationName("JsonSerializerContext")))))
            .WithAdditionalAnnotations(Formatter.Annotation);
    }

    private static CompilationUnitSyntax AddToCallingFile(CompilationUnitSyntax root, InvocationExpressionSyntax call, BaseNamespaceDeclarationSyntax? container, ClassDeclarationSyntax declaration, SyntaxAnnotation mark, Compilation compilation, JsonSymbols symbols)
    {
        // Ending the file, it keeps the file's final newline.
        if (container is null or FileScopedNamespaceDeclarationSyntax
            && root.EndOfFileToken.GetPreviousToken().TrailingTrivia.Any(SyntaxKind.EndOfLineTrivia))
        {
            declaration = declaration.WithTrailingTrivia(EndOfLine(UsingDirectives.NewLine(root)));
        }

        var marked = root.ReplaceNode(call, call.WithAdditionalAnnotations(mark));

        // After the comments or directives that end a file (a snippet's closing marker, an #endif), not inside them.
        if (container is null or FileScopedNamespaceDeclarationSyntax && EndsInCommentsOrDirectives(marked.EndOfFileToken.LeadingTrivia))
        {
            declaration = AfterTrailing(marked.EndOfFileToken.LeadingTrivia, declaration, root).WithTrailingTrivia(EndOfLine(UsingDirectives.NewLine(root)));
            marked = marked.WithEndOfFileToken(marked.EndOfFileToken.WithLeadingTrivia());
        }

        CompilationUnitSyntax newRoot;
        if (container is not null)
        {
            var currentContainer = marked.DescendantNodes().OfType<BaseNamespaceDeclarationSyntax>().First(n => n.Span == container.Span);
            // Likewise after a `#pragma warning restore` or comments before a namespace block's `}`.
            if (currentContainer is NamespaceDeclarationSyntax { CloseBraceToken: var close } block && EndsInCommentsOrDirectives(close.LeadingTrivia))
            {
                declaration = AfterTrailing(close.LeadingTrivia, declaration, root);
                currentContainer = block.WithCloseBraceToken(close.WithLeadingTrivia(close.LeadingTrivia.Reverse().TakeWhile(t => t.IsKind(SyntaxKind.WhitespaceTrivia)).Reverse()));
                marked = marked.ReplaceNode(marked.DescendantNodes().OfType<BaseNamespaceDeclarationSyntax>().First(n => n.Span == container.Span), currentContainer);
                currentContainer = marked.DescendantNodes().OfType<BaseNamespaceDeclarationSyntax>().First(n => n.SpanStart == container.SpanStart);
            }

            newRoot = marked.ReplaceNode(currentContainer, currentContainer.AddMembers(declaration));
        }
        else
        {
            newRoot = marked.AddMembers(declaration);
        }

        return UsingDirectives.EnsureUsing(newRoot, compilation, symbols.JsonSerializableAttribute);
    }

    private static bool EndsInCommentsOrDirectives(SyntaxTriviaList trivia)
        => trivia.Any(t => !t.IsKind(SyntaxKind.WhitespaceTrivia) && !t.IsKind(SyntaxKind.EndOfLineTrivia));

    /// <summary>The declaration after the trivia that ends a file or block, a blank line between (a last directive may lack its newline).</summary>
    private static ClassDeclarationSyntax AfterTrailing(SyntaxTriviaList ending, ClassDeclarationSyntax declaration, CompilationUnitSyntax root)
    {
        var newLine = UsingDirectives.NewLine(root);
        while (ending.Count > 0 && ending.Last().IsKind(SyntaxKind.WhitespaceTrivia))
        {
            ending = ending.RemoveAt(ending.Count - 1);
        }

        if (!ending.ToFullString().EndsWith("\n", StringComparison.Ordinal))
        {
            ending = ending.Add(EndOfLine(newLine));
        }

        return declaration.WithLeadingTrivia(ending.Add(EndOfLine(newLine)));
    }

    private sealed class Placement(IReadOnlyList<string> folders, string? directory, string? @namespace)
    {
        public IReadOnlyList<string> Folders { get; } = folders;
        public string? Directory { get; } = directory;
        public string? Namespace { get; } = @namespace;
    }

    // Beside the project's other contexts, else in its root folder and namespace; without a project file (tests, ad-hoc
    // workspaces) the calling code's namespace and the first document's folder.
    private static Placement Place(Project project, List<(Document Document, CompilationUnitSyntax Root)> written, Compilation compilation, JsonSymbols symbols, string? callingNamespace, CancellationToken cancellationToken)
    {
        var beside = compilation.GetSymbolsWithName(_ => true, SymbolFilter.Type, cancellationToken).OfType<INamedTypeSymbol>()
            .Where(t => SymbolEqualityComparer.Default.Equals(t.BaseType, symbols.JsonSerializerContext))
            .SelectMany(t => ContextDiscovery.WrittenParts(project, t).Take(1).Select(r => (Type: t, Reference: r)))
            .OrderBy(p => p.Reference.SyntaxTree.FilePath, StringComparer.Ordinal).ThenBy(p => p.Reference.Span.Start)
            .FirstOrDefault();
        if (beside.Type is not null && project.Solution.GetDocument(beside.Reference.SyntaxTree) is { } contextDocument)
        {
            var ns = beside.Type.ContainingNamespace;
            return new Placement(contextDocument.Folders, DirectoryOf(contextDocument.FilePath), ns is null || ns.IsGlobalNamespace ? null : ns.ToDisplayString());
        }

        var rootNamespace = string.IsNullOrEmpty(project.DefaultNamespace) ? callingNamespace : project.DefaultNamespace;
        if (project.FilePath is { Length: > 0 } projectFile)
        {
            return new Placement(Array.Empty<string>(), DirectoryOf(projectFile), rootNamespace);
        }

        var first = written.FirstOrDefault().Document;
        return new Placement(first?.Folders ?? Array.Empty<string>(), DirectoryOf(first?.FilePath), rootNamespace);
    }

    private static string? DirectoryOf(string? path) => string.IsNullOrEmpty(path) ? null : Path.GetDirectoryName(path);

    private static CompilationUnitSyntax NewFile(CompilationUnitSyntax callingRoot, ClassDeclarationSyntax declaration, Placement place, bool fileScoped, IEnumerable<INamedTypeSymbol> namedTypes, Compilation compilation, JsonSymbols symbols)
    {
        var eol = UsingDirectives.NewLine(callingRoot);
        MemberDeclarationSyntax member = place.Namespace is not { } ns ? declaration
            : fileScoped ? FileScopedNamespaceDeclaration(ParseName(ns)).AddMembers(declaration)
            : NamespaceDeclaration(ParseName(ns)).AddMembers(declaration);
        var unit = UsingDirectives.EnsureUsing(CompilationUnit().AddMembers(member), compilation, symbols.JsonSerializableAttribute);
        unit = AddUsings(unit, place.Namespace, namedTypes, compilation);

        // One blank line between the directives and the namespace, and after a file-scoped namespace's line.
        unit = unit.NormalizeWhitespace(eol: eol);
        if (unit.Usings.Count > 0)
        {
            unit = unit.ReplaceToken(unit.Usings.Last().SemicolonToken, unit.Usings.Last().SemicolonToken.WithTrailingTrivia(EndOfLine(eol), EndOfLine(eol)));
        }

        if (unit.Members.FirstOrDefault() is FileScopedNamespaceDeclarationSyntax fileScopedNamespace)
        {
            unit = unit.ReplaceToken(fileScopedNamespace.SemicolonToken, fileScopedNamespace.SemicolonToken.WithTrailingTrivia(EndOfLine(eol), EndOfLine(eol)));
        }

        var last = unit.GetLastToken();
        return unit.ReplaceToken(last, last.WithTrailingTrivia(EndOfLine(eol)));
    }

    /// <summary>A <c>using</c> for each type's namespace that code in <paramref name="namespaceName"/> does not see, unless a name would become ambiguous.</summary>
    internal static CompilationUnitSyntax AddUsings(CompilationUnitSyntax unit, string? namespaceName, IEnumerable<INamedTypeSymbol> types, Compilation compilation)
    {
        foreach (var type in types)
        {
            if (type.SpecialType == SpecialType.None && type.ContainingNamespace is { IsGlobalNamespace: false } containing
                && (namespaceName is null || !IsWithin(namespaceName, containing.ToDisplayString())))
            {
                unit = UsingDirectives.EnsureUsing(unit, compilation, type);
            }
        }

        return unit;
    }

    private static bool IsWithin(string inner, string outer)
        => inner == outer || inner.StartsWith(outer + ".", StringComparison.Ordinal);

    /// <summary><c>csharp_style_namespace_declarations</c> where set, else what most of the project's files use (C# 10 and later).</summary>
    private static bool UsesFileScopedNamespaces(Document calling, List<(Document Document, CompilationUnitSyntax Root)> written)
    {
        if (calling.Project.ParseOptions is not CSharpParseOptions { LanguageVersion: >= LanguageVersion.CSharp10 })
        {
            return false;
        }

        if (calling.TryGetSyntaxTree(out var tree)
            && calling.Project.AnalyzerOptions.AnalyzerConfigOptionsProvider.GetOptions(tree).TryGetValue("csharp_style_namespace_declarations", out var style))
        {
            return style.StartsWith("file_scoped", StringComparison.Ordinal);
        }

        var members = written.SelectMany(w => w.Root.Members).ToList();
        return members.Count(m => m is FileScopedNamespaceDeclarationSyntax) > members.Count(m => m is NamespaceDeclarationSyntax);
    }

    /// <summary>The named types written on a context: the registered types (and their type arguments), the mirrored settings' enums.</summary>
    internal static IEnumerable<INamedTypeSymbol> NamedTypes(IEnumerable<ITypeSymbol> registered, MirroredOptions? mirror, JsonSymbols symbols)
    {
        var types = new List<ITypeSymbol>(registered);
        if (mirror?.Defaults is not null && symbols.JsonSerializerDefaults is { } defaults)
        {
            types.Add(defaults);
        }

        var stack = new Stack<ITypeSymbol>(types.Concat(mirror?.Named.Values.Select(v => v.Type) ?? Enumerable.Empty<ITypeSymbol>()));
        while (stack.Count > 0)
        {
            switch (stack.Pop())
            {
                case IArrayTypeSymbol array:
                    stack.Push(array.ElementType);
                    break;
                case INamedTypeSymbol named:
                    yield return named;
                    foreach (var argument in named.TypeArguments)
                    {
                        stack.Push(argument);
                    }

                    break;
            }
        }
    }
}
