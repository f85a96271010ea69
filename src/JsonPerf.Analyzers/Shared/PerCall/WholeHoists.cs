namespace JsonPerf.Analyzers;

/// <summary>
/// Code a rule's fix hoists whole into a static readonly field: a rule whose fix would hoist a part of it stays silent,
/// since the two fixes in either order would write different results. The hoisting rule registers its judgement.
/// </summary>
internal sealed class WholeHoists
{
    private Func<IOperation, ISymbol, CancellationToken, bool>? covers;

    public static WholeHoists For(JsonSymbols symbols) => symbols.RuleState(static (_, _) => new WholeHoists());

    /// <summary>Registers the hoisting rule's judgement, once per compilation.</summary>
    public void Register(Func<IOperation, ISymbol, CancellationToken, bool> judge) => Volatile.Write(ref covers, judge);

    public bool Covers(IOperation part, ISymbol containingSymbol, CancellationToken cancellationToken)
        => Volatile.Read(ref covers) is { } judge && judge(part, containingSymbol, cancellationToken);
}
