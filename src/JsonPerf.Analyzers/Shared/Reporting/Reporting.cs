namespace JsonPerf.Analyzers;

/// <summary>
/// How every rule reports. With <see cref="GeneratedCodeAnalysisFlags.ReportDiagnostics"/> alone (<c>JsonAnalyzer.GeneratedCode</c>)
/// the compiler no longer checks each location for generated code, a walk of every token of the file; callbacks run only
/// in declarations it judged not generated, so what is left of that check is a hidden line (<see cref="IsVisible"/>).
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

    /// <summary>False where the compiler counts a position hidden: under <c>#line hidden</c>, or before such a file's first <c>#line</c>.</summary>
    internal static bool IsVisible(Location location)
        => location.SourceTree is not { } tree
           || !tree.HasHiddenRegions()
           || tree.GetLineVisibility(location.SourceSpan.Start) == LineVisibility.Visible;
}
