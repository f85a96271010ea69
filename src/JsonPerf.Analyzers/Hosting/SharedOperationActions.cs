namespace JsonPerf.Analyzers;

/// <summary>
/// Collects the operation callbacks of the rules one analyzer hosts and registers one callback per operation kind
/// that runs them in turn, each only where its rule is on for the file. Everything else a rule registers (symbol
/// actions, compilation end, ...) goes to the compiler as is.
/// </summary>
internal sealed class SharedOperationActions
{
    private readonly CompilationStartAnalysisContext context;
    private readonly Dictionary<OperationKind, List<(RuleGate Gate, Action<OperationAnalysisContext> Action)>> actions = new();

    // RS1012: this context does register, in Register() and through each rule's RuleContext.
#pragma warning disable RS1012
    public SharedOperationActions(CompilationStartAnalysisContext context) => this.context = context;
#pragma warning restore RS1012

    /// <summary>The registration context handed to one rule.</summary>
    public CompilationStartAnalysisContext For(RuleGate gate) => new RuleContext(this, gate);

    /// <summary>Registers one callback per operation kind with the compiler.</summary>
    public void Register()
    {
        foreach (var pair in actions)
        {
            var handlers = pair.Value.ToArray();
            context.RegisterOperationAction(
                c =>
                {
                    var tree = c.Operation.Syntax.SyntaxTree;
                    foreach (var (gate, action) in handlers)
                    {
                        if (gate.IsOn(tree, c.CancellationToken))
                        {
                            action(c);
                        }
                    }
                },
                pair.Key);
        }
    }

    private void Add(RuleGate gate, Action<OperationAnalysisContext> action, ImmutableArray<OperationKind> kinds)
    {
        foreach (var kind in kinds)
        {
            if (!actions.TryGetValue(kind, out var list))
            {
                actions[kind] = list = new List<(RuleGate, Action<OperationAnalysisContext>)>();
            }

            list.Add((gate, action));
        }
    }

    /// <summary>What a hosted rule sees as its compilation start: operation actions are shared, the rest passes through.</summary>
    private sealed class RuleContext : CompilationStartAnalysisContext
    {
        private readonly SharedOperationActions owner;
        private readonly RuleGate gate;

        public RuleContext(SharedOperationActions owner, RuleGate gate)
            : base(owner.context.Compilation, owner.context.Options, owner.context.CancellationToken)
        {
            this.owner = owner;
            this.gate = gate;
        }

        private CompilationStartAnalysisContext Inner => owner.context;

        public override void RegisterOperationAction(Action<OperationAnalysisContext> action, ImmutableArray<OperationKind> operationKinds)
            => owner.Add(gate, action, operationKinds);

        public override void RegisterSymbolAction(Action<SymbolAnalysisContext> action, ImmutableArray<SymbolKind> symbolKinds)
            => Inner.RegisterSymbolAction(c => { if (IsOn(c.Symbol, c.CancellationToken)) action(c); }, symbolKinds);

        public override void RegisterCompilationEndAction(Action<CompilationAnalysisContext> action) => Inner.RegisterCompilationEndAction(action);

        public override void RegisterSemanticModelAction(Action<SemanticModelAnalysisContext> action)
            => Inner.RegisterSemanticModelAction(c => { if (gate.IsOn(c.SemanticModel.SyntaxTree, c.CancellationToken)) action(c); });

        public override void RegisterSyntaxTreeAction(Action<SyntaxTreeAnalysisContext> action)
            => Inner.RegisterSyntaxTreeAction(c => { if (gate.IsOn(c.Tree, c.CancellationToken)) action(c); });

        public override void RegisterSyntaxNodeAction<TLanguageKindEnum>(Action<SyntaxNodeAnalysisContext> action, ImmutableArray<TLanguageKindEnum> syntaxKinds)
            => Inner.RegisterSyntaxNodeAction(c => { if (gate.IsOn(c.Node.SyntaxTree, c.CancellationToken)) action(c); }, syntaxKinds);

        public override void RegisterCodeBlockStartAction<TLanguageKindEnum>(Action<CodeBlockStartAnalysisContext<TLanguageKindEnum>> action)
            => Inner.RegisterCodeBlockStartAction<TLanguageKindEnum>(c => { if (gate.IsOn(c.CodeBlock.SyntaxTree, c.CancellationToken)) action(c); });

        public override void RegisterCodeBlockAction(Action<CodeBlockAnalysisContext> action)
            => Inner.RegisterCodeBlockAction(c => { if (gate.IsOn(c.CodeBlock.SyntaxTree, c.CancellationToken)) action(c); });

        public override void RegisterOperationBlockStartAction(Action<OperationBlockStartAnalysisContext> action)
            => Inner.RegisterOperationBlockStartAction(c => { if (IsOn(c.OwningSymbol, c.CancellationToken)) action(c); });

        public override void RegisterOperationBlockAction(Action<OperationBlockAnalysisContext> action)
            => Inner.RegisterOperationBlockAction(c => { if (IsOn(c.OwningSymbol, c.CancellationToken)) action(c); });

        public override void RegisterSymbolStartAction(Action<SymbolStartAnalysisContext> action, SymbolKind symbolKind)
            => Inner.RegisterSymbolStartAction(action, symbolKind);

        /// <summary>A symbol is analyzed where it is declared: on if the rule is on in any of its files.</summary>
        private bool IsOn(ISymbol symbol, CancellationToken cancellationToken)
        {
            if (symbol.DeclaringSyntaxReferences.IsEmpty)
            {
                return true;
            }

            foreach (var reference in symbol.DeclaringSyntaxReferences)
            {
                if (gate.IsOn(reference.SyntaxTree, cancellationToken))
                {
                    return true;
                }
            }

            return false;
        }
    }
}
