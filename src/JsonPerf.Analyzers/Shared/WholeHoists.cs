namespace JsonPerf.Analyzers;

/// <summary>
/// Code that a rule's fix moves whole into a static readonly field, with the creations inside it. A rule whose fix
/// would hoist one of those parts on its own stays silent there: applied in either order, the two fixes would write two
/// different results, and the whole, once hoisted, pays for the part once. The rule that hoists whole registers its
/// judgement per compilation; with no such rule on, nothing is covered.
/// </summary>
internal sealed class WholeHoists
{
    private Func<IOperation, ISymbol, CancellationToken, bool>? covers;

    public static WholeHoists For(JsonSymbols symbols) => symbols.RuleState(static (_, _) => new WholeHoists());

    /// <summary>Whether the fix of the code around <paramref name="part"/> moves it too (its judgement is registered once per compilation).</summary>
    public void Register(Func<IOperation, ISymbol, CancellationToken, bool> judge) => Volatile.Write(ref covers, judge);

    public bool Covers(IOperation part, ISymbol containingSymbol, CancellationToken cancellationToken)
        => Volatile.Read(ref covers) is { } judge && judge(part, containingSymbol, cancellationToken);
}
