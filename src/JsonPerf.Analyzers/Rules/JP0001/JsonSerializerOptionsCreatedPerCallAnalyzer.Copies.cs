namespace JsonPerf.Analyzers;

/// <summary>
/// JP0001 on <c>new JsonSerializerOptions(options)</c> in a converter's <c>Read</c> or <c>Write</c>. The options handed to
/// a converter are read-only once in use, so a copy made once per source options (in a <c>ConditionalWeakTable</c>) is
/// the same copy every call, as long as it reads nothing but constants, readonly state and the source options.
/// </summary>
public sealed partial class JsonSerializerOptionsCreatedPerCallAnalyzer
{
    private static readonly HashSet<string> s_converterMethods = new(StringComparer.Ordinal) { "Read", "Write", "ReadAsPropertyName", "WriteAsPropertyName" };

    /// <summary>
    /// A copy of the converter's options in its <c>Read</c> or <c>Write</c>: <c>new JsonSerializerOptions(options)</c>, or a
    /// call of the project's copier (<c>WithoutSelf(options)</c>, <see cref="OptionsHelperSummaries.CopiesItsParameter"/>).
    /// </summary>
    private static Diagnostic? ConverterCopy(IOperation copy, ImmutableArray<IArgumentOperation> arguments, ISymbol containingSymbol, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        if (ConverterOptions(containingSymbol, copy, symbols) is not { } source
            || arguments.Length != 1
            || !IsParameter(arguments[0].Value, source)
            || UsesOfCopy(copy, symbols, cancellationToken) is not { } sources)
        {
            return null;
        }

        var stable = copy is IInvocationOperation call
            ? sources.Count == 1 ? OptionsHelperSummaries.For(symbols).CopiesItsParameter(call.TargetMethod, cancellationToken) : null
            : sources.All(s => ReadsOnlyStableValues(s, source));
        var fixable = stable == true && StaticInitializerCheck.CanAddStaticField(copy);
        return stable is null ? null : NewDiagnostic(copy, fixable ? OptionsPerCallFix.CachePerSource : null, Rules.OptionsCostCopy, Rules.OptionsCacheCopy, fixable ? "" : Rules.NoFixCopyState);
    }

    /// <summary>The options parameter of the converter's <c>Read</c> or <c>Write</c> the copy is made in, outside lambdas.</summary>
    private static IParameterSymbol? ConverterOptions(ISymbol containingSymbol, IOperation copy, JsonSymbols symbols)
        => containingSymbol is IMethodSymbol { IsOverride: true, IsStatic: false } method
           && s_converterMethods.Contains(method.Name)
           && method.ContainingType.InheritsFromOrEquals(symbols.JsonConverter)
           && copy.EnclosingFunction() is null
            ? method.Parameters.FirstOrDefault(p => symbols.IsJsonSerializerOptions(p.Type))
            : null;

    internal static bool IsParameter(IOperation value, IParameterSymbol parameter)
        => value.WalkDownConversions() is IParameterReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Parameter, parameter);

    /// <summary>The copy and the statements that configure it, when every use only reads it; null otherwise.</summary>
    private static List<IOperation>? UsesOfCopy(IOperation creation, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        var summaries = OptionsHelperSummaries.For(symbols);
        if (summaries.UseOf(creation, cancellationToken) == OptionsUse.Reads)
        {
            return new List<IOperation> { creation };
        }

        var uses = creation.InitializedDeclarator() is { } declarator
            ? OptionsReferences.Of(declarator).Select(r => (Reference: r, Use: summaries.UseOf(r, cancellationToken))).ToList()
            : null;
        return uses?.All(u => u.Use is OptionsUse.Reads or OptionsUse.Configured or OptionsUse.ConvertersChanged) == true
            ? uses.Where(u => u.Use != OptionsUse.Reads).Select(u => (IOperation)OptionsReferences.ConfigurationStatement(u.Reference, anyConvertersChange: true)!).Prepend(creation).ToList()
            : null;
    }

    /// <summary>Nothing the next call could see differently: constants, statics that cannot change, the converter's readonly fields, the source.</summary>
    internal static bool ReadsOnlyStableValues(IOperation root, IParameterSymbol source)
        => root.DescendantsAndSelf().All(operation => operation switch
        {
            IParameterReferenceOperation parameter => SymbolEqualityComparer.Default.Equals(parameter.Parameter, source),
            ILocalReferenceOperation local => OptionsReferences.ConfigurationStatement(local, anyConvertersChange: true) is not null || local.Parent is IPropertyReferenceOperation,
            IFieldReferenceOperation field => field.Field.IsReadOnly || field.Field.IsConst,
            IPropertyReferenceOperation property => property.Instance is not null || property.Property.SetMethod is null,
            IInvocationOperation { TargetMethod.IsStatic: false, Instance: ILocalReferenceOperation or IPropertyReferenceOperation } => true,
            IInvocationOperation call => call.TargetMethod.ContainingType.ContainingNamespace?.ToDisplayString().StartsWith("System", StringComparison.Ordinal) == true,
            _ => true,
        });
}
