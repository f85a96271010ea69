using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

/// <summary>JP0002's edit of the call: the metadata in place of the options.</summary>
internal static class ArgumentRewriter
{
    public enum MetadataPlacement
    {
        // Where the metadata overload takes it: in the options' place when they are written there, else before the first
        // argument for a parameter that comes after it; named when other arguments are.
        OverloadPosition,

        // Right after the value, every argument after it named: ASP.NET Core's metadata overloads put other optional
        // parameters between them.
        AfterValue,
    }

    /// <summary>The call again, in a root edited since it was planned: by its mark, else at its place.</summary>
    public static InvocationExpressionSyntax? FindCall(SyntaxNode root, PlannedCall call)
        => root.GetAnnotatedNodes(call.Mark).OfType<InvocationExpressionSyntax>().FirstOrDefault()
           ?? root.FindNode(call.Invocation.Span, getInnermostNodeForTie: true).FirstAncestorOrSelf<InvocationExpressionSyntax>();

    public static ExpressionSyntax Metadata(SyntaxGenerator generator, FixPlan plan, INamedTypeSymbol context, string propertyName)
    {
        ExpressionSyntax metadata = plan.Options is ContextInstance { Member.ContainingType: { } holder } instance
            ? MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, (ExpressionSyntax)generator.TypeExpression(holder), IdentifierName(instance.FieldName)).WithAdditionalAnnotations(Simplifier.Annotation)
            : MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, ((ExpressionSyntax)generator.TypeExpression(context)).WithAdditionalAnnotations(Simplifier.Annotation), IdentifierName("Default"));
        if (plan.Call.PassContext)
        {
            return metadata;
        }

        // The generated JsonTypeInfo<T> has no nullable annotations (typeof cannot carry them) and older generators
        // annotate it: `!` keeps the call's T as written, with no warning on any target.
        var property = MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, metadata, IdentifierName(propertyName));
        return plan.Call.Operation.TargetMethod.TypeArguments.Any(HasNullableAnnotation) ? PostfixUnaryExpression(SyntaxKind.SuppressNullableWarningExpression, property) : property;
    }

    private static bool HasNullableAnnotation(ITypeSymbol type) => type switch
    {
        { IsReferenceType: true, NullableAnnotation: NullableAnnotation.Annotated } => true,
        INamedTypeSymbol named => named.TypeArguments.Any(HasNullableAnnotation),
        IArrayTypeSymbol array => HasNullableAnnotation(array.ElementType),
        _ => false,
    };

    public static ArgumentListSyntax RewriteArguments(ArgumentListSyntax list, FixPlan plan, ExpressionSyntax metadata)
        => RewriteArguments(list, plan.Call.Invocation, plan.Call.Operation, plan.Call.Options, plan.Options.MetadataParameter.Name, metadata, MetadataPlacement.OverloadPosition, plan.Options.MetadataParameter.Ordinal);

    // The metadata as placement says (metadataOrdinal: its position in the overload), the options argument gone. Positions
    // come from the call as analyzed: the edits above it moved its spans.
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

    /// <summary>One argument list's rewrite: its arguments, the parameter each is for, and which one holds the options.</summary>
    private readonly struct Edit(ArgumentListSyntax list, IParameterSymbol?[] parameters, int written, string metadataParameter, ExpressionSyntax metadata)
    {
        /// <summary>The metadata argument, named if <paramref name="named"/>.</summary>
        private ArgumentSyntax Added(bool named)
            => named ? Argument(metadata).WithNameColon(NameColon(IdentifierName(metadataParameter))) : Argument(metadata);

        /// <summary><see cref="MetadataPlacement.OverloadPosition"/>.</summary>
        public ArgumentListSyntax AtOverloadPosition(int? optionsOrdinal, int metadataOrdinal)
        {
            var arguments = list.Arguments;
            if (written >= 0 && optionsOrdinal == metadataOrdinal)
            {
                var replacement = Argument(metadata).WithTriviaFrom(arguments[written])
                    .WithNameColon(arguments[written].NameColon is null ? null : NameColon(IdentifierName(metadataParameter)));
                return list.WithArguments(arguments.Replace(arguments[written], replacement));
            }

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

            // After a last argument that ends its line, the new one follows it there and takes its line break.
            if (insertAt == arguments.Count && insertAt > 0 && arguments[insertAt - 1].GetTrailingTrivia() is var trailing && trailing.Any(SyntaxKind.EndOfLineTrivia))
            {
                arguments = arguments.Replace(arguments[insertAt - 1], arguments[insertAt - 1].WithoutTrailingTrivia());
                added = added.WithLeadingTrivia(Space).WithTrailingTrivia(trailing);
            }

            return list.WithArguments(arguments.Insert(insertAt, added));

            int OrdinalInMetadataOverload(int ordinal)
            {
                var rank = optionsOrdinal is { } at && ordinal > at ? ordinal - 1 : ordinal;
                return rank >= metadataOrdinal ? rank + 1 : rank;
            }
        }

        /// <summary><see cref="MetadataPlacement.AfterValue"/>: the value is the argument for the method's type parameter.</summary>
        public ArgumentListSyntax AfterValue()
        {
            var valueIndex = Array.FindLastIndex(parameters, p => p?.OriginalDefinition.Type is ITypeParameterSymbol { TypeParameterKind: TypeParameterKind.Method });
            if (valueIndex < 0 || parameters.Any(p => p is null))
            {
                return list;
            }

            // Options named before the value (`options: null, data: x`) go first: null or default, nothing to evaluate.
            var arguments = list.Arguments;
            var kept = parameters;
            var options = written;
            if (options >= 0 && options < valueIndex)
            {
                arguments = arguments.RemoveAt(options);
                kept = kept.Where((_, i) => i != options).ToArray();
                valueIndex--;
                options = -1;
            }

            for (var i = arguments.Count - 1; i > valueIndex; i--)
            {
                if (i == options)
                {
                    arguments = arguments.RemoveAt(i);
                }
                else if (arguments[i].NameColon is null)
                {
                    var argument = arguments[i];
                    arguments = arguments.Replace(argument, argument.WithoutLeadingTrivia().WithNameColon(NameColon(IdentifierName(kept[i]!.Name))).WithLeadingTrivia(argument.GetLeadingTrivia()));
                }
            }

            var value = arguments[valueIndex];
            var added = Added(named: value.NameColon is not null);

            // On the value's line: the comma after the value stays, the one after the metadata takes what followed it.
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
                    nodes[valueIndex] = value.WithoutTrailingTrivia();
                    nodes[valueIndex + 1] = added.WithTrailingTrivia(trailing);
                }
            }

            return list.WithArguments(SeparatedList(nodes, separators));
        }
    }
}
