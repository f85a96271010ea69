namespace JsonPerf.Analyzers;

internal static partial class Rules
{
    /// <summary>
    /// Appended where the analyzer knows the fix is not offered (the lightbulb would otherwise say nothing). Every note
    /// starts " (no fix: " and says why in a few words; the rule's page ("When the fix is not offered") says it in full.
    /// </summary>
    public const string NoAutomaticFix = " (no fix: see the rule's page)";

    /// <summary>Any rule, under #if in a project with several target frameworks: a fix makes one edit for every target.</summary>
    public const string NoFixForTargets = " (no fix: code under #if in a multi-targeted project)";

    /// <summary>A fix that rewrites a call onto one line cannot keep a line comment or a directive inside it.</summary>
    public const string NoFixForLineComment = " (no fix: a comment or directive in the call would be lost)";

    /// <summary>Whether a message says why its site has no fix.</summary>
    internal static bool SaysWhy(string message) => message.IndexOf(" (no fix: ", StringComparison.Ordinal) >= 0;

    internal static string FixNote(bool fixable) => fixable ? "" : NoAutomaticFix;
}
