namespace JsonPerf.Analyzers;

/// <summary>One rule, declared in its folder and listed in <see cref="RuleRegistry"/>: every other list of rules is made from or checked against it.</summary>
internal sealed class RuleRegistration
{
    private readonly Func<JsonAnalyzer> createAnalyzer;

    public RuleRegistration(DiagnosticDescriptor descriptor, Func<JsonAnalyzer> createAnalyzer, bool raisedInTrimmedApps = false, bool offInTestProjects = false)
    {
        Descriptor = descriptor;
        this.createAnalyzer = createAnalyzer;
        RaisedInTrimmedApps = raisedInTrimmedApps;
        OffInTestProjects = offInTestProjects;
    }

    public string Id => Descriptor.Id;

    /// <summary>The rule's descriptor (its title, default severity, help link; a rule may report others of its id).</summary>
    public DiagnosticDescriptor Descriptor { get; }

    /// <summary>A warning by default, hosted; an info or hidden rule stays an analyzer of its own, which command-line builds skip.</summary>
    public bool Hosted => Descriptor.DefaultSeverity == DiagnosticSeverity.Warning;

    /// <summary>A warning in trimmed and native AOT apps (the package's TrimmedApp preset).</summary>
    public bool RaisedInTrimmedApps { get; }

    /// <summary>Off in test projects (the TestProject preset); every other rule is a suggestion there.</summary>
    public bool OffInTestProjects { get; }

    public JsonAnalyzer CreateAnalyzer() => createAnalyzer();
}
