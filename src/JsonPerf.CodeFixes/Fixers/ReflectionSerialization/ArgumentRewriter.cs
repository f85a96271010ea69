using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

internal static class ArgumentRewriter
{
    /// <summary>
    /// What the call takes in place of the options: the context's <c>Default</c>, or the field of the context instance
    /// built on the options (trimmed/AOT), and then the type's property unless the call takes the context itself.
    /// </summary>
    public static ExpressionSyntax Metadata(SyntaxGenerator generator, FixPlan plan, INamedTypeSymbol context, string propertyName)
    {
        ExpressionSyntax metadata = plan.InstanceMember is { ContainingType: { } holder } && plan.InstanceField is { } field
            ? MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, (ExpressionSyntax)generator.TypeExpression(holder), IdentifierName(field)).WithAdditionalAnnotations(Simplifier.Annotation)
            : MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, ((ExpressionSyntax)generator.TypeExpression(context)).WithAdditionalAnnotations(Simplifier.Annotation), IdentifierName("Default"));
        return plan.PassContext ? metadata : MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, metadata, IdentifierName(propertyName));
    }

    /// <summary>
    /// Puts the metadata where the options were, or where the metadata overload takes it (the options argument, if
    /// written elsewhere, goes); named when other arguments are named. Positions come from the call as analyzed
    /// (<see cref="FixPlan.Invocation"/>): the argument list is the same, but the edits above it (a using, a context)
    /// have moved its spans.
    /// </summary>
    public static ArgumentListSyntax RewriteArguments(ArgumentListSyntax list, FixPlan plan, ExpressionSyntax metadata)
    {
        var original = plan.Invocation.ArgumentList.Arguments;
        var arguments = list.Arguments;
        if (arguments.Count != original.Count)
        {
            return list;
        }

        var optionsOrdinal = plan.Options?.Parameter?.Ordinal;
        var written = plan.Options is { IsImplicit: false, Syntax: ArgumentSyntax syntax } ? original.IndexOf(a => a.Span == syntax.Span) : -1;
        if (written >= 0 && optionsOrdinal == plan.MetadataOrdinal)
        {
            var replacement = Argument(metadata).WithTriviaFrom(arguments[written]);
            if (arguments[written].NameColon is not null)
            {
                replacement = replacement.WithNameColon(NameColon(IdentifierName(plan.MetadataParameter)));
            }

            return list.WithArguments(arguments.Replace(arguments[written], replacement));
        }

        // The metadata goes before the first argument for a parameter that comes after it in the metadata overload.
        var insertAt = arguments.Count;
        for (var i = 0; i < original.Count; i++)
        {
            var argument = plan.Call.Arguments.FirstOrDefault(a => !a.IsImplicit && a.Syntax.Span == original[i].Span);
            if (i != written && argument?.Parameter is { } parameter && OrdinalInMetadataOverload(parameter.Ordinal) > plan.MetadataOrdinal)
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

        var added = Argument(metadata);
        if (arguments.Any(a => a.NameColon is not null))
        {
            added = added.WithNameColon(NameColon(IdentifierName(plan.MetadataParameter)));
        }

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
            return rank >= plan.MetadataOrdinal ? rank + 1 : rank;
        }
    }
}
