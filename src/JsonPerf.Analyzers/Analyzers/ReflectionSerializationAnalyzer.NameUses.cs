using System.Buffers;
using System.Globalization;

namespace JsonPerf.Analyzers;

public sealed partial class ReflectionSerializationAnalyzer
{
    /// <summary>
    /// The uses of a name in a scope, found from the text: the scope's text is searched for the name, and only the
    /// tokens found there are looked at, instead of every node of a block or a whole type declaration (which was most of
    /// JP0002's time on the cost project, where options live in static fields of large classes). A scope whose text may
    /// spell a name otherwise (a Unicode escape such as <c>\u0061</c>, or a formatting character inside a name) is walked
    /// node by node as before.
    /// </summary>
    private static class NameUses
    {
        public static bool MentionsResolver(SyntaxNode scope)
            => Any(scope, "TypeInfoResolver", prefix: true, static identifier => identifier.Identifier.ValueText is "TypeInfoResolver" or "TypeInfoResolverChain");

        /// <summary>
        /// True when an identifier in <paramref name="text"/> may be spelled otherwise than its name: a Unicode escape
        /// (<c>\u006Cocal</c>), or a formatting character, which the language drops from a name (a soft hyphen inside it).
        /// </summary>
        private static bool SpellsNamesOtherwise(ReadOnlySpan<char> text)
        {
            for (var i = 0; i < text.Length; i++)
            {
                var c = text[i];
                if ((c == '\\' && i + 1 < text.Length && (text[i + 1] == 'u' || text[i + 1] == 'U'))
                    || (c >= '\u00AD' && CharUnicodeInfo.GetUnicodeCategory(c) == UnicodeCategory.Format))
                {
                    return true;
                }
            }

            return false;
        }

        /// <summary>
        /// Whether an identifier in <paramref name="scope"/> named <paramref name="name"/> (or starting with it, with
        /// <paramref name="prefix"/>) satisfies <paramref name="predicate"/>. The scope's text is searched in a pooled
        /// copy (no string per scope: on the cost project those strings were most of what JP0002 allocated, and every
        /// allocation may be the one that starts a collection charged to the rule); where a name may be spelled
        /// otherwise (<see cref="SpellsNamesOtherwise"/>), or for an empty name, the nodes are walked instead.
        /// </summary>
        public static bool Any(SyntaxNode scope, string name, bool prefix, Func<IdentifierNameSyntax, bool> predicate)
        {
            var span = scope.Span;
            var buffer = ArrayPool<char>.Shared.Rent(Math.Max(span.Length, 1));
            try
            {
                scope.SyntaxTree.GetText().CopyTo(span.Start, buffer, 0, span.Length);
                var text = new ReadOnlySpan<char>(buffer, 0, span.Length);
                if (name.Length == 0 || SpellsNamesOtherwise(text))
                {
                    foreach (var node in scope.DescendantNodes())
                    {
                        if (node is IdentifierNameSyntax identifier
                            && (prefix ? identifier.Identifier.ValueText.StartsWith(name, StringComparison.Ordinal) : identifier.Identifier.ValueText == name)
                            && predicate(identifier))
                        {
                            return true;
                        }
                    }

                    return false;
                }

                for (var from = 0; from < text.Length;)
                {
                    var found = text.Slice(from).IndexOf(name.AsSpan());
                    if (found < 0)
                    {
                        return false;
                    }

                    var index = from + found;
                    from = index + name.Length;
                    var token = scope.FindToken(span.Start + index);
                    var start = token.SpanStart - span.Start;
                    // The identifier itself, or its verbatim form (@name); not a longer name that contains it, nor trivia.
                    if (token.Parent is IdentifierNameSyntax identifier
                        && (start == index || start == index - 1 && text[start] == '@')
                        && (prefix ? token.ValueText.StartsWith(name, StringComparison.Ordinal) : token.ValueText == name)
                        && predicate(identifier))
                    {
                        return true;
                    }
                }

                return false;
            }
            finally
            {
                ArrayPool<char>.Shared.Return(buffer);
            }
        }

        /// <summary>
        /// A use that may set a resolver on the options it names: assigned (<c>o = Create()</c>, <c>ref o</c>,
        /// <c>out o</c>), a method called on them (<c>o.AddContext&lt;C&gt;()</c>), or passed to anything but a
        /// <c>JsonSerializer</c>-named method (<c>Configure(o)</c> may set one). Property reads and settings
        /// (<c>o.Converters.Add(...)</c>, <c>o.WriteIndented = true</c>) are not.
        /// </summary>
        public static bool MayChangeResolver(IdentifierNameSyntax identifier)
        {
            // this.o / Type.o stand for o.
            SyntaxNode use = identifier.Parent is MemberAccessExpressionSyntax { Expression: ThisExpressionSyntax or IdentifierNameSyntax or BaseExpressionSyntax } qualifier && qualifier.Name == identifier
                ? qualifier
                : identifier;
            switch (use.Parent)
            {
                case AssignmentExpressionSyntax assignment when assignment.Left == use:
                case PrefixUnaryExpressionSyntax:
                case PostfixUnaryExpressionSyntax:
                case MemberAccessExpressionSyntax { Parent: InvocationExpressionSyntax } call when call.Expression == use:
                case ArgumentSyntax argument when !argument.RefKindKeyword.IsKind(Microsoft.CodeAnalysis.CSharp.SyntaxKind.None)
                                                  || argument.Parent?.Parent is not InvocationExpressionSyntax { Expression: var callee } || !IsSerializerCall(callee):
                    return true;

                default:
                    return false;
            }
        }
    }
}
