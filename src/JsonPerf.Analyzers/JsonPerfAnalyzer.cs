namespace JsonPerf.Analyzers;

/// <summary>Hosts the rules on in every build (<see cref="RuleRegistration.Hosted"/>): one callback per operation kind, each rule skipped where off.</summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class JsonPerfAnalyzer : JsonAnalyzer
{
    private readonly ImmutableArray<JsonAnalyzer> rules = RuleRegistry.All.Where(r => r.Hosted).Select(r => r.CreateAnalyzer()).ToImmutableArray();

    public JsonPerfAnalyzer() => SupportedDiagnostics = rules.SelectMany(r => r.SupportedDiagnostics).ToImmutableArray();

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; }

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
