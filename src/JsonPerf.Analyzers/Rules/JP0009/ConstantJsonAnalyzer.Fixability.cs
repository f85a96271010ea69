namespace JsonPerf.Analyzers;

public sealed partial class ConstantJsonAnalyzer
{
    /// <summary>
    /// Null where the fix applies; otherwise the note that says why not. Moved into a static field, the call runs in the
    /// type initializer, where an exception makes the whole type unusable: so only what cannot throw there is moved
    /// (text proven valid, values and options the serializer takes without fail), and only where no initializer of the
    /// type reads the member before the field is set.
    /// </summary>
    private static string? NoFixNote(Shape shape, Inputs inputs, IInvocationOperation site, ISymbol containingSymbol, JsonSymbols symbols, bool reflectionFree, CancellationToken cancellationToken)
    {
        if (site.WalkUpValuePassThrough().Parent is IExpressionStatementOperation)
        {
            return Rules.NoFixDiscardedJson;
        }

        if (shape.Product == Product.Node)
        {
            return Rules.NoFixMutableNode;
        }

        if (inputs.Values == Constancy.Unsafe)
        {
            return Rules.NoFixUnsafeValue;
        }

        // Options a parse takes (reader settings, serializer options) may read the text otherwise than the check here does.
        if (shape.Work == Work.Parse && (inputs.HasSettings || inputs.OptionsField is not null || inputs.Text is null || !JsonText.IsValid(inputs.Text)))
        {
            return Rules.NoFixUnprovenText;
        }

        var throughSerializer = shape.Work == Work.Serialize || SymbolEqualityComparer.Default.Equals(shape.Call.TargetMethod.ContainingType, symbols.JsonSerializer);
        if (throughSerializer && !inputs.UsesMetadata && reflectionFree)
        {
            return Rules.NoFixReflectionOff;
        }

        if (inputs.OptionsField is { } options && !SettledOptions.For(symbols).IsSettled(options, cancellationToken))
        {
            return Rules.NoFixUnsafeValue;
        }

        if (!StaticInitializerCheck.CanAddStaticField(site))
        {
            return Rules.NoFixNoStaticField;
        }

        if (!shape.Call.Arguments.All(a => a.ArgumentKind == ArgumentKind.DefaultValue || StaticInitializerCheck.CanMoveToStaticInitializer(a.Value, symbols)))
        {
            return Rules.NoAutomaticFix;
        }

        var member = containingSymbol is IMethodSymbol { AssociatedSymbol: IPropertySymbol property } ? property : containingSymbol;
        return site.Syntax.FirstAncestorOrSelf<TypeDeclarationSyntax>() is not null && member.ContainingType is { } type
               && TypeInitReads.MayRead(type, member.Name, cancellationToken)
            ? Rules.NoFixReadDuringTypeInit
            : null;
    }
}
