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
