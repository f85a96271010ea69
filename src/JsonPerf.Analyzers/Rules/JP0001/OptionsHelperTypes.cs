namespace JsonPerf.Analyzers;

/// <summary>What the serializer does with options handed to it (<see cref="OptionsHelperSummaries.Sink"/>).</summary>
internal enum OptionsSink
{
    /// <summary>Not a serializer sink: an argument of any other method.</summary>
    None,

    /// <summary>Only read: an entry point, or a wrapper that only passes them on to entry points. Options only read can be shared.</summary>
    Reads,

    /// <summary>Bound: a JsonSerializerContext's constructor takes them over, directly or inside a wrapper. They cannot be shared.</summary>
    Binds,
}

/// <summary>What JP0001 knows about an options factory: a method whose every return creates new options.</summary>
internal sealed class FactorySummary
{
    public FactorySummary(ImmutableHashSet<int> nullParameters, bool rebuildsMetadata, bool fixable)
    {
        NullParameters = nullParameters;
        RebuildsMetadata = rebuildsMetadata;
        Fixable = fixable;
    }

    /// <summary>Parameters returned when not null (<c>p ?? new ...</c>): a call creates options only when it passes null for them.</summary>
    public ImmutableHashSet<int> NullParameters { get; }

    /// <summary>A creation makes converters, an encoder, a policy or a resolver: each call misses the metadata cache.</summary>
    public bool RebuildsMetadata { get; }

    /// <summary>The factory is only <c>=> creation</c> (or <c>p ?? creation</c>) and the creation can move to a static field.</summary>
    public bool Fixable { get; }
}
