namespace JsonPerf.Analyzers;

/// <summary>
/// JP0011: a JSON DOM held between JSON and a typed object, in code that runs per call (<see cref="RunOnce"/>). Read
/// side: a DOM deserialized into a type, where the DOM (or the envelope whose property it is) was read from JSON in the
/// same method (<see cref="DomOrigin"/>) and is used for nothing else (<see cref="DomUses"/>). Write side: a value
/// serialized to a DOM only to be stored in a property the serializer writes (<see cref="BuiltToBeWritten"/>), or only to
/// take one of its properties (<see cref="OnePropertyTaken"/>). Report
/// only: the DOM comes through the project's own methods and types.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class DomBetweenJsonAndTypeAnalyzer : JsonAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rules.DomBetweenJsonAndType);

    private protected override void OnCompilationStart(CompilationStartAnalysisContext context, JsonSymbols symbols)
    {
        if (symbols.JsonSerializer is { } serializer)
        {
            context.RegisterOperationAction(c => Analyze(c, symbols), OperationFilter.CallsDeclaredIn(serializer));
            context.RegisterOperationAction(c => AnalyzeHelperCall(c, symbols), OperationKind.Invocation);
        }
    }

    private static void Analyze(OperationAnalysisContext context, JsonSymbols symbols)
    {
        var call = (IInvocationOperation)context.Operation;
        if (call.TargetMethod.Name is not ("Deserialize" or "SerializeToNode" or "SerializeToElement" or "SerializeToDocument")
            || symbols.IsInsideExpressionTree(call)
            || !call.MayRunPerCall(context.ContainingSymbol, symbols, context.CancellationToken))
        {
            return;
        }

        string what, remedy, note, cost = Rules.DomTwoPasses;
        if (call.TargetMethod.Name == "Deserialize")
        {
            if (ReadDomType(call, symbols, context.CancellationToken) is not { } domType)
            {
                return;
            }

            (what, remedy, note) = (Rules.DomReadThenDeserialized(domType), Rules.DomReadTypedOnce, Rules.NoFixDomThroughOwnCode);
        }
        else if (BuiltToBeWritten.Find(call, symbols) is { } builtType)
        {
            (what, remedy, note) = (Rules.DomBuiltToBeWritten(call.TargetMethod.Name, builtType), Rules.DomWriteTypedOnce, Rules.NoFixDomPropertyType);
        }
        else if (OnePropertyTaken.Find(call, symbols, context.CancellationToken) is { } wholeType)
        {
            (what, cost, remedy, note) = (Rules.DomBuiltForOneProperty(call.TargetMethod.Name, wholeType), Rules.DomOnePropertyCost, Rules.DomSerializeOneProperty, Rules.NoFixDomPropertyName);
        }
        else
        {
            return;
        }

        if (call.RunsPerCall(context.ContainingSymbol, symbols, context.CancellationToken))
        {
            context.Report(Diagnostic.Create(Rules.DomBetweenJsonAndType, call.Syntax.GetLocation(), DiagnosticProperties.None, what, cost, remedy, note));
        }
    }

    /// <summary>A DOM read from JSON handed to the project's own method that only deserializes it (<see cref="HelperCalls"/>).</summary>
    private static void AnalyzeHelperCall(OperationAnalysisContext context, JsonSymbols symbols)
    {
        var call = (IInvocationOperation)context.Operation;
        if (call.Arguments.IsEmpty || symbols.IsInsideExpressionTree(call)
            || HelperCalls.Find(call, symbols, context.CancellationToken) is not var (at, dom, helper)
            || !call.RunsPerCall(context.ContainingSymbol, symbols, context.CancellationToken))
        {
            return;
        }

        var what = Rules.DomDeserializedByHelper(dom.Name, helper.Name);
        context.Report(Diagnostic.Create(Rules.DomBetweenJsonAndType, at.Syntax.GetLocation(), DiagnosticProperties.None, what, Rules.DomTwoPasses, Rules.DomReadTypedOnce, Rules.NoFixDomThroughOwnCode));
    }

    /// <summary>The DOM type a Deserialize call reads, when that DOM was read from JSON in the same method and only deserialized.</summary>
    private static string? ReadDomType(IInvocationOperation call, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        if (!SymbolEqualityComparer.Default.Equals(call.TargetMethod.ContainingType, symbols.JsonSerializer)
            || symbols.IsDom(call.TargetMethod.ReturnType, orProperty: true)
            || call.Arguments.FirstOrDefault(a => a.Parameter?.Ordinal == 0) is not { } input
            || !symbols.IsDom(input.Parameter!.Type, orProperty: true))
        {
            return null;
        }

        var locals = new MethodLocals(call.Root());
        return DomOrigin.Find(input.Value, locals, symbols, JsonReadingMethods.For(symbols), cancellationToken) is { } source
               && DomUses.OnlyDeserializedOnce(source, locals, symbols)
            ? JsonSymbols.WithoutNullable(input.Parameter.Type).Name
            : null;
    }
}
