namespace JsonPerf.Analyzers;

/// <summary>
/// The rules that are on in every build (warnings by default: <see cref="RuleRegistration.Hosted"/>), hosted in one analyzer: the compiler
/// calls one callback per operation kind instead of one per rule, and each rule's own filter runs inside it.
/// A rule whose severity is <c>none</c> for a file (or everywhere) is skipped there. Rules that are info or hidden by
/// default stay analyzers of their own, so that command-line builds, which skip analyzers whose every rule is info or
/// hidden, keep skipping them.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class JsonPerfAnalyzer : JsonAnalyzer
{
    private readonly ImmutableArray<JsonAnalyzer> rules = RuleRegistry.All.Where(r => r.Hosted).Select(r => r.CreateAnalyzer()).ToImmutableArray();

    public JsonPerfAnalyzer() => SupportedDiagnostics = rules.SelectMany(r => r.SupportedDiagnostics).ToImmutableArray();

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; }

    /// <summary>The rule analyzers this analyzer hosts.</summary>
    internal ImmutableArray<JsonAnalyzer> Rules => rules;

    private protected override void OnCompilationStart(CompilationStartAnalysisContext context, JsonSymbols symbols)
    {
        var shared = new SharedOperationActions(context);
        var gates = RuleGate.CreateAll(context.Compilation, rules.Select(r => r.SupportedDiagnostics).ToImmutableArray(), context.CancellationToken);
        for (var i = 0; i < rules.Length; i++)
        {
            if (gates[i] is { } gate)
            {
                rules[i].RegisterIn(shared.For(gate), symbols);
            }
        }

        shared.Register();
    }
}
