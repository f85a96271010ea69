using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace JsonPerf.FloorProbe;

/// <summary>
/// Registers, as JsonPerf's hosted analyzer does, one operation callback for invocations and one for object creations
/// from a compilation start action (concurrent, generated code skipped, <see cref="GeneratedCodeAnalysisFlags.ReportDiagnostics"/>),
/// and does nothing in them. What the compiler charges it in a build is the floor of any analyzer that looks at every
/// call and creation of the project: the driver's own work per callback, and the waits (other threads, collections)
/// that fall inside callbacks. It never reports. The in-process tool (<c>DETAIL=1</c>) makes one per operation kind.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class EmptyOperationCallbacks : DiagnosticAnalyzer
{
    private static readonly DiagnosticDescriptor Never = new(
        "JPFLOOR", "Never reported", "Never reported", "Probe", DiagnosticSeverity.Warning, isEnabledByDefault: true);

    private readonly ImmutableArray<OperationKind> kinds;

    /// <summary>As the build loads it: invocations and object creations.</summary>
    public EmptyOperationCallbacks()
        : this(OperationKind.Invocation, OperationKind.ObjectCreation)
    {
    }

    /// <summary>One empty callback for each of <paramref name="kinds"/>.</summary>
    public EmptyOperationCallbacks(params OperationKind[] kinds) => this.kinds = ImmutableArray.Create(kinds);

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Never);

    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.ReportDiagnostics);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(start =>
        {
            foreach (var kind in kinds)
            {
                start.RegisterOperationAction(static _ => { }, kind);
            }
        });
    }
}
