using System;
using System.Collections.Immutable;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace JsonPerf.AnalyzerCost;

#pragma warning disable RS1001, RS1012, RS1025, RS1026 // A wrapper this tool creates itself around an analyzer it was given, never exported or shipped.
/// <summary>
/// Runs an analyzer as it is and counts the bytes its own callbacks allocate (the thread's allocation counter read
/// before and after each callback, the compilation start action included). Every allocation may be the one that
/// starts a collection, and the collection's pause is charged to whichever analyzer was running, so the bytes are
/// the steadier measure of what an analyzer costs a build beside its time. Forwards the registrations the measured
/// analyzers use (compilation start; operation, symbol, syntax node, syntax tree, semantic model and compilation end
/// actions); any other registration throws, so that a measurement never silently drops a callback.
/// </summary>
internal sealed class Metered(DiagnosticAnalyzer inner) : DiagnosticAnalyzer
{
    private long allocated;
    private long gcPauseTicks;

    public long AllocatedBytes => Interlocked.Read(ref allocated);

    /// <summary>
    /// The collections' pauses that fell inside this analyzer's callbacks: the compiler's timer charges them to the
    /// analyzer, whoever's allocations made the collection due (the bound compilation makes each one long).
    /// </summary>
    public TimeSpan GcPauseInCallbacks => TimeSpan.FromTicks(Interlocked.Read(ref gcPauseTicks));

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => inner.SupportedDiagnostics;

    public override void Initialize(AnalysisContext context) => inner.Initialize(new Context(context, this));

    private Action<T> Wrap<T>(Action<T> action) => argument =>
    {
        var before = GC.GetAllocatedBytesForCurrentThread();
        var paused = GC.GetTotalPauseDuration();
        try
        {
            action(argument);
        }
        finally
        {
            Interlocked.Add(ref allocated, GC.GetAllocatedBytesForCurrentThread() - before);
            Interlocked.Add(ref gcPauseTicks, (GC.GetTotalPauseDuration() - paused).Ticks);
        }
    };

    private sealed class Context(AnalysisContext context, Metered meter) : AnalysisContext
    {
        public override void EnableConcurrentExecution() => context.EnableConcurrentExecution();

        public override void ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags analysisMode) => context.ConfigureGeneratedCodeAnalysis(analysisMode);

        public override void RegisterCompilationStartAction(Action<CompilationStartAnalysisContext> action)
            => context.RegisterCompilationStartAction(meter.Wrap<CompilationStartAnalysisContext>(start => action(new StartContext(start, meter))));

        public override void RegisterCompilationAction(Action<CompilationAnalysisContext> action) => context.RegisterCompilationAction(meter.Wrap(action));

        public override void RegisterSemanticModelAction(Action<SemanticModelAnalysisContext> action) => context.RegisterSemanticModelAction(meter.Wrap(action));

        public override void RegisterSymbolAction(Action<SymbolAnalysisContext> action, ImmutableArray<SymbolKind> symbolKinds) => context.RegisterSymbolAction(meter.Wrap(action), symbolKinds);

        public override void RegisterCodeBlockStartAction<TLanguageKindEnum>(Action<CodeBlockStartAnalysisContext<TLanguageKindEnum>> action) => throw new NotSupportedException(nameof(RegisterCodeBlockStartAction));

        public override void RegisterCodeBlockAction(Action<CodeBlockAnalysisContext> action) => throw new NotSupportedException(nameof(RegisterCodeBlockAction));

        public override void RegisterSyntaxTreeAction(Action<SyntaxTreeAnalysisContext> action) => context.RegisterSyntaxTreeAction(meter.Wrap(action));

        public override void RegisterSyntaxNodeAction<TLanguageKindEnum>(Action<SyntaxNodeAnalysisContext> action, ImmutableArray<TLanguageKindEnum> syntaxKinds) => context.RegisterSyntaxNodeAction(meter.Wrap(action), syntaxKinds);

        public override void RegisterOperationAction(Action<OperationAnalysisContext> action, ImmutableArray<OperationKind> operationKinds) => context.RegisterOperationAction(meter.Wrap(action), operationKinds);
    }

    private sealed class StartContext(CompilationStartAnalysisContext start, Metered meter) : CompilationStartAnalysisContext(start.Compilation, start.Options, start.CancellationToken)
    {
        public override void RegisterCompilationEndAction(Action<CompilationAnalysisContext> action) => start.RegisterCompilationEndAction(meter.Wrap(action));

        public override void RegisterSemanticModelAction(Action<SemanticModelAnalysisContext> action) => start.RegisterSemanticModelAction(meter.Wrap(action));

        public override void RegisterSymbolAction(Action<SymbolAnalysisContext> action, ImmutableArray<SymbolKind> symbolKinds) => start.RegisterSymbolAction(meter.Wrap(action), symbolKinds);

        public override void RegisterCodeBlockStartAction<TLanguageKindEnum>(Action<CodeBlockStartAnalysisContext<TLanguageKindEnum>> action) => throw new NotSupportedException(nameof(RegisterCodeBlockStartAction));

        public override void RegisterCodeBlockAction(Action<CodeBlockAnalysisContext> action) => throw new NotSupportedException(nameof(RegisterCodeBlockAction));

        public override void RegisterSyntaxTreeAction(Action<SyntaxTreeAnalysisContext> action) => start.RegisterSyntaxTreeAction(meter.Wrap(action));

        public override void RegisterSyntaxNodeAction<TLanguageKindEnum>(Action<SyntaxNodeAnalysisContext> action, ImmutableArray<TLanguageKindEnum> syntaxKinds) => start.RegisterSyntaxNodeAction(meter.Wrap(action), syntaxKinds);

        public override void RegisterOperationAction(Action<OperationAnalysisContext> action, ImmutableArray<OperationKind> operationKinds) => start.RegisterOperationAction(meter.Wrap(action), operationKinds);
    }
}
