namespace JsonPerf.Analyzers;

/// <summary>
/// JP0004: <c>JavaScriptEncoder.Create(...)</c> (any overload) in code that runs per call, unless its result is
/// being cached: stored in a field, assigned with <c>??=</c>, or returned from a factory (a method, or a lambda
/// handed to <c>Lazy&lt;T&gt;</c>, <c>GetOrAdd</c> and the like).
/// </summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("MicrosoftCodeAnalysisCorrectness", "RS1001:Missing diagnostic analyzer attribute", Justification = "Hosted by JsonPerfAnalyzer, which the package exports; exported alone too, the rule would run twice.")]
public sealed class JavaScriptEncoderCreatedPerCallAnalyzer : JsonAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rules.EncoderCreatedPerCall);

    private protected override void OnCompilationStart(CompilationStartAnalysisContext context, JsonSymbols symbols)
    {
        if (symbols.JavaScriptEncoder is { } encoder)
        {
            context.RegisterOperationAction(c => AnalyzeInvocation(c, symbols, encoder), OperationFilter.CallsDeclaredIn(encoder));
        }
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, JsonSymbols symbols, INamedTypeSymbol encoder)
    {
        var invocation = (IInvocationOperation)context.Operation;
        if (invocation.TargetMethod is not { Name: "Create", IsStatic: true } method
            || !SymbolEqualityComparer.Default.Equals(method.ContainingType, encoder)
            || !invocation.MayRunPerCall(context.ContainingSymbol, symbols, context.CancellationToken)
            || symbols.IsInsideExpressionTree(invocation)
            || IsCached(invocation, context.ContainingSymbol)
            || !invocation.RunsPerCall(context.ContainingSymbol, symbols, context.CancellationToken)  // it may read the type's every declaration
            || WholeHoists.For(symbols).Covers(invocation, context.ContainingSymbol, context.CancellationToken))  // options hoisted with their encoder
        {
            return;
        }

        // A call whose encoder nothing uses is no value to hoist: the call itself is the waste.
        var discarded = invocation.Parent is IExpressionStatementOperation;
        var fixable = !discarded && StaticInitializerCheck.CanMoveToStaticInitializer(invocation, symbols) && StaticInitializerCheck.CanAddStaticField(invocation);
        var properties = fixable ? DiagnosticProperties.With(DiagnosticProperties.FixKind, EncoderPerCallFix.Hoist) : DiagnosticProperties.None;
        context.Report(Diagnostic.Create(Rules.EncoderCreatedPerCall, invocation.Syntax.GetLocation(), properties, discarded ? Rules.NoFixDiscardedEncoder : Rules.FixNote(fixable)));
    }

    private static bool IsCached(IOperation invocation, ISymbol containingSymbol)
    {
        var use = invocation.WalkUpValuePassThrough();
        switch (use.Parent)
        {
            case ICoalesceAssignmentOperation:
                return true;

            case ISimpleAssignmentOperation assignment when assignment.Value == use:
                return IsCacheTarget(assignment.Target);

            case IReturnOperation:
                // A factory (method or lambda) hands the encoder to whoever caches it; a property getter that
                // returns a new encoder on every read is the slip this rule is for.
                return !(use.EnclosingFunction() is null && containingSymbol is IMethodSymbol { MethodKind: MethodKind.PropertyGet });

            case IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator }:
                return IsLocalCached(declarator);

            default:
                return false;
        }
    }

    /// <summary>A field, or a property of anything but per-call options (<c>options.Encoder = ...</c> is not a cache).</summary>
    private static bool IsCacheTarget(IOperation target) => target switch
    {
        IFieldReferenceOperation => true,
        IPropertyReferenceOperation property => property.Property.Name != "Encoder",
        _ => false,
    };

    private static bool IsLocalCached(IVariableDeclaratorOperation declarator)
    {
        foreach (var operation in declarator.Root().Descendants())
        {
            if (operation is ILocalReferenceOperation reference
                && SymbolEqualityComparer.Default.Equals(reference.Local, declarator.Symbol)
                && reference.WalkUpValuePassThrough() is var value
                && (value.Parent is ICoalesceAssignmentOperation
                    || (value.Parent is ISimpleAssignmentOperation assignment && assignment.Value == value && IsCacheTarget(assignment.Target))))
            {
                return true;
            }
        }

        return false;
    }
}
