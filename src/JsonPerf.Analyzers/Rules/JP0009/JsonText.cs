namespace JsonPerf.Analyzers;

/// <summary>
/// Whether a constant text is JSON that System.Text.Json's default reader accepts (RFC 8259: no comments, no trailing
/// commas, one value, at most 64 levels deep, valid UTF-16). The analyzer cannot load System.Text.Json to parse it, so
/// this checks the grammar itself; it may call some valid texts invalid (escaped lone surrogates), never the reverse.
/// </summary>
internal static class JsonText
{
    private const int MaxDepth = 64;

    public static bool IsValid(string text)
    {
        var position = 0;
        return Value(text, ref position, depth: 0) && SkipWhitespace(text, position) == text.Length;
    }

    /// <summary>Whether the text opens an object or array after whitespace: JSON kept as text (<c>BinaryData.FromString</c>).</summary>
    public static bool LooksLikeJson(string text)
    {
        var start = SkipWhitespace(text, 0);
        return start < text.Length && text[start] is '{' or '[';
    }

    /// <summary>A string the writer can encode: no lone UTF-16 surrogate.</summary>
    public static bool IsWellFormedUtf16(string text)
    {
        for (var i = 0; i < text.Length; i++)
        {
            if (char.IsHighSurrogate(text[i]) && i + 1 < text.Length && char.IsLowSurrogate(text[i + 1]))
            {
                i++;
            }
            else if (char.IsSurrogate(text[i]))
            {
                return false;
            }
        }

        return true;
    }

    private static bool Value(string text, ref int position, int depth)
    {
        position = SkipWhitespace(text, position);
        if (position >= text.Length)
        {
            return false;
        }

        switch (text[position])
        {
            case '{':
                return depth < MaxDepth && Container(text, ref position, depth + 1, '}', member: true);
            case '[':
                return depth < MaxDepth && Container(text, ref position, depth + 1, ']', member: false);
            case '"':
                return String(text, ref position);
            case 't':
                return Word(text, ref position, "true");
            case 'f':
                return Word(text, ref position, "false");
            case 'n':
                return Word(text, ref position, "null");
            default:
                return Number(text, ref position);
        }
    }

    private static bool Container(string text, ref int position, int depth, char close, bool member)
    {
        position = SkipWhitespace(text, position + 1);
        if (position < text.Length && text[position] == close)
        {
            position++;
            return true;
        }

        while (true)
        {
            if (member)
            {
                position = SkipWhitespace(text, position);
                if (position >= text.Length || text[position] != '"' || !String(text, ref position))
                {
                    return false;
                }

                position = SkipWhitespace(text, position);
                if (position >= text.Length || text[position] != ':')
                {
                    return false;
                }

                position++;
            }

            if (!Value(text, ref position, depth))
            {
                return false;
            }

            position = SkipWhitespace(text, position);
            if (position >= text.Length)
            {
                return false;
            }

            if (text[position] == close)
            {
                position++;
                return true;
            }

            if (text[position] != ',')
            {
                return false;
            }

            position++;
        }
    }

    private static bool String(string text, ref int position)
    {
        for (position++; position < text.Length; position++)
        {
            var c = text[position];
            if (c == '"')
            {
                position++;
                return true;
            }

            if (c < 0x20 || (char.IsSurrogate(c) && !SurrogatePair(text, ref position)))
            {
                return false;
            }

            if (c == '\\' && !Escape(text, ref position))
            {
                return false;
            }
        }

        return false;
    }

    private static bool SurrogatePair(string text, ref int position)
    {
        if (char.IsHighSurrogate(text[position]) && position + 1 < text.Length && char.IsLowSurrogate(text[position + 1]))
        {
            position++;
            return true;
        }

        return false;
    }

    /// <summary>An escape after the backslash at <paramref name="position"/>; escaped surrogates only in pairs.</summary>
    private static bool Escape(string text, ref int position)
    {
        position++;
        if (position >= text.Length)
        {
            return false;
        }

        if (text[position] is '"' or '\\' or '/' or 'b' or 'f' or 'n' or 'r' or 't')
        {
            return true;
        }

        if (text[position] != 'u' || Hex(text, position + 1) is not { } code)
        {
            return false;
        }

        position += 4;
        if (!char.IsSurrogate(code))
        {
            return true;
        }

        if (!char.IsHighSurrogate(code) || position + 6 >= text.Length || text[position + 1] != '\\' || text[position + 2] != 'u'
            || Hex(text, position + 3) is not { } low || !char.IsLowSurrogate(low))
        {
            return false;
        }

        position += 6;
        return true;
    }

    private static char? Hex(string text, int start)
    {
        if (start + 4 > text.Length)
        {
            return null;
        }

        var value = 0;
        for (var i = start; i < start + 4; i++)
        {
            var digit = text[i] switch
            {
                >= '0' and <= '9' => text[i] - '0',
                >= 'a' and <= 'f' => text[i] - 'a' + 10,
                >= 'A' and <= 'F' => text[i] - 'A' + 10,
                _ => -1,
            };
            if (digit < 0)
            {
                return null;
            }

            value = (value * 16) + digit;
        }

        return (char)value;
    }

    private static bool Word(string text, ref int position, string word)
    {
        if (string.CompareOrdinal(text, position, word, 0, word.Length) != 0)
        {
            return false;
        }

        position += word.Length;
        return true;
    }

    /// <summary><c>-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?</c></summary>
    private static bool Number(string text, ref int position)
    {
        if (position < text.Length && text[position] == '-')
        {
            position++;
        }

        if (position < text.Length && text[position] == '0')
        {
            position++;
        }
        else if (Digits(text, ref position) == 0)
        {
            return false;
        }

        if (position < text.Length && text[position] == '.')
        {
            position++;
            if (Digits(text, ref position) == 0)
            {
                return false;
            }
        }

        if (position < text.Length && text[position] is 'e' or 'E')
        {
            position++;
            if (position < text.Length && text[position] is '+' or '-')
            {
                position++;
            }

            if (Digits(text, ref position) == 0)
            {
                return false;
            }
        }

        // A number ends at a delimiter: "01" or "1x" is not a number.
        return position >= text.Length || text[position] is ',' or ']' or '}' or ' ' or '\t' or '\n' or '\r';
    }

    private static int Digits(string text, ref int position)
    {
        var start = position;
        while (position < text.Length && text[position] is >= '0' and <= '9')
        {
            position++;
        }

        return position - start;
    }

    private static int SkipWhitespace(string text, int position)
    {
        while (position < text.Length && text[position] is ' ' or '\t' or '\n' or '\r')
        {
            position++;
        }

        return position;
    }
}
