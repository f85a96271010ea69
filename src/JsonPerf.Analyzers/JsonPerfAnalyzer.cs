namespace JsonPerf.Analyzers;

/// <summary>
/// The rules that are on in every build (JP0001, JP0004, JP0005, JP0006, JP0007), hosted in one analyzer: the compiler
/// calls one callback per operation kind instead of one per rule, and each rule's own filter runs inside it.
/// A rule whose severity is <c>none</c> for a file (or everywhere) is skipped there. JP0002 (info) and JP0003
/// (hidden) stay analyzers of their own, so that command-line builds, which skip analyzers whose every rule is
/// info or hidden, keep skipping them.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class JsonPerfAnalyzer : JsonAnalyzer
{
    private readonly ImmutableArray<JsonAnalyzer> rules = ImmutableArray.Create<JsonAnalyzer>(
        new JsonSerializerOptionsCreatedPerCallAnalyzer(),
        new JavaScriptEncoderCreatedPerCallAnalyzer(),
        new Utf16DetourAnalyzer(),
        new ConvertWithoutTextAnalyzer(),
        new JsonDocumentNotDisposedAnalyzer());

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
