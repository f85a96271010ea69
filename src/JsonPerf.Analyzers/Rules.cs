namespace JsonPerf.Analyzers;

/// <summary>
/// The one table of rules: ids, titles, messages, severities and help links, one class that analyzers, fixers, the
/// tests that check the docs and the release tracking read. Each rule's descriptor is written in its folder
/// (Rules/JP000N/*Rule.cs), with the notes its messages append where no fix is offered and the keys it hands its fixer.
/// </summary>
internal static partial class Rules
{
    public const string Category = "Performance";

    /// <summary>The rule docs of the version this package shipped as (the tag v{Version}), not of the newest commit.</summary>
    public const string HelpLinkBase = PackageInfo.RepositoryUrl + "/blob/v" + PackageInfo.Version + "/docs/rules/";
}
