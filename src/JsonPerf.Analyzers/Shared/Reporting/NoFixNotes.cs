namespace JsonPerf.Analyzers;

internal static partial class Rules
{
    /// <summary>Appended where the analyzer knows the fix is not offered (the lightbulb would otherwise say nothing).</summary>
    public const string NoAutomaticFix = " (no automatic fix here: see 'When the fix is not offered' on the rule's page)";

    /// <summary>Any rule, under #if in a project with several target frameworks: a fix makes one edit for every target.</summary>
    public const string NoFixForTargets = " (no automatic fix here: the code is under #if in a project with several target frameworks, and a fix must make the same edit for every target)";

    /// <summary>A fix that rewrites a call onto one line cannot keep a line comment or a directive inside it.</summary>
    public const string NoFixForLineComment = " (no automatic fix here: a line comment or directive inside the call would be lost)";

    /// <summary>Whether a message says why its site has no fix.</summary>
    internal static bool SaysWhy(string message) => message.IndexOf(" (no automatic fix here: ", StringComparison.Ordinal) >= 0;

    internal static string FixNote(bool fixable) => fixable ? "" : NoAutomaticFix;
}
