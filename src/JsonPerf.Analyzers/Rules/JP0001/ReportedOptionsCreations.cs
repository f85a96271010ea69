using Microsoft.CodeAnalysis.Text;

namespace JsonPerf.Analyzers;

/// <summary>
/// The options creations JP0001 reported in a compilation, so that the CA1869 suppressor, which runs after the
/// analyzers, need not judge them again (a walk of the method body). An immutable set swapped in with a
/// compare-and-swap: no lock for the analyzer threads to wait on.
/// </summary>
internal sealed class ReportedOptionsCreations
{
    private ImmutableHashSet<(SyntaxTree Tree, TextSpan Span)> _reported = ImmutableHashSet<(SyntaxTree Tree, TextSpan Span)>.Empty;

    public static ReportedOptionsCreations For(JsonSymbols symbols) => symbols.RuleState(static (_, _) => new ReportedOptionsCreations());

    public void Add(SyntaxTree tree, TextSpan span)
        => ImmutableInterlocked.Update(ref _reported, static (set, creation) => set.Add(creation), (tree, span));

    /// <summary>True when JP0001 has reported the options creation at <paramref name="span"/> in this compilation (false: not known).</summary>
    public bool Contains(SyntaxTree tree, TextSpan span) => Volatile.Read(ref _reported).Contains((tree, span));
}
