namespace JsonPerf.Analyzers;

/// <summary>
/// What every rule does the same way: concurrent, no callbacks in generated code, and nothing at all in a compilation that
/// does not reference System.Text.Json; the symbols are resolved once per compilation and handed to the rule.
/// A rule's analyzer runs alone (tests, and the rules a build skips by default: JP0002, JP0003) or inside
/// <see cref="JsonPerfAnalyzer"/>, which hosts the rules that are on in every build and shares one callback per
/// operation kind between them.
/// </summary>
public abstract class JsonAnalyzer : DiagnosticAnalyzer
{
    public sealed override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCode);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(start =>
        {
            if (JsonSymbols.For(start.Compilation) is { } symbols)
            {
                OnCompilationStart(start, symbols);
            }
        });
    }

    /// <summary>
    /// No callbacks in generated code (no Analyze flag), as with None; ReportDiagnostics spares each report the
    /// compiler's generated-code check of its location (a walk of the whole file). Right for a rule that reports only inside the declaration its callback
    /// was given (an operation), which the compiler has already judged not generated; <see cref="Reporting.Report(OperationAnalysisContext, Diagnostic)"/>
    /// skips what is left, a hidden line. A rule that reports at another declaration of a symbol (a partial type's
    /// other part may be generated) keeps <see cref="GeneratedCodeAnalysisFlags.None"/>, so that the compiler checks.
    /// </summary>
    private protected virtual GeneratedCodeAnalysisFlags GeneratedCode => GeneratedCodeAnalysisFlags.ReportDiagnostics;

    /// <summary>Registers the rule's callbacks; called only when System.Text.Json is referenced.</summary>
    private protected abstract void OnCompilationStart(CompilationStartAnalysisContext context, JsonSymbols symbols);

    /// <summary>Lets a host analyzer collect this rule's callbacks.</summary>
    internal void RegisterIn(CompilationStartAnalysisContext host, JsonSymbols symbols) => OnCompilationStart(host, symbols);
}
