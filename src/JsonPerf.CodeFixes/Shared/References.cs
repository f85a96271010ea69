namespace JsonPerf.CodeFixes;

/// <summary>One walk over every reference to a symbol in the solution, for fixes that may only change a member whose every use they understand.</summary>
internal static class References
{
    /// <summary>A reference: its document, location, name (a <c>cref</c>'s too), model and symbols.</summary>
    public readonly struct Use
    {
        public Use(Document document, Location location, bool isImplicit, SyntaxNode node, SemanticModel model, JsonSymbols symbols)
        {
            Document = document;
            Location = location;
            IsImplicit = isImplicit;
            Node = node;
            Model = model;
            Symbols = symbols;
        }

        public Document Document { get; }
        public Location Location { get; }

        /// <summary>A use the code does not spell (a <c>foreach</c>'s <c>GetEnumerator</c>, a deconstruction).</summary>
        public bool IsImplicit { get; }

        public SyntaxNode Node { get; }

        /// <summary>A doc comment's <c>cref</c>: it names the symbol without using it.</summary>
        public bool IsInDocComment => Node.FirstAncestorOrSelf<CrefSyntax>() is not null;
        public SemanticModel Model { get; }
        public JsonSymbols Symbols { get; }
    }

    /// <summary>True when every reference can be read and <paramref name="accept"/> accepts it; a private member's: <see cref="PrivateMemberUses"/>.</summary>
    public static async Task<bool> AllAsync(ISymbol symbol, Solution solution, Func<Use, bool> accept, CancellationToken cancellationToken)
    {
        if (await PrivateMemberUses.AllAsync(symbol, solution, accept, cancellationToken).ConfigureAwait(false) is { } known)
        {
            return known;
        }

        foreach (var referenced in await SymbolFinder.FindReferencesAsync(symbol, solution, cancellationToken).ConfigureAwait(false))
        {
            foreach (var location in referenced.Locations)
            {
                if (await location.Document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
                    || await location.Document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root
                    || JsonSymbols.For(model.Compilation) is not { } symbols
                    || !accept(new Use(location.Document, location.Location, location.IsImplicit, root.FindNode(location.Location.SourceSpan, findInsideTrivia: true, getInnermostNodeForTie: true), model, symbols)))
                {
                    return false;
                }
            }
        }

        return true;
    }
}
