namespace JsonPerf.CodeFixes;

internal static class UniqueNames
{
    /// <summary><paramref name="name"/> if it is free, else the first free of <c>name2</c>, <c>name3</c>, ...</summary>
    public static string Numbered(string name, Func<string, bool> isFree)
    {
        var candidate = name;
        for (var i = 2; !isFree(candidate); i++)
        {
            candidate = name + i.ToString(System.Globalization.CultureInfo.InvariantCulture);
        }

        return candidate;
    }
}
