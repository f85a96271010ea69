namespace JsonPerf.Analyzers;

/// <summary>
/// One callback per operation kind for the hosted rules' callbacks, each run where its rule is on and, with an
/// <see cref="OperationFilter"/>, only for the types it asked for. Other registrations go to the compiler as they are.
/// </summary>
internal sealed class SharedOperationActions
{
    private readonly CompilationStartAnalysisContext context;
    private readonly Dictionary<OperationKind, List<Handler>> actions = new();

    // RS1012: this context does register, in Register() and through each rule's RuleContext.
#pragma warning disable RS1012
    public SharedOperationActions(CompilationStartAnalysisContext context) => this.context = context;
#pragma warning restore RS1012

    /// <summary>The registration context handed to one rule.</summary>
    public CompilationStartAnalysisContext For(RuleGate gate) => new RuleContext(this, gate);

    public void Register()
    {
        foreach (var pair in actions)
        {
            var dispatch = new Dispatch(pair.Value.ToArray());
            context.RegisterOperationAction(dispatch.Run, pair.Key);
        }
    }

    private void Add(Handler handler, OperationKind kind)
    {
        if (!actions.TryGetValue(kind, out var list))
        {
            actions[kind] = list = new List<Handler>();
        }

        list.Add(handler);
    }

    private sealed class Handler
    {
        public Handler(RuleGate gate, Action<OperationAnalysisContext> action, OperationFilter? filter)
        {
            Gate = gate;
            Action = action;
            Filter = filter;
        }

        public RuleGate Gate { get; }

        public Action<OperationAnalysisContext> Action { get; }

        /// <summary>Null: every operation of the kind.</summary>
        public OperationFilter? Filter { get; }
    }

    /// <summary>One operation kind's callbacks; with filters, a bit per callback in a mask per key type.</summary>
    private sealed class Dispatch
    {
        private readonly Handler[] handlers;
        private readonly bool indexed;
        private readonly uint unfiltered;
        private readonly Dictionary<ISymbol, uint> byDeclaringType = new(SymbolEqualityComparer.Default);
        private readonly Dictionary<ISymbol, uint> byReturnType = new(SymbolEqualityComparer.Default);
        private readonly Dictionary<ISymbol, uint> byCreatedType = new(SymbolEqualityComparer.Default);

        public Dispatch(Handler[] handlers)
        {
            this.handlers = handlers;
            indexed = handlers.Length <= 32 && handlers.Any(h => h.Filter is not null);
            if (!indexed)
            {
                return;
            }

            for (var i = 0; i < handlers.Length; i++)
            {
                var bit = 1u << i;
                if (handlers[i].Filter is not { } filter)
                {
                    unfiltered |= bit;
                    continue;
                }

                Index(byDeclaringType, filter.DeclaringTypes, bit);
                Index(byReturnType, filter.ReturnTypes, bit);
                Index(byCreatedType, filter.CreatedTypes, bit);
            }
        }

        public void Run(OperationAnalysisContext c)
        {
            if (!indexed)
            {
                var file = c.Operation.Syntax.SyntaxTree;
                foreach (var handler in handlers)
                {
                    if ((handler.Filter is null || handler.Filter.Accepts(c.Operation)) && handler.Gate.IsOn(file, c.CancellationToken))
                    {
                        handler.Action(c);
                    }
                }

                return;
            }

            var mask = unfiltered | Matching(c.Operation);
            if (mask == 0)
            {
                // Most operations: no rule asked for them, so no file lookup either.
                return;
            }

            var tree = c.Operation.Syntax.SyntaxTree;
            for (var i = 0; mask != 0; i++, mask >>= 1)
            {
                if ((mask & 1) != 0 && handlers[i].Gate.IsOn(tree, c.CancellationToken))
                {
                    handlers[i].Action(c);
                }
            }
        }

        private uint Matching(IOperation operation)
        {
            uint mask = 0;
            switch (operation)
            {
                case IInvocationOperation invocation:
                    mask |= Lookup(byDeclaringType, OperationFilter.DeclaringKey(invocation));
                    if (byReturnType.Count > 0)
                    {
                        mask |= Lookup(byReturnType, OperationFilter.ReturnKey(invocation));
                    }

                    break;

                case IObjectCreationOperation creation when byCreatedType.Count > 0:
                    mask |= Lookup(byCreatedType, OperationFilter.CreatedKey(creation));
                    break;
            }

            return mask;
        }

        private static uint Lookup(Dictionary<ISymbol, uint> index, ISymbol? key)
            => key is not null && index.TryGetValue(key, out var mask) ? mask : 0;

        private static void Index(Dictionary<ISymbol, uint> index, ImmutableArray<INamedTypeSymbol> types, uint bit)
        {
            foreach (var type in types)
            {
                index[type] = index.TryGetValue(type, out var mask) ? mask | bit : bit;
            }
        }
    }

    /// <summary>What a hosted rule sees as its compilation start: operation actions are shared, the rest passes through.</summary>
    private sealed class RuleContext : CompilationStartAnalysisContext, IFilteredOperationActions
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
        {
            foreach (var kind in operationKinds)
            {
                owner.Add(new Handler(gate, action, filter: null), kind);
            }
        }

        public void RegisterOperationAction(Action<OperationAnalysisContext> action, OperationFilter filter)
            => owner.Add(new Handler(gate, action, filter), filter.Kind);

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
