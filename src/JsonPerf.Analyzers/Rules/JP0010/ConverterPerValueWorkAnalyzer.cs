namespace JsonPerf.Analyzers;

/// <summary>
/// JP0010: work a <c>JsonConverter&lt;T&gt;</c>'s Read or Write (or their property-name forms) does for every value, in
/// their bodies and the lambdas and local functions inside them: a DOM parsed from the reader and deserialized again or
/// read for one scalar or walked as an array of scalars (<see cref="ConverterDomUse"/>), <c>GetString()</c> only compared with literals
/// (<see cref="ReaderTextComparison"/>) or only a key into a fixed map of names (<see cref="ReaderNameLookup"/>),
/// constant or mapped text handed to the writer as a string (<see cref="WriterConstantText"/>).
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class ConverterPerValueWorkAnalyzer : JsonAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rules.ConverterPerValueWork);

    private protected override void OnCompilationStart(CompilationStartAnalysisContext context, JsonSymbols symbols)
    {
        if (symbols.JsonConverterOfT is { } converter)
        {
            var filter = OperationFilter.CallsDeclaredIn(symbols.Utf8JsonReader, symbols.Utf8JsonWriter, symbols.JsonDocument, symbols.JsonElement, symbols.JsonNode, symbols.JsonSerializer);
            context.RegisterOperationAction(c => Analyze(c, symbols, converter), filter);
        }
    }

    private static void Analyze(OperationAnalysisContext context, JsonSymbols symbols, INamedTypeSymbol converter)
    {
        var invocation = (IInvocationOperation)context.Operation;
        var declaring = invocation.TargetMethod.ContainingType;
        if (!IsPerValueMember(context.ContainingSymbol, converter))
        {
            return;
        }

        if (SymbolEqualityComparer.Default.Equals(declaring, symbols.Utf8JsonReader))
        {
            if (invocation.TargetMethod.Name == "GetString" && ReaderTextComparison.IsComparedWithLiterals(invocation))
            {
                Report(context, invocation, Rules.ConverterComparesGetString, Rules.ConverterUseValueTextEquals, Rules.NoFixValueTextEquals);
            }
            else if (invocation.TargetMethod.Name == "GetString" && ReaderNameLookup.IsLookedUpInFixedNames(invocation, context.Compilation, context.CancellationToken))
            {
                Report(context, invocation, Rules.ConverterLooksUpGetString, Rules.ConverterMatchNamesInPlace, Rules.NoFixNameLookup);
            }
        }
        else if (SymbolEqualityComparer.Default.Equals(declaring, symbols.Utf8JsonWriter))
        {
            foreach (var (argument, text) in WriterConstantText.Find(invocation, symbols))
            {
                ReportWrite(context, invocation, argument, text, symbols);
            }
        }
        else if (ConverterDomUse.Find(invocation, symbols, context.ContainingSymbol.ContainingType) is { } dom)
        {
            if (dom.Deserialized)
            {
                Report(context, invocation, Rules.ConverterParsesTwice(dom.TypeName), Rules.ConverterPeekWithReaderCopy, Rules.NoFixConverterControlFlow);
            }
            else if (dom.WalksArray)
            {
                Report(context, invocation, Rules.ConverterParsesArrayWalk(dom.TypeName), Rules.ConverterReadArrayTokens, Rules.NoFixConverterControlFlow);
            }
            else
            {
                Report(context, invocation, Rules.ConverterParsesScalar(dom.TypeName), Rules.ConverterReadScalarDirectly, Rules.NoFixScalarParse);
            }
        }
    }

    private static void ReportWrite(OperationAnalysisContext context, IInvocationOperation invocation, IArgumentOperation argument, WriterConstantText.Text text, JsonSymbols symbols)
    {
        var method = invocation.TargetMethod.Name + "(string)";
        var site = argument.Value.WalkDownConversions();
        if (text == WriterConstantText.Text.Mapped)
        {
            Report(context, site, Rules.ConverterWritesMappedName(method), Rules.ConverterUseEncodedText, Rules.NoFixNameMap);
            return;
        }

        var movable = StaticInitializerCheck.CanMoveToStaticInitializer(site, symbols);
        var fixable = text == WriterConstantText.Text.Plain && movable && StaticInitializerCheck.CanAddStaticField(invocation);
        var properties = fixable ? DiagnosticProperties.With(DiagnosticProperties.FixKind, ConverterPerValueFix.EncodeOnce) : DiagnosticProperties.None;
        var note = fixable ? "" : text != WriterConstantText.Text.Plain ? Rules.NoFixEncoderMayDiffer : movable ? Rules.NoAutomaticFix : Rules.NoFixConstantNotStatic;
        context.Report(Diagnostic.Create(Rules.ConverterPerValueWork, site.Syntax.GetLocation(), properties, Rules.ConverterWritesConstant(method), Rules.ConverterUseEncodedText, note));
    }

    private static void Report(OperationAnalysisContext context, IOperation site, string what, string remedy, string note)
        => context.Report(Diagnostic.Create(Rules.ConverterPerValueWork, site.Syntax.GetLocation(), DiagnosticProperties.None, what, remedy, note));

    /// <summary>Read, Write, ReadAsPropertyName or WriteAsPropertyName overriding <c>JsonConverter&lt;T&gt;</c>'s: they run once per value.</summary>
    private static bool IsPerValueMember(ISymbol symbol, INamedTypeSymbol converter)
    {
        while (symbol is IMethodSymbol { MethodKind: MethodKind.LocalFunction or MethodKind.AnonymousFunction })
        {
            symbol = symbol.ContainingSymbol;
        }

        if (symbol is not IMethodSymbol { IsOverride: true, Name: "Read" or "Write" or "ReadAsPropertyName" or "WriteAsPropertyName" } method)
        {
            return false;
        }

        while (method.OverriddenMethod is { } overridden)
        {
            method = overridden;
        }

        return SymbolEqualityComparer.Default.Equals(method.ContainingType.OriginalDefinition, converter);
    }
}
