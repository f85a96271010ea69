using Microsoft.CodeAnalysis.Text;

namespace JsonPerf.Analyzers;

/// <summary>
/// The options creations JP0001 reported in a compilation, so that the CA1869 suppressor, which runs after the
/// analyzers, need not judge them again (a walk of the method body). Written as JP0001 reports, read through a set
/// built from it. A list pushed with a compare-and-swap: no lock for the analyzer threads to wait on.
/// </summary>
internal sealed class ReportedOptionsCreations
{
    private ReportedCreation? _reported;
    private int _reportedCount;
    private Tuple<HashSet<(SyntaxTree Tree, TextSpan Span)>, int>? _reportedSet;

    public static ReportedOptionsCreations For(JsonSymbols symbols) => symbols.RuleState(static (_, _) => new ReportedOptionsCreations());

    /// <summary>Records that JP0001 judged the options creation at <paramref name="span"/> reportable in this compilation.</summary>
    public void Add(SyntaxTree tree, TextSpan span)
    {
        var node = new ReportedCreation(tree, span);
        do
        {
            node.Next = Volatile.Read(ref _reported);
        }
        while (Interlocked.CompareExchange(ref _reported, node, node.Next) != node.Next);

        Interlocked.Increment(ref _reportedCount);
    }

    /// <summary>True when JP0001 has reported the options creation at <paramref name="span"/> in this compilation (false: not known).</summary>
    public bool Contains(SyntaxTree tree, TextSpan span)
    {
        var snapshot = Volatile.Read(ref _reportedSet);
        var count = Volatile.Read(ref _reportedCount);
        if (snapshot is null || snapshot.Item2 != count)
        {
            // Built once after the analyzers in a build; again only if JP0001 reported more since.
            var set = new HashSet<(SyntaxTree, TextSpan)>();
            for (var node = Volatile.Read(ref _reported); node is not null; node = node.Next)
            {
                set.Add((node.Tree, node.Span));
            }

            snapshot = Tuple.Create(set, count);
            Volatile.Write(ref _reportedSet, snapshot);
        }

        return snapshot.Item1.Contains((tree, span));
    }

    private sealed class ReportedCreation
    {
        public ReportedCreation(SyntaxTree tree, TextSpan span)
        {
            Tree = tree;
            Span = span;
        }

        public SyntaxTree Tree { get; }

        public TextSpan Span { get; }

        public ReportedCreation? Next { get; set; }
    }
}
