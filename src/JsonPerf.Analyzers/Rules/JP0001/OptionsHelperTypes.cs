namespace JsonPerf.Analyzers;

/// <summary>
/// What one use of an options value does with it (<see cref="OptionsHelperSummaries.UseOf"/>): each walk over the uses
/// of options accepts its own set of these. <see cref="OptionsHelperSummaries.Sink"/> is the first three.
/// </summary>
internal enum OptionsUse
{
    /// <summary>Anything else: stored, returned, read, or handed to any other method.</summary>
    Other,

    /// <summary>Only read: an entry point, or a wrapper that only passes them on to entry points. Options only read can be shared.</summary>
    Reads,

    /// <summary>Bound: a JsonSerializerContext's constructor takes them over, directly or inside a wrapper. They cannot be shared.</summary>
    Binds,

    /// <summary>Copied into new options: <c>new JsonSerializerOptions(value)</c>.</summary>
    Copied,

    /// <summary>A statement sets a property of the local or adds a converter to it (<see cref="OptionsReferences.ConfigurationStatement"/>).</summary>
    Configured,

    /// <summary>Any other change of the local's converters (<c>copy.Converters.Remove(this)</c>).</summary>
    ConvertersChanged,

    Assigned,

    /// <summary><c>_ = value</c>.</summary>
    Discarded,

    StoredInLocal,
}
