namespace JsonPerf.Analyzers;

/// <summary>
/// How every rule reports a diagnostic. The analyzers configure <see cref="GeneratedCodeAnalysisFlags.ReportDiagnostics"/>
/// without <see cref="GeneratedCodeAnalysisFlags.Analyze"/> (see <c>JsonAnalyzer.GeneratedCode</c>; JP0003 keeps None): the compiler makes no
/// callback for generated code, exactly as with <see cref="GeneratedCodeAnalysisFlags.None"/>, but it no longer checks
/// each reported location for generated code, a check that walks every token of the file (and, in a file that
/// mentions <c>GeneratedCode</c>, binds every declaration in it). Each such rule reports inside the declaration its
/// callback was given, which the compiler has already judged not generated, so what is left of that check is the
/// one thing that could differ inside such a declaration: a hidden line (see <see cref="IsVisible"/>), checked here as the
/// compiler checks it (in every case the tests hold, the compiler already skips such a declaration altogether;
/// tests/.../Hosting/GeneratedCodeTests compares both ways of checking on every test source).
/// </summary>
internal static class Reporting
{
    public static void Report(this OperationAnalysisContext context, Diagnostic diagnostic)
    {
        if (IsVisible(diagnostic.Location))
        {
#pragma warning disable RS0030 // The one place that reports: the hidden-line check above is what the compiler would do.
            context.ReportDiagnostic(EveryTargetNote.Apply(diagnostic, context.Options.AnalyzerConfigOptionsProvider.GlobalOptions));
#pragma warning restore RS0030
        }
    }

    public static void Report(this SymbolAnalysisContext context, Diagnostic diagnostic)
    {
        if (IsVisible(diagnostic.Location))
        {
#pragma warning disable RS0030
            context.ReportDiagnostic(EveryTargetNote.Apply(diagnostic, context.Options.AnalyzerConfigOptionsProvider.GlobalOptions));
#pragma warning restore RS0030
        }
    }

    /// <summary>
    /// False where the compiler counts a position as hidden: in a file with <c>#line hidden</c>, a line under it or
    /// before the file's first <c>#line</c> directive.
    /// </summary>
    internal static bool IsVisible(Location location)
        => location.SourceTree is not { } tree
           || !tree.HasHiddenRegions()
           || tree.GetLineVisibility(location.SourceSpan.Start) == LineVisibility.Visible;
}
