namespace JsonPerf.Analyzers;

/// <summary>Base of every analyzer: concurrent, no callbacks in generated code, nothing without System.Text.Json; alone or hosted.</summary>
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
    /// No callbacks in generated code and no per-report check (<see cref="Reporting"/>). A rule reporting at another
    /// declaration of a symbol (a partial part may be generated) keeps <see cref="GeneratedCodeAnalysisFlags.None"/>.
    /// </summary>
    private protected virtual GeneratedCodeAnalysisFlags GeneratedCode => GeneratedCodeAnalysisFlags.ReportDiagnostics;

    /// <summary>Registers the rule's callbacks; called only when System.Text.Json is referenced.</summary>
    private protected abstract void OnCompilationStart(CompilationStartAnalysisContext context, JsonSymbols symbols);

    /// <summary>Lets a host analyzer collect this rule's callbacks.</summary>
    internal void RegisterIn(CompilationStartAnalysisContext host, JsonSymbols symbols) => OnCompilationStart(host, symbols);
}
