using Microsoft.CodeAnalysis.Text;

namespace JsonPerf.Analyzers;

/// <summary>
/// JPS0001: CA1869 ("cache and reuse JsonSerializerOptions instances") is suppressed on the creations JP0001 reports, so
/// a build that runs both shows one warning per site, JP0001's, with its cost and a fix. CA1869 stays wherever JP0001 does
/// not report, and in files where JP0001's severity is <c>none</c> (the rule does not run there). A suppressor is shown
/// only CA1869, never JP0001's diagnostic, so it asks what JP0001 recorded or its judgement
/// (<see cref="JsonSerializerOptionsCreatedPerCallAnalyzer.Judge"/>). A JP0001 suppressed in source (<c>#pragma</c>,
/// <c>[SuppressMessage]</c>) still suppresses CA1869: the author accepted that cost there, and the compiler applies such
/// suppressions after JP0001 has reported and recorded the creation.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class Ca1869Suppressor : DiagnosticSuppressor
{
    public const string SuppressedId = "CA1869";

    internal static readonly SuppressionDescriptor SameSiteAsJP0001 = new(
        id: "JPS0001",
        suppressedDiagnosticId: SuppressedId,
        justification: "JP0001 reports this JsonSerializerOptions creation (with its cost and a fix); CA1869 on the same creation would be a second warning for one problem.");

    public override ImmutableArray<SuppressionDescriptor> SupportedSuppressions { get; } = ImmutableArray.Create(SameSiteAsJP0001);

    public override void ReportSuppressions(SuppressionAnalysisContext context)
    {
        if (context.ReportedDiagnostics.IsEmpty
            || JsonSymbols.For(context.Compilation) is not { } symbols
            || RuleGate.Create(context.Compilation, ImmutableArray.Create(Rules.OptionsCreatedPerCall), context.CancellationToken) is not { } gate)
        {
            return;
        }

        foreach (var diagnostic in context.ReportedDiagnostics)
        {
            context.CancellationToken.ThrowIfCancellationRequested();
            // Cheapest first: the settings of the file, then what JP0001 reported, and only where JP0001 did not run,
            // its judgement (a semantic model, for a file of this compilation only).
            if (diagnostic.Id == SuppressedId
                && diagnostic.Location is { IsInSource: true, SourceTree: { } tree } location
                && !TurnedOff(context.Compilation, tree, context.CancellationToken)
                && gate.IsOn(tree, context.CancellationToken)
                && (ReportedOptionsCreations.For(symbols).Contains(tree, location.SourceSpan)
                    || (context.Compilation.ContainsSyntaxTree(tree) && JP0001ReportsAt(context.GetSemanticModel(tree), location.SourceSpan, symbols, context.CancellationToken))))
            {
                context.ReportSuppression(Suppression.Create(SameSiteAsJP0001, diagnostic));
            }
        }
    }

    /// <summary>
    /// <c>dotnet_diagnostic.JPS0001.severity = none</c> in the file's <c>.editorconfig</c> or a global config. The
    /// compiler itself only honours <c>/nowarn:JPS0001</c> (the compilation options) for suppressors.
    /// </summary>
    private static bool TurnedOff(Compilation compilation, SyntaxTree tree, CancellationToken cancellationToken)
        => compilation.Options.SyntaxTreeOptionsProvider is { } provider
           && (provider.TryGetDiagnosticValue(tree, SameSiteAsJP0001.Id, cancellationToken, out var severity)
               ? severity == ReportDiagnostic.Suppress
               : provider.TryGetGlobalDiagnosticValue(SameSiteAsJP0001.Id, cancellationToken, out var global) && global == ReportDiagnostic.Suppress);

    internal static bool JP0001ReportsAt(SemanticModel model, TextSpan span, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        var root = model.SyntaxTree.GetRoot(cancellationToken);
        return root.FullSpan.Contains(span)
               && root.FindNode(span, getInnermostNodeForTie: true).FirstAncestorOrSelf<BaseObjectCreationExpressionSyntax>() is { } creationSyntax
               && creationSyntax.Span == span
               && model.GetOperation(creationSyntax, cancellationToken) is IObjectCreationOperation creation
               && model.GetEnclosingSymbol(creationSyntax.SpanStart, cancellationToken)?.ContainingMember() is { } containingSymbol
               && JsonSerializerOptionsCreatedPerCallAnalyzer.Judge(creation, containingSymbol, symbols, cancellationToken) is { } reported
               && reported.Location.SourceSpan == span;
    }
}
