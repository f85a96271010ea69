using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace JsonPerf.FloorProbe;

/// <summary>
/// Registers, as JsonPerf's hosted analyzer does, one operation callback for invocations and one for object creations
/// from a compilation start action (concurrent, generated code skipped, <see cref="GeneratedCodeAnalysisFlags.ReportDiagnostics"/>),
/// and does nothing in them. What the compiler charges it in a build is the floor of any analyzer that looks at every
/// call and creation of the project: the driver's own work per callback, and the waits (other threads, collections)
/// that fall inside callbacks. It never reports.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class EmptyOperationCallbacks : DiagnosticAnalyzer
{
    private static readonly DiagnosticDescriptor Never = new(
        "JPFLOOR", "Never reported", "Never reported", "Probe", DiagnosticSeverity.Warning, isEnabledByDefault: true);

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Never);

    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.ReportDiagnostics);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(start =>
        {
            start.RegisterOperationAction(static _ => { }, OperationKind.Invocation);
            start.RegisterOperationAction(static _ => { }, OperationKind.ObjectCreation);
        });
    }
}
