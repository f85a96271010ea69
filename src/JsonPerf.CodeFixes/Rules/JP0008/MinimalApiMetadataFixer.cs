using System.Composition;
using Analyzer = JsonPerf.Analyzers.MinimalApiMetadataAnalyzer;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0008 fix: registers the endpoint's type on the first context that <c>ConfigureHttpJsonOptions</c> adds
/// (<c>[JsonSerializable(typeof(T))]</c>, <see cref="ContextEditing.RegisterTypesAsync"/>), with the other types of the same site. The options and the
/// endpoint stay as they are: the framework finds the new metadata through the chain. Not offered when the context is
/// not a partial class of the project's own, when the generator would not give the type's property the name it needs
/// (two types of the same name, one of the context's own member names, or the context's name), or when a public
/// context would have to name a non-public type.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(MinimalApiMetadataFixer)), Shared]
public sealed class MinimalApiMetadataFixer : JsonFixer
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Rules.MinimalApiTypeWithoutMetadataId);

    protected override string Title => "Register the type on the context of ConfigureHttpJsonOptions";

    protected override bool IsFixable(Diagnostic diagnostic) => diagnostic.Properties.ContainsKey(DiagnosticProperties.TypeName);

    protected override async Task<PreparedFix?> PrepareAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        if (!diagnostic.Properties.TryGetValue(DiagnosticProperties.TypeName, out var typeName)
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || JsonSymbols.For(model.Compilation) is not { } symbols
            || MinimalApiSymbols.For(model.Compilation) is not { } api
            || HttpJsonChain.FromContextNames(model.Compilation, symbols, diagnostic.Properties.TryGetValue(DiagnosticProperties.Contexts, out var contexts) ? contexts : null) is not { } chain)
        {
            return null;
        }

        // The endpoint's types at this site, found again on the document as it is now (Fix All moves sites). All of
        // them: Fix All visits a site once, and a response such as Results<Ok<A>, BadRequest<B>> has several.
        var types = new List<ITypeSymbol>();
        foreach (var call in site.AncestorsAndSelf().OfType<InvocationExpressionSyntax>())
        {
            if (model.GetOperation(call, cancellationToken) is IInvocationOperation invocation
                && Analyzer.EndpointTypes(invocation, symbols, api) is { } endpointTypes)
            {
                types.AddRange(endpointTypes.Where(t => t.Location.SourceSpan == site.Span && !chain.Covers(t.Type)).Select(t => t.Type).Distinct<ITypeSymbol>(SymbolEqualityComparer.Default));
                break;
            }
        }

        if (!types.Any(t => t.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat) == typeName)
            || chain.Contexts.FirstOrDefault(c => IsEditable(document.Project, c, cancellationToken)) is not { } context)
        {
            return null;
        }

        // Each type once the generator can name it on the context next to what the chain already has (its own name is
        // not one of the context's members, nor the context's name), and a public context names only public types.
        var known = chain.CoveredTypes.ToImmutableArray();
        var registered = new List<ITypeSymbol>();
        foreach (var type in types)
        {
            if (GeneratedMetadata.IsSafeForGeneratedMetadata(type, model.Compilation, out var reachable)
                && GeneratedNames.CanRegister(type, reachable, context, known))
            {
                known = known.AddRange(reachable);
                registered.Add(type);
            }
        }

        return registered.Count == 0 ? null : ct => ContextEditing.RegisterTypesAsync(document.Project, context, registered, ct);
    }

    /// <summary>A context written in the project as partial classes only (the generator's part aside).</summary>
    private static bool IsEditable(Project project, INamedTypeSymbol context, CancellationToken cancellationToken)
        => ContextDiscovery.WrittenParts(project, context) is { Count: > 0 } parts
           && parts.All(r => r.GetSyntax(cancellationToken) is ClassDeclarationSyntax declaration && declaration.Modifiers.Any(SyntaxKind.PartialKeyword));
}
