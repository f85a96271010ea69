namespace JsonPerf.Analyzers;

/// <summary>
/// A fix makes one edit for every target framework (the fix pipeline checks it in each target's document), so in a
/// project with several targets nothing under <c>#if</c> is fixed: the site, or code the fix would fold or remove (a
/// rule names it as an additional location). Every rule's diagnostic there says so, and carries
/// no fix properties: the lightbulb offers nothing that would then do nothing.
/// </summary>
internal static class EveryTargetNote
{
    public static Diagnostic Apply(Diagnostic diagnostic, AnalyzerConfigOptions globalOptions)
    {
        if (diagnostic.Properties.Count == 0
            || diagnostic.Location.SourceTree is not { } tree
            || !IsMultiTargeted(globalOptions)
            || tree.GetRoot() is not { ContainsDirectives: true } root
            || !(new[] { diagnostic.Location }.Concat(diagnostic.AdditionalLocations).Any(l => l.SourceTree == tree
                     && ConditionalCompilation.IsInConditionalRegion(root.FindNode(l.SourceSpan, getInnermostNodeForTie: true)))
                 || (diagnostic.Id is Rules.OptionsCreatedPerCallId or Rules.EncoderCreatedPerCallId
                     && LocalUsedUnderIf(root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true), tree))))
        {
            return diagnostic;
        }

        var descriptor = diagnostic.Descriptor;
        // The fixable message has an empty note (each rule's last argument); the note is appended to it.
        return Diagnostic.Create(
            descriptor.Id, descriptor.Category, diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture) + Rules.NoFixForTargets,
            diagnostic.Severity, descriptor.DefaultSeverity, descriptor.IsEnabledByDefault, diagnostic.WarningLevel,
            descriptor.Title, descriptor.Description, descriptor.HelpLinkUri, diagnostic.Location, diagnostic.AdditionalLocations,
            descriptor.CustomTags, DiagnosticProperties.None);
    }

    /// <summary>
    /// The site initializes a local whose name an <c>#if</c> region of its member mentions: JP0001's and JP0004's fixes
    /// replace the local's uses, which each target compiles differently (Anthropic.SDK's options, used in both branches).
    /// </summary>
    private static bool LocalUsedUnderIf(SyntaxNode site, SyntaxTree tree)
    {
        if (site.FirstAncestorOrSelf<VariableDeclaratorSyntax>() is not { Initializer: { } initializer } local
            || !initializer.Span.Contains(site.Span)
            || local.FirstAncestorOrSelf<SyntaxNode>(n => n is BaseMethodDeclarationSyntax or AccessorDeclarationSyntax or LocalFunctionStatementSyntax or AnonymousFunctionExpressionSyntax or GlobalStatementSyntax) is not { } member)
        {
            return false;
        }

        return ConditionalCompilation.RegionMentions(member, tree.GetText(), local.Identifier.ValueText);
    }

    /// <summary>The package's <c>JsonPerfMultiTargeted</c>: <c>TargetFrameworks</c> names two or more targets.</summary>
    internal static bool IsMultiTargeted(AnalyzerConfigOptions globalOptions)
        => globalOptions.TryGetValue("build_property.JsonPerfMultiTargeted", out var value)
           && string.Equals(value.Trim(), "true", StringComparison.OrdinalIgnoreCase);
}
