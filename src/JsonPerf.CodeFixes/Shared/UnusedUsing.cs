namespace JsonPerf.CodeFixes;

/// <summary>
/// A using directive a fix took the last use of: JP0005's fixes remove <c>Encoding.UTF8</c>, and a file left with an
/// unused <c>using System.Text;</c> gets IDE0005, an error where a project enforces code style in its build under
/// TreatWarningsAsErrors (found on anthropic-sdk-csharp).
/// </summary>
internal static class UnusedUsing
{
    /// <summary>
    /// Removes <c>using <paramref name="namespaceName"/>;</c> from <paramref name="after"/> when the compiler calls it
    /// unnecessary there (CS8019) and did not in <paramref name="before"/>. Left alone in a file with <c>#if</c> (code
    /// another target compiles may use it), and global, alias and static usings are never touched.
    /// </summary>
    public static async Task<Document> RemoveIfNewlyUnusedAsync(Document before, Document after, string namespaceName, CancellationToken cancellationToken)
    {
        if (await after.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not CompilationUnitSyntax root
            || Find(root, namespaceName) is not { } directive
            || root.DescendantTrivia().Any(t => t.IsKind(SyntaxKind.IfDirectiveTrivia))
            || !await IsUnusedAsync(after, directive, cancellationToken).ConfigureAwait(false)
            || await before.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not CompilationUnitSyntax beforeRoot
            || Find(beforeRoot, namespaceName) is not { } beforeDirective
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

    private static UsingDirectiveSyntax? Find(CompilationUnitSyntax root, string namespaceName)
        => root.Usings.Concat(root.Members.OfType<BaseNamespaceDeclarationSyntax>().SelectMany(n => n.Usings))
            .FirstOrDefault(u => u.Alias is null && u.StaticKeyword.IsKind(SyntaxKind.None) && u.GlobalKeyword.IsKind(SyntaxKind.None) && u.Name?.ToString() == namespaceName);

    private static async Task<bool> IsUnusedAsync(Document document, UsingDirectiveSyntax directive, CancellationToken cancellationToken)
        => await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is { } model
           && model.GetDiagnostics(cancellationToken: cancellationToken).Any(d => d.Id == "CS8019" && d.Location.SourceSpan == directive.Span);
}
