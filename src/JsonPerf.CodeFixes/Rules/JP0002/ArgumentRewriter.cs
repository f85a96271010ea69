using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

internal static class ArgumentRewriter
{
    /// <summary>Where the metadata argument goes (<see cref="RewriteArguments(ArgumentListSyntax, InvocationExpressionSyntax, IInvocationOperation, IArgumentOperation?, string, ExpressionSyntax, MetadataPlacement, int)"/>).</summary>
    public enum MetadataPlacement
    {
        /// <summary>
        /// Where the metadata overload takes it (<see cref="FixPlan.MetadataOrdinal"/>): in the options' place when they
        /// are written there, else before the first argument for a parameter that comes after it; named when other
        /// arguments are. The overload has the call's other parameters in the same order.
        /// </summary>
        OverloadPosition,

        /// <summary>
        /// Right after the value (named if the value is), every argument after the value named, since the metadata
        /// overload puts other optional parameters between them (ASP.NET Core's helpers: <see cref="HttpDefaultsFix"/>).
        /// Separators and their comments stay; after a value that ends its line, the metadata follows it on that line.
        /// </summary>
        AfterValue,
    }

    /// <summary>
    /// What the call takes in place of the options: the context's <c>Default</c>, or the field of the context instance
    /// built on the options (trimmed/AOT), and then the type's property unless the call takes the context itself.
    /// </summary>
    public static ExpressionSyntax Metadata(SyntaxGenerator generator, FixPlan plan, INamedTypeSymbol context, string propertyName)
    {
        ExpressionSyntax metadata = plan.InstanceMember is { ContainingType: { } holder } && plan.InstanceField is { } field
            ? MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, (ExpressionSyntax)generator.TypeExpression(holder), IdentifierName(field)).WithAdditionalAnnotations(Simplifier.Annotation)
            : MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, ((ExpressionSyntax)generator.TypeExpression(context)).WithAdditionalAnnotations(Simplifier.Annotation), IdentifierName("Default"));
        if (plan.PassContext)
        {
            return metadata;
        }

        // The generated property is JsonTypeInfo<T> without the call's nullable annotations (typeof cannot carry them), and
        // older generators annotate it: `!` keeps the call's T as written, with no warning on any target.
        var property = MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, metadata, IdentifierName(propertyName));
        return plan.Call.TargetMethod.TypeArguments.Any(HasNullableAnnotation) ? PostfixUnaryExpression(SyntaxKind.SuppressNullableWarningExpression, property) : property;
    }

    private static bool HasNullableAnnotation(ITypeSymbol type) => type switch
    {
        { IsReferenceType: true, NullableAnnotation: NullableAnnotation.Annotated } => true,
        INamedTypeSymbol named => named.TypeArguments.Any(HasNullableAnnotation),
        IArrayTypeSymbol array => HasNullableAnnotation(array.ElementType),
        _ => false,
    };

    /// <summary>JP0002's fix: the metadata where the metadata overload takes it (<see cref="MetadataPlacement.OverloadPosition"/>).</summary>
    public static ArgumentListSyntax RewriteArguments(ArgumentListSyntax list, FixPlan plan, ExpressionSyntax metadata)
        => RewriteArguments(list, plan.Invocation, plan.Call, plan.Options, plan.MetadataParameter, metadata, MetadataPlacement.OverloadPosition, plan.MetadataOrdinal);

    /// <summary>
    /// Puts the metadata (the argument for <paramref name="metadataParameter"/>) as <paramref name="placement"/> says; the
    /// options argument, if written and not replaced, goes. Positions come from the call as analyzed
    /// (<paramref name="analyzed"/>, <paramref name="call"/>): the argument list is the same, but the edits above it (a
    /// using, a context) have moved its spans. <paramref name="metadataOrdinal"/>: the metadata's position in the
    /// overload, for <see cref="MetadataPlacement.OverloadPosition"/>.
    /// </summary>
    public static ArgumentListSyntax RewriteArguments(
        ArgumentListSyntax list, InvocationExpressionSyntax analyzed, IInvocationOperation call, IArgumentOperation? options, string metadataParameter, ExpressionSyntax metadata,
        MetadataPlacement placement, int metadataOrdinal = -1)
    {
        var original = analyzed.ArgumentList.Arguments;
        if (list.Arguments.Count != original.Count)
        {
            return list;
        }

        // Each argument's parameter, from the argument of the call at the same place in the analyzed list.
        var parameters = original.Select(o => call.Arguments.FirstOrDefault(a => a.WrittenSyntax()?.Span == o.Span)?.Parameter).ToArray();
        var written = options?.WrittenSyntax() is { } syntax ? original.IndexOf(a => a.Span == syntax.Span) : -1;
        var edit = new Edit(list, parameters, written, metadataParameter, metadata);
        return placement == MetadataPlacement.AfterValue ? edit.AfterValue() : edit.AtOverloadPosition(options?.Parameter?.Ordinal, metadataOrdinal);
    }

    /// <summary>One argument list's rewrite: its arguments and what they are for.</summary>
    private readonly struct Edit
    {
        private readonly ArgumentListSyntax list;
        private readonly IParameterSymbol?[] parameters;
        private readonly int written;
        private readonly string metadataParameter;
        private readonly ExpressionSyntax metadata;

        public Edit(ArgumentListSyntax list, IParameterSymbol?[] parameters, int written, string metadataParameter, ExpressionSyntax metadata)
        {
            this.list = list;
            this.parameters = parameters;
            this.written = written;
            this.metadataParameter = metadataParameter;
            this.metadata = metadata;
        }

        /// <summary>The metadata argument, named if <paramref name="named"/>.</summary>
        private ArgumentSyntax Added(bool named)
            => named ? Argument(metadata).WithNameColon(NameColon(IdentifierName(metadataParameter))) : Argument(metadata);

        /// <summary><see cref="MetadataPlacement.OverloadPosition"/>.</summary>
        public ArgumentListSyntax AtOverloadPosition(int? optionsOrdinal, int metadataOrdinal)
        {
            var arguments = list.Arguments;
            if (written >= 0 && optionsOrdinal == metadataOrdinal)
            {
                var replacement = Argument(metadata).WithTriviaFrom(arguments[written]);
                if (arguments[written].NameColon is not null)
                {
                    replacement = replacement.WithNameColon(NameColon(IdentifierName(metadataParameter)));
                }

                return list.WithArguments(arguments.Replace(arguments[written], replacement));
            }

            // The metadata goes before the first argument for a parameter that comes after it in the metadata overload.
            var insertAt = arguments.Count;
            for (var i = 0; i < parameters.Length; i++)
            {
                if (i != written && parameters[i] is { } parameter && OrdinalInMetadataOverload(parameter.Ordinal) > metadataOrdinal)
                {
                    insertAt = i;
                    break;
                }
            }

            if (written >= 0)
            {
                arguments = arguments.RemoveAt(written);
                insertAt -= written < insertAt ? 1 : 0;
            }

            var added = Added(named: arguments.Any(a => a.NameColon is not null));

            // After a last argument that ends its line (the `)` on a line of its own), the new one follows it on that line
            // and takes its line break: not a line that starts with `, metadata` at column 0.
            if (insertAt == arguments.Count && insertAt > 0 && arguments[insertAt - 1].GetTrailingTrivia() is var trailing && trailing.Any(SyntaxKind.EndOfLineTrivia))
            {
                arguments = arguments.Replace(arguments[insertAt - 1], arguments[insertAt - 1].WithoutTrailingTrivia());
                added = added.WithLeadingTrivia(Space).WithTrailingTrivia(trailing);
            }

            return list.WithArguments(arguments.Insert(insertAt, added));

            // The overload has the call's parameters without the options, in the same order, with the metadata among them.
            int OrdinalInMetadataOverload(int ordinal)
            {
                var rank = optionsOrdinal is { } options && ordinal > options ? ordinal - 1 : ordinal;
                return rank >= metadataOrdinal ? rank + 1 : rank;
            }
        }

        /// <summary><see cref="MetadataPlacement.AfterValue"/>: the value is the argument for the method's type parameter.</summary>
        public ArgumentListSyntax AfterValue()
        {
            var valueIndex = Array.FindLastIndex(this.parameters, p => p?.OriginalDefinition.Type is ITypeParameterSymbol { TypeParameterKind: TypeParameterKind.Method });
            if (valueIndex < 0 || this.parameters.Any(p => p is null))
            {
                return list;
            }

            // The options argument named before the value (`options: null, data: x`) goes first: null or default, nothing
            // to evaluate. Then named from the value on, the options argument gone (the indices before the value do not move).
            var arguments = list.Arguments;
            var parameters = this.parameters;
            var written = this.written;
            if (written >= 0 && written < valueIndex)
            {
                arguments = arguments.RemoveAt(written);
                parameters = parameters.Where((_, i) => i != written).ToArray();
                valueIndex--;
                written = -1;
            }

            for (var i = arguments.Count - 1; i > valueIndex; i--)
            {
                if (i == written)
                {
                    arguments = arguments.RemoveAt(i);
                }
                else if (arguments[i].NameColon is null)
                {
                    var argument = arguments[i];
                    arguments = arguments.Replace(argument, argument.WithoutLeadingTrivia().WithNameColon(NameColon(IdentifierName(parameters[i]!.Name))).WithLeadingTrivia(argument.GetLeadingTrivia()));
                }
            }

            var value = arguments[valueIndex];
            var added = Added(named: value.NameColon is not null);

            // The metadata goes on the value's line: the comma after the value keeps its place, the one after the metadata
            // takes what followed it (a comment, the line break).
            var nodes = arguments.ToList();
            var separators = arguments.GetSeparators().ToList();
            nodes.Insert(valueIndex + 1, added);
            if (valueIndex < separators.Count)
            {
                var after = separators[valueIndex];
                separators[valueIndex] = after.WithTrailingTrivia(Space);
                separators.Insert(valueIndex + 1, Token(SyntaxKind.CommaToken).WithTrailingTrivia(after.TrailingTrivia));
            }
            else
            {
                separators.Add(Token(SyntaxKind.CommaToken).WithTrailingTrivia(Space));
                if (value.GetTrailingTrivia() is var trailing && trailing.Any(SyntaxKind.EndOfLineTrivia))
                {
                    // A `)` on a line of its own: the metadata follows the value and takes its line break.
                    nodes[valueIndex] = value.WithoutTrailingTrivia();
                    nodes[valueIndex + 1] = added.WithTrailingTrivia(trailing);
                }
            }

            return list.WithArguments(SeparatedList(nodes, separators));
        }
    }
}
