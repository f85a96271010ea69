namespace JsonPerf.Analyzers;

/// <summary>What JP0007's analyzer decided at a reported call: the fix and the element expressions it clones, or why there is none.</summary>
internal sealed class DocumentVerdict
{
    private DocumentVerdict(string? fix, IReadOnlyList<IOperation> cloneSites, string whyNot)
    {
        Fix = fix;
        CloneSites = cloneSites;
        WhyNot = whyNot;
    }

    /// <summary>A kind of <see cref="DocumentDisposalFix"/>, or null.</summary>
    public string? Fix { get; }

    public IReadOnlyList<IOperation> CloneSites { get; }

    /// <summary>Why no fix, in a few words (empty when there is one).</summary>
    public string WhyNot { get; }

    public static DocumentVerdict Fixed(string fix, IReadOnlyList<IOperation>? cloneSites = null)
        => new(fix, cloneSites ?? Array.Empty<IOperation>(), "");

    public static DocumentVerdict NotFixed(string whyNot) => new(null, Array.Empty<IOperation>(), whyNot);

    /// <summary>The clone sites as the fixer finds them: one location per expression (two branches of a ?: leave through one).</summary>
    public IEnumerable<Location> CloneLocations()
        => CloneSites.Select(site => site.Syntax).Distinct().Select(syntax => syntax.GetLocation());
}
