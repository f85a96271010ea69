namespace JsonPerf.Analyzers;

/// <summary>
/// What the package needs to know of one rule, declared once in the rule's folder and listed in
/// <see cref="RuleRegistry"/>: every other list of rules is made from it (the build's host analyzer, the fixes'
/// every-target pipeline) or checked against it by the tests (the presets, both README tables, release tracking).
/// </summary>
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

    /// <summary>
    /// On in every build: a warning by default, hosted in <see cref="JsonPerfAnalyzer"/>. A rule that is info or hidden by
    /// default is an analyzer of its own, so that command-line builds, which skip analyzers all of whose rules are info
    /// or hidden, keep skipping it.
    /// </summary>
    public bool Hosted => Descriptor.DefaultSeverity == DiagnosticSeverity.Warning;

    /// <summary>A warning in trimmed and native AOT apps (the package's TrimmedApp preset).</summary>
    public bool RaisedInTrimmedApps { get; }

    /// <summary>Off in test projects (the TestProject preset); every other rule is a suggestion there.</summary>
    public bool OffInTestProjects { get; }

    /// <summary>A new instance of the rule's analyzer.</summary>
    public JsonAnalyzer CreateAnalyzer() => createAnalyzer();
}
