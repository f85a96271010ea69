using System.Buffers;
using System.Globalization;
using System.Numerics;
using System.Runtime.InteropServices;

namespace JsonPerf.Analyzers;

public sealed partial class ReflectionSerializationAnalyzer
{
    /// <summary>
    /// The uses of a name in a scope, found in its text: only the tokens where the name occurs are looked at, not every
    /// node of a block or of a whole type (options live in static fields of large classes). Where the file may spell a
    /// name otherwise (a Unicode escape, a formatting character inside a name), the scope is walked node by node.
    /// </summary>
    private static class NameUses
    {
        private const string Resolver = "TypeInfoResolver";

        [Flags]
        public enum FileText
        {
            None = 0,
            SpellsNamesOtherwise = 1,
            MentionsResolver = 2,
        }

        /// <summary>A file's text read once, in pooled chunks that overlap by the name's length so that nothing is missed at an edge.</summary>
        public static FileText Read(SyntaxTree tree)
        {
            var text = tree.GetText();
            const int ChunkLength = 4096;
            var overlap = Resolver.Length - 1;
            var buffer = ArrayPool<char>.Shared.Rent(ChunkLength);
            try
            {
                var result = FileText.None;
                for (var start = 0; start < text.Length; start += ChunkLength - overlap)
                {
                    var length = Math.Min(ChunkLength, text.Length - start);
                    text.CopyTo(start, buffer, 0, length);
                    var chunk = new ReadOnlySpan<char>(buffer, 0, length);
                    if (SpellsNamesOtherwise(chunk))
                    {
                        return FileText.SpellsNamesOtherwise | FileText.MentionsResolver;
                    }

                    if (chunk.IndexOf(Resolver.AsSpan()) >= 0)
                    {
                        result = FileText.MentionsResolver;
                    }

                    if (start + length >= text.Length)
                    {
                        break;
                    }
                }

                return result;
            }
            finally
            {
                ArrayPool<char>.Shared.Return(buffer);
            }
        }

        public static bool MentionsResolver(SyntaxNode scope, FileText file)
            => (file & FileText.MentionsResolver) != 0
               && Any(scope, Resolver, prefix: true, static identifier => identifier.Identifier.ValueText is "TypeInfoResolver" or "TypeInfoResolverChain", file);

        // A Unicode escape (\u006Cocal) or a formatting character, which the language drops from a name. Most text is ASCII
        // without a backslash: such vector-wide blocks are skipped whole.
        private static bool SpellsNamesOtherwise(ReadOnlySpan<char> text)
        {
            var checkedUpTo = 0;
            if (Vector.IsHardwareAccelerated && text.Length >= Vector<ushort>.Count)
            {
                var width = Vector<ushort>.Count;
                var blocks = MemoryMarshal.Cast<char, Vector<ushort>>(text);
                var backslash = new Vector<ushort>('\\');
                var belowFormat = new Vector<ushort>('\u00AC');
                for (var b = 0; b < blocks.Length; b++)
                {
                    if ((Vector.EqualsAny(blocks[b], backslash) || Vector.GreaterThanAny(blocks[b], belowFormat))
                        && SpellsNamesOtherwise(text, b * width, (b + 1) * width))
                    {
                        return true;
                    }
                }

                checkedUpTo = blocks.Length * width;
            }

            return SpellsNamesOtherwise(text, checkedUpTo, text.Length);
        }

        private static bool SpellsNamesOtherwise(ReadOnlySpan<char> text, int start, int end)
        {
            for (var i = start; i < end; i++)
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

        public static bool Any(SyntaxNode scope, string name, bool prefix, Func<IdentifierNameSyntax, bool> predicate, FileText file)
        {
            if (name.Length == 0 || (file & FileText.SpellsNamesOtherwise) != 0)
            {
                foreach (var node in scope.DescendantNodes())
                {
                    if (node is IdentifierNameSyntax identifier && Named(identifier.Identifier.ValueText) && predicate(identifier))
                    {
                        return true;
                    }
                }

                return false;
            }

            var span = scope.Span;
            var buffer = ArrayPool<char>.Shared.Rent(Math.Max(span.Length, 1));
            try
            {
                scope.SyntaxTree.GetText().CopyTo(span.Start, buffer, 0, span.Length);
                var text = new ReadOnlySpan<char>(buffer, 0, span.Length);
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
                    // The identifier itself or @name; not a longer name that contains it, nor trivia.
                    if (token.Parent is IdentifierNameSyntax identifier
                        && (start == index || start == index - 1 && text[start] == '@')
                        && Named(token.ValueText)
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

            bool Named(string text) => prefix ? text.StartsWith(name, StringComparison.Ordinal) : text == name;
        }

        /// <summary>The name as used: <c>this.o</c> and <c>Type.o</c> stand for <c>o</c>.</summary>
        private static SyntaxNode UseOf(IdentifierNameSyntax identifier)
            => identifier.Parent is MemberAccessExpressionSyntax { Expression: ThisExpressionSyntax or IdentifierNameSyntax or BaseExpressionSyntax } qualifier && qualifier.Name == identifier
                ? qualifier
                : identifier;

        public static bool IsNotSerializerArgument(IdentifierNameSyntax identifier)
        {
            var use = OptionsSyntax.PassedOn(UseOf(identifier));
            return use.Parent is not ArgumentSyntax argument
                   || !argument.RefKindKeyword.IsKind(Microsoft.CodeAnalysis.CSharp.SyntaxKind.None)
                   || argument.Parent?.Parent is not InvocationExpressionSyntax { Expression: var callee }
                   || !IsSerializerCall(callee);
        }

        // A use that may set a resolver: assigned (also ref, out), a method called on it (AddContext<C>()), or passed to anything
        // but a serializer call. Settings (o.WriteIndented = true) do not.
        public static bool MayChangeResolver(IdentifierNameSyntax identifier)
        {
            var use = UseOf(identifier);
            while (use.Parent is ParenthesizedExpressionSyntax parenthesized)
            {
                use = parenthesized;
            }

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
