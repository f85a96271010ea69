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

    /// <summary>The text's letters and digits in PascalCase, anything else a word break: <c>content-type</c> → <c>ContentType</c>.</summary>
    public static string Pascal(string text)
    {
        var name = new System.Text.StringBuilder();
        var upper = true;
        foreach (var c in text)
        {
            if (char.IsLetterOrDigit(c))
            {
                name.Append(upper ? char.ToUpperInvariant(c) : c);
            }

            upper = !char.IsLetterOrDigit(c);
        }

        return name.ToString();
    }
}
