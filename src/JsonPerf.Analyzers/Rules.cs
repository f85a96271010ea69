namespace JsonPerf.Analyzers;

/// <summary>The one table of descriptors; each rule's is written in its folder (Rules/JP000N/*Rule.cs).</summary>
internal static partial class Rules
{
    public const string Category = "Performance";

    /// <summary>The rule docs of the version this package shipped as (the tag v{Version}), not of the newest commit.</summary>
    public const string HelpLinkBase = PackageInfo.RepositoryUrl + "/blob/v" + PackageInfo.Version + "/docs/rules/";
}
