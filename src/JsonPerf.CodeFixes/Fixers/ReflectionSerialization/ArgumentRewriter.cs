using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

internal static class ArgumentRewriter
{
    /// <summary>
    /// Puts the metadata where the options were, or where they would go; named when other arguments are named.
    /// Positions come from the call as analyzed (<see cref="FixPlan.Invocation"/>): the argument list is the same, but
    /// the edits above it (a using, a context) have moved its spans.
    /// </summary>
    public static ArgumentListSyntax RewriteArguments(ArgumentListSyntax list, FixPlan plan, ExpressionSyntax metadata)
    {
        var original = plan.Invocation.ArgumentList.Arguments;
        var arguments = list.Arguments;
        if (arguments.Count != original.Count)
        {
            return list;
        }

        if (!plan.Options.IsImplicit && plan.Options.Syntax is ArgumentSyntax written && original.IndexOf(a => a.Span == written.Span) is var index and >= 0)
        {
            var replacement = Argument(metadata).WithTriviaFrom(arguments[index]);
            if (arguments[index].NameColon is not null)
            {
                replacement = replacement.WithNameColon(NameColon(IdentifierName(plan.MetadataParameter)));
            }

            return list.WithArguments(arguments.Replace(arguments[index], replacement));
        }

        // No options written: the metadata goes before the first argument for a parameter after the options.
        var ordinal = plan.Options.Parameter?.Ordinal ?? int.MaxValue;
        var insertAt = arguments.Count;
        if (plan.Options.Parent is IInvocationOperation invocation)
        {
            for (var i = 0; i < original.Count; i++)
            {
                var argument = invocation.Arguments.FirstOrDefault(a => !a.IsImplicit && a.Syntax.Span == original[i].Span);
                if (argument?.Parameter is { } parameter && parameter.Ordinal > ordinal)
                {
                    insertAt = i;
                    break;
                }
            }
        }

        var added = Argument(metadata);
        if (arguments.Any(a => a.NameColon is not null))
        {
            added = added.WithNameColon(NameColon(IdentifierName(plan.MetadataParameter)));
        }

        return list.WithArguments(arguments.Insert(insertAt, added));
    }
}
