using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

/// <summary>Adds a <c>using</c> where the file's conventions put it unless a name turns ambiguous; removes one a fix left unused.</summary>
internal static class UsingDirectives
{
    public const string SerializationNamespace = "System.Text.Json.Serialization";

    private static int CompareUsings(string left, string right)
    {
        static int Group(string name) => name == "System" || name.StartsWith("System.", System.StringComparison.Ordinal) ? 0 : 1;
        var group = Group(left).CompareTo(Group(right));
        return group != 0 ? group : string.CompareOrdinal(left, right);
    }

    public static string NewLine(SyntaxNode root)
        => root.DescendantTrivia().FirstOrDefault(t => t.IsKind(SyntaxKind.EndOfLineTrivia)).ToString() is { Length: > 0 } newLine ? newLine : "\n";

    /// <summary>
    /// Imports <paramref name="probe"/>'s namespace unless present or a used name would turn ambiguous (CS0104:
    /// Newtonsoft.Json also has <c>JsonIgnore</c>, <c>JsonConverter</c>...); the new names then stay qualified.
    /// </summary>
    public static CompilationUnitSyntax EnsureUsing(CompilationUnitSyntax root, Compilation compilation, INamedTypeSymbol? probe)
    {
        // The namespace of the type the new code names; its other public types are the names that could clash.
        if (probe?.ContainingNamespace is not { } imported)
        {
            return root;
        }

        var namespaceName = imported.ToDisplayString();
        if (root.Usings.Any(u => u.Alias is null && u.StaticKeyword.IsKind(SyntaxKind.None) && u.Name?.ToString() == namespaceName)
            || root.DescendantNodes().OfType<BaseNamespaceDeclarationSyntax>().Any(n => n.Usings.Any(u => u.Alias is null && u.Name?.ToString() == namespaceName))
            || ImportsClashingNames(root, compilation, imported, namespaceName))
        {
            return root;
        }

        var directive = UsingDirective(ParseName(namespaceName)).WithAdditionalAnnotations(Formatter.Annotation);
        // Right after the using of the namespace around it (System.Text.Json), as a person would in a file whose usings are
        // not sorted; otherwise System directives first, then ordinal: the usual order (and dotnet_sort_system_directives_first's).
        var usings = root.Usings;
        var index = AfterEnclosingNamespace(usings, namespaceName);
        for (var i = 0; index < 0 && i < usings.Count; i++)
        {
            if (usings[i].Alias is null && usings[i].StaticKeyword.IsKind(SyntaxKind.None) && usings[i].Name is { } name
                && CompareUsings(name.ToString(), namespaceName) > 0)
            {
                index = i;
            }
        }

        index = index < 0 ? usings.Count : index;

        if (usings.Count == 0)
        {
            // The file's header (comments, #pragma and other directives above the first line of code) stays on top.
            var eol = EndOfLine(NewLine(root));
            if (root.Externs.Count > 0)
            {
                return root.WithUsings(SingletonList(directive.WithTrailingTrivia(eol, eol)));
            }

            var first = root.GetFirstToken(includeZeroWidth: true);
            var (header, rest) = SplitHeader(first.LeadingTrivia);
            return root.ReplaceToken(first, first.WithLeadingTrivia(rest))
                .WithUsings(SingletonList(directive.WithLeadingTrivia(header).WithTrailingTrivia(eol, eol)));
        }

        directive = directive.WithTrailingTrivia(usings[0].GetTrailingTrivia());
        if (index == 0)
        {
            // Above the first using: the header it carried moves up with the new first line.
            var (header, rest) = SplitHeader(usings[0].GetLeadingTrivia());
            usings = usings.Replace(usings[0], usings[0].WithLeadingTrivia(rest));
            directive = directive.WithLeadingTrivia(header);
        }

        return root.WithUsings(usings.Insert(index, directive));
    }

    /// <summary>The index after the using of the longest enclosing namespace (and what sorts before the new one there); -1 when none.</summary>
    private static int AfterEnclosingNamespace(SyntaxList<UsingDirectiveSyntax> usings, string namespaceName)
    {
        var best = -1;
        var bestLength = 0;
        for (var i = 0; i < usings.Count; i++)
        {
            if (usings[i].Alias is null && usings[i].StaticKeyword.IsKind(SyntaxKind.None) && !usings[i].GlobalKeyword.IsKind(SyntaxKind.GlobalKeyword)
                && usings[i].Name?.ToString() is { } name
                && namespaceName.StartsWith(name + ".", StringComparison.Ordinal) && name.Length >= bestLength)
            {
                best = i;
                bestLength = name.Length;
            }
        }

        if (best < 0)
        {
            return -1;
        }

        // In a sorted file the sorted place is the same or later (System.Text.Json.Nodes stays before .Serialization).
        var index = best + 1;
        while (index < usings.Count && usings[index].Alias is null && usings[index].StaticKeyword.IsKind(SyntaxKind.None)
               && usings[index].Name?.ToString() is { } next && next.StartsWith(usings[best].Name + ".", StringComparison.Ordinal)
               && CompareUsings(next, namespaceName) < 0)
        {
            index++;
        }

        return index;
    }

    /// <summary>The trivia before a file's first code, split after its header: the last directive or blank line before any doc comment.</summary>
    internal static (SyntaxTriviaList Header, SyntaxTriviaList Remainder) SplitHeader(SyntaxTriviaList trivia)
    {
        var cut = 0;
        var lineIsBlank = true;
        for (var i = 0; i < trivia.Count; i++)
        {
            var trivium = trivia[i];
            if (trivium.IsKind(SyntaxKind.SingleLineDocumentationCommentTrivia) || trivium.IsKind(SyntaxKind.MultiLineDocumentationCommentTrivia))
            {
                break;
            }

            if (trivium.IsDirective)
            {
                cut = i + 1;
                lineIsBlank = true;
            }
            else if (trivium.IsKind(SyntaxKind.EndOfLineTrivia))
            {
                cut = lineIsBlank ? i + 1 : cut;
                lineIsBlank = true;
            }
            else if (!trivium.IsKind(SyntaxKind.WhitespaceTrivia))
            {
                lineIsBlank = false;
            }
        }

        return (TriviaList(trivia.Take(cut)), TriviaList(trivia.Skip(cut)));
    }

    /// <summary>Whether a namespace the file imports (or the project imports globally) has a type named like one of System.Text.Json.Serialization's.</summary>
    private static bool ImportsClashingNames(CompilationUnitSyntax root, Compilation compilation, INamespaceSymbol serialization, string namespaceName)
    {
        var names = new HashSet<string>(serialization.GetTypeMembers().Where(t => t.DeclaredAccessibility == Accessibility.Public).Select(t => t.Name));
        var imports = new List<UsingDirectiveSyntax>(root.DescendantNodes(n => n is CompilationUnitSyntax or BaseNamespaceDeclarationSyntax).OfType<UsingDirectiveSyntax>());
        foreach (var tree in compilation.SyntaxTrees)
        {
            if (tree.GetRoot() is CompilationUnitSyntax unit)
            {
                imports.AddRange(unit.Usings.Where(u => u.GlobalKeyword.IsKind(SyntaxKind.GlobalKeyword)));
            }
        }

        foreach (var directive in imports)
        {
            if (directive.Alias is not null || !directive.StaticKeyword.IsKind(SyntaxKind.None) || directive.Name is null || directive.Name.ToString() == namespaceName)
            {
                continue;
            }

            if (GlobalNamespace(compilation, directive.Name.ToString()) is { } imported && imported.GetTypeMembers().Any(t => names.Contains(t.Name)))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The namespace with this dotted name as the compilation sees it (source and references merged).</summary>
    private static INamespaceSymbol? GlobalNamespace(Compilation compilation, string dotted)
    {
        INamespaceSymbol? current = compilation.GlobalNamespace;
        foreach (var part in dotted.Replace("global::", "").Split('.'))
        {
            current = current?.GetNamespaceMembers().FirstOrDefault(n => n.Name == part);
        }

        return current;
    }

    /// <summary>
    /// Removes the using the fix made unnecessary (CS8019 after, not before): an unused using is IDE0005, an error where code
    /// style is enforced. Not in a file with <c>#if</c> (another target may use it); never a global, alias or static one.
    /// </summary>
    public static async Task<Document> RemoveIfNewlyUnusedAsync(Document before, Document after, string namespaceName, CancellationToken cancellationToken)
    {
        if (await after.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not CompilationUnitSyntax root
            || FindPlainUsing(root, namespaceName) is not { } directive
            || root.DescendantTrivia().Any(t => t.IsKind(SyntaxKind.IfDirectiveTrivia))
            || !await IsUnusedAsync(after, directive, cancellationToken).ConfigureAwait(false)
            || await before.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not CompilationUnitSyntax beforeRoot
            || FindPlainUsing(beforeRoot, namespaceName) is not { } beforeDirective
            || await IsUnusedAsync(before, beforeDirective, cancellationToken).ConfigureAwait(false))
        {
            return after;
        }

        // A header comment above the first using stays; the using's own line goes.
        var keepsComments = directive.GetLeadingTrivia().Any(t => !t.IsKind(SyntaxKind.WhitespaceTrivia) && !t.IsKind(SyntaxKind.EndOfLineTrivia));
        return root.RemoveNode(directive, keepsComments ? SyntaxRemoveOptions.KeepLeadingTrivia : SyntaxRemoveOptions.KeepNoTrivia) is { } newRoot
            ? after.WithSyntaxRoot(newRoot)
            : after;
    }

    private static UsingDirectiveSyntax? FindPlainUsing(CompilationUnitSyntax root, string namespaceName)
        => root.Usings.Concat(root.Members.OfType<BaseNamespaceDeclarationSyntax>().SelectMany(n => n.Usings))
            .FirstOrDefault(u => u.Alias is null && u.StaticKeyword.IsKind(SyntaxKind.None) && u.GlobalKeyword.IsKind(SyntaxKind.None) && u.Name?.ToString() == namespaceName);

    private static async Task<bool> IsUnusedAsync(Document document, UsingDirectiveSyntax directive, CancellationToken cancellationToken)
        => await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is { } model
           && model.GetDiagnostics(cancellationToken: cancellationToken).Any(d => d.Id == "CS8019" && d.Location.SourceSpan == directive.Span);
}
