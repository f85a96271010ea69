namespace JsonPerf.Analyzers;

/// <summary>What a value is named after when a member returns it.</summary>
internal static class MemberNames
{
    /// <summary>The name without the first of <paramref name="verbs"/> it starts with as a word (<c>GetSchema</c> gives <c>Schema</c>).</summary>
    public static string WithoutVerb(string name, params string[] verbs)
        => verbs.FirstOrDefault(verb => name.Length > verb.Length && name.StartsWith(verb, StringComparison.Ordinal) && char.IsUpper(name[verb.Length])) is { } verb
            ? name.Substring(verb.Length)
            : name;
}
