namespace JsonPerf.CodeFixes;

/// <summary>One walk over every reference to a symbol in the solution, for fixes that may only change a member whose every use they understand.</summary>
internal static class References
{
    /// <summary>A reference: where it is, the referencing node, its document's model and that compilation's symbols.</summary>
    public readonly struct Use
    {
        public Use(ReferenceLocation location, SyntaxNode node, SemanticModel model, JsonSymbols symbols)
        {
            Location = location;
            Node = node;
            Model = model;
            Symbols = symbols;
        }

        public ReferenceLocation Location { get; }
        public SyntaxNode Node { get; }
        public SemanticModel Model { get; }
        public JsonSymbols Symbols { get; }
    }

    /// <summary>
    /// True when <paramref name="accept"/> accepts every reference to <paramref name="symbol"/> in <paramref name="solution"/>;
    /// false as soon as one is rejected or cannot be read (no model, no System.Text.Json).
    /// </summary>
    public static async Task<bool> AllAsync(ISymbol symbol, Solution solution, Func<Use, bool> accept, CancellationToken cancellationToken)
    {
        foreach (var referenced in await SymbolFinder.FindReferencesAsync(symbol, solution, cancellationToken).ConfigureAwait(false))
        {
            foreach (var location in referenced.Locations)
            {
                if (await location.Document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
                    || await location.Document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root
                    || JsonSymbols.For(model.Compilation) is not { } symbols
                    || !accept(new Use(location, root.FindNode(location.Location.SourceSpan, getInnermostNodeForTie: true), model, symbols)))
                {
                    return false;
                }
            }
        }

        return true;
    }
}
