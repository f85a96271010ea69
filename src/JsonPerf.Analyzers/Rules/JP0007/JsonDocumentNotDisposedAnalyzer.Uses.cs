namespace JsonPerf.Analyzers;

/// <summary>JP0007: where the created document goes, and so whether it is reported and which fix it takes.</summary>
public sealed partial class JsonDocumentNotDisposedAnalyzer
{
    /// <summary>Null when the call is not reported (disposed, or handed to someone who may dispose it).</summary>
    private static DocumentVerdict? Judge(IInvocationOperation invocation, JsonSymbols symbols, Alternatives alternatives)
    {
        if (invocation.TargetMethod.Name == "TryParseValue")
        {
            return TryGetOutLocal(invocation, symbols.JsonDocument!, out var local) && IsLocalLeaked(local, invocation.Root(), out _)
                ? DocumentVerdict.NotFixed(Rules.DocumentIsOutVariable)
                : null;
        }

        if (DocumentValue(invocation) is not { } value)
        {
            return null;
        }

        var use = value.WalkUpValuePassThrough();
        switch (use.Parent)
        {
            case IPropertyReferenceOperation property when property.Instance == use:
                return use == value ? InPlace(invocation, symbols, alternatives) : DocumentVerdict.NotFixed(Wrapped(use));

            case IInvocationOperation call when call.Instance == use:
                return call.TargetMethod.Name == "Dispose" ? null : DocumentVerdict.NotFixed(Rules.DocumentCalledInPlace(call.TargetMethod.Name));

            case IConditionalAccessOperation access when access.Operation == use:
                return access.WhenNotNull is IInvocationOperation { TargetMethod.Name: "Dispose" } ? null : DocumentVerdict.NotFixed(Rules.DocumentReadWithConditionalAccess);

            case IExpressionStatementOperation:
            case ISimpleAssignmentOperation { Target: IDiscardOperation }:
                return DocumentVerdict.NotFixed(Rules.DocumentDiscarded);

            case IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator }:
                return InLocal(declarator, use == value ? null : Wrapped(use), symbols);

            case ISimpleAssignmentOperation { Target: ILocalReferenceOperation target } assignment when assignment.Value == use:
                return IsLocalLeaked(target.Local, invocation.Root(), out _, target) ? DocumentVerdict.NotFixed(Rules.DocumentAssignedLater) : null;

            default:
                // Returned, stored, passed on, used as a using resource, or a shape we do not follow.
                return null;
        }
    }

    /// <summary>The document as its user sees it: the call, or the awaited <c>ParseAsync</c> (null when the task goes elsewhere: whoever awaits it owns the document).</summary>
    private static IOperation? DocumentValue(IInvocationOperation invocation)
    {
        if (invocation.TargetMethod.Name != "ParseAsync")
        {
            return invocation;
        }

        IOperation value = invocation;
        if (value.Parent is IInvocationOperation { TargetMethod.Name: "ConfigureAwait" } configure && configure.Instance == value)
        {
            value = configure;
        }

        return value.Parent as IAwaitOperation;
    }

    private static string Wrapped(IOperation use) => use is IConversionOperation ? Rules.DocumentConverted : Rules.DocumentFromBranch;

    /// <summary>
    /// <c>X.Parse(...).RootElement</c>: a <c>using</c> before the statement when nothing outlives its block; else the
    /// <c>JsonElement</c> call that needs no disposal (one copy the element owns), else the <c>using</c> with a clone
    /// where an element leaves.
    /// </summary>
    private static DocumentVerdict InPlace(IInvocationOperation invocation, JsonSymbols symbols, Alternatives alternatives)
    {
        if (invocation.TargetMethod.Name == "SerializeToDocument")
        {
            return alternatives.SerializeToElement ? DocumentVerdict.Fixed(DocumentDisposalFix.SerializeToElement) : DocumentVerdict.NotFixed(Rules.DocumentNoSerializeToElement);
        }

        var whyNoElementCall = alternatives.WhyNoElementCall(invocation);
        if (CanDeclareBefore(DocumentValue(invocation)!, symbols, out var cloneSites, out var whyNotBefore) && (cloneSites.Count == 0 || whyNoElementCall is not null))
        {
            return DocumentVerdict.Fixed(DocumentDisposalFix.UsingBefore, cloneSites);
        }

        return whyNoElementCall is null
            ? DocumentVerdict.Fixed(DocumentDisposalFix.ElementParse)
            : DocumentVerdict.NotFixed(whyNotBefore + ", and " + whyNoElementCall);
    }

    private static DocumentVerdict? InLocal(IVariableDeclaratorOperation declarator, string? wrapped, JsonSymbols symbols)
    {
        if (IsUsingDeclaration(declarator.Syntax) || !IsLocalLeaked(declarator.Symbol, declarator.Root(), out var uses))
        {
            return null;
        }

        if (wrapped is not null)
        {
            return DocumentVerdict.NotFixed(wrapped);
        }

        return CanAddUsing(declarator, symbols, uses, out var cloneSites, out var whyNot)
            ? DocumentVerdict.Fixed(DocumentDisposalFix.Using, cloneSites)
            : DocumentVerdict.NotFixed(whyNot);
    }

    private static bool TryGetOutLocal(IInvocationOperation invocation, INamedTypeSymbol document, out ILocalSymbol local)
    {
        foreach (var argument in invocation.Arguments)
        {
            if (argument.Parameter is { RefKind: RefKind.Out } parameter && SymbolEqualityComparer.Default.Equals(parameter.Type, document))
            {
                var value = argument.Value is IDeclarationExpressionOperation declaration ? declaration.Expression : argument.Value;
                if (value is ILocalReferenceOperation reference)
                {
                    local = reference.Local;
                    return true;
                }
            }
        }

        local = null!;
        return false;
    }

    private static bool IsUsingDeclaration(SyntaxNode declarator)
        => declarator.Parent?.Parent switch
        {
            UsingStatementSyntax => true,
            LocalDeclarationStatementSyntax statement => statement.UsingKeyword.IsKind(SyntaxKind.UsingKeyword),
            _ => false,
        };

    /// <summary>
    /// True when every read of the local is through one of its members other than Dispose (<c>doc.RootElement</c>,
    /// <c>doc.WriteTo(w)</c>): nothing disposes it and nothing takes it over. Any other use (a using, Dispose,
    /// <c>doc?.Dispose()</c>, return, assignment, argument, ref) is not followed: not reported.
    /// </summary>
    private static bool IsLocalLeaked(ILocalSymbol local, IOperation root, out List<IOperation> uses, IOperation? assignedHere = null)
    {
        uses = new List<IOperation>();
        if (local.IsRef)
        {
            return false;
        }

        foreach (var operation in root.Descendants())
        {
            if (operation is not ILocalReferenceOperation reference || !SymbolEqualityComparer.Default.Equals(reference.Local, local)
                || (reference.IsDeclaration && reference.Parent is IDeclarationExpressionOperation) || reference == assignedHere)
            {
                continue;
            }

            var read = reference.Parent switch
            {
                IPropertyReferenceOperation property => property.Instance == reference,
                IInvocationOperation call => call.Instance == reference && call.TargetMethod.Name != "Dispose",
                _ => false,
            };
            if (!read)
            {
                return false;
            }

            uses.Add(reference);
        }

        return true;
    }
}
