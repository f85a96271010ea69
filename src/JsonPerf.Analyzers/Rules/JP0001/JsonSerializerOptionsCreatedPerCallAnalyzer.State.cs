namespace JsonPerf.Analyzers;

/// <summary>
/// Options that hold the state of the call (a value read from a parameter, a local, <c>this</c> or an instance member)
/// cannot be cached as they are: shared, every later call would get the first call's state. Where the state is in a
/// converter, policy, encoder or resolver built per call, the serializer rebuilds the metadata on every call: reported,
/// saying that the state has to leave those instances before the options can be cached. Where it is only in value
/// settings (<c>WriteIndented = indented</c>), a call costs a cache lookup, and caching would take one instance per
/// value: not reported.
/// </summary>
public sealed partial class JsonSerializerOptionsCreatedPerCallAnalyzer
{
    private enum CallState
    {
        None,
        InValues,
        InInstances,
    }

    /// <summary>The diagnostic for options that hold the call's state, null for those that hold it in values only, or <paramref name="diagnostic"/>.</summary>
    private static Diagnostic? WithCallState(Diagnostic diagnostic, IObjectCreationOperation creation, JsonSymbols symbols)
    {
        if (diagnostic.Properties.Count > 0)
        {
            return diagnostic;
        }

        return StateOf(creation, symbols) switch
        {
            // Only where a call costs a lookup: options a context is built on rebuild the metadata whatever their settings.
            CallState.InValues when diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture).IndexOf(Rules.OptionsCostLookup, StringComparison.Ordinal) >= 0 => null,
            CallState.InInstances => Diagnostic.Create(Rules.OptionsCreatedPerCall, creation.Syntax.GetLocation(), DiagnosticProperties.None, Rules.OptionsCostCallState, Rules.OptionsCacheWithoutState, ""),
            _ => diagnostic,
        };
    }

    /// <summary>Where the creation, and the statements that configure the local it initializes, read the call's state.</summary>
    private static CallState StateOf(IObjectCreationOperation creation, JsonSymbols symbols)
    {
        var sources = new List<IOperation> { creation };
        if (creation.WalkUpConversions().Parent is IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator })
        {
            foreach (var reference in References(declarator))
            {
                if (OptionsConfiguration.ConfigurationStatement(reference) is { } statement)
                {
                    sources.Add(statement);
                }
            }
        }

        var state = CallState.None;
        foreach (var source in sources)
        {
            foreach (var operation in source.DescendantsAndSelf())
            {
                if (!ReadsCallState(operation, creation, symbols))
                {
                    continue;
                }

                state = CallState.InValues;
                for (var node = operation.Parent; node is not null && node != source.Parent; node = node.Parent)
                {
                    if (node != creation
                        && node.Type is { IsReferenceType: true, SpecialType: not SpecialType.System_String } type
                        && !symbols.IsJsonSerializerOptions(type)
                        && node is IObjectCreationOperation or IInvocationOperation { TargetMethod.ReturnsVoid: false })
                    {
                        return CallState.InInstances;
                    }
                }
            }
        }

        return state;
    }

    /// <summary>A parameter, a local other than the options being built, <c>this</c>, or an instance member read.</summary>
    private static bool ReadsCallState(IOperation operation, IObjectCreationOperation creation, JsonSymbols symbols) => operation switch
    {
        IParameterReferenceOperation => true,
        ILocalReferenceOperation local => !(symbols.IsJsonSerializerOptions(local.Local.Type) && creation.InitializedDeclarator()?.Symbol is { } options && SymbolEqualityComparer.Default.Equals(options, local.Local)),
        IInstanceReferenceOperation { ReferenceKind: InstanceReferenceKind.ContainingTypeInstance } => true,
        _ => false,
    };
}
