namespace JsonPerf.Analyzers;

/// <summary>
/// A fix makes one edit for every target framework, so in a multi-targeted project nothing under <c>#if</c> is fixed (the
/// site or an additional location): the diagnostic says so and carries no fix properties.
/// </summary>
internal static class EveryTargetNote
{
    public static Diagnostic Apply(Diagnostic diagnostic, AnalyzerConfigOptions globalOptions)
    {
        if (diagnostic.Properties.Count == 0
            || diagnostic.Location.SourceTree is not { } tree
            || !IsMultiTargeted(globalOptions)
            || tree.GetRoot() is not { ContainsDirectives: true } root
            || !UnderIf(root, tree, diagnostic))
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

    /// <summary>The site, or a span of this tree the rule named as one its fix edits or reads, starts under <c>#if</c>.</summary>
    private static bool UnderIf(SyntaxNode root, SyntaxTree tree, Diagnostic diagnostic)
    {
        var regions = ConditionalCompilation.Regions(root);
        if (regions.Count == 0)
        {
            return false;
        }

        bool Under(Location location) => location.SourceTree == tree && regions.Any(r => r.Contains(location.SourceSpan.Start));
        return Under(diagnostic.Location) || diagnostic.AdditionalLocations.Any(Under);
    }

    /// <summary>The package's <c>JsonPerfMultiTargeted</c>: <c>TargetFrameworks</c> names two or more targets.</summary>
    internal static bool IsMultiTargeted(AnalyzerConfigOptions globalOptions)
        => globalOptions.TryGetValue("build_property.JsonPerfMultiTargeted", out var value)
           && string.Equals(value.Trim(), "true", StringComparison.OrdinalIgnoreCase);
}
