namespace JsonPerf.Analyzers;

/// <summary>
/// JP0007: a <c>JsonDocument</c> from <c>JsonDocument.Parse</c>, <c>ParseAsync</c>, <c>ParseValue</c>,
/// <c>TryParseValue</c> or <c>JsonSerializer.SerializeToDocument</c> that nothing disposes: used in place
/// (<c>JsonDocument.Parse(s).RootElement</c>), discarded, or kept in a local that is only read through its
/// members. Anything else the document flows into (a <c>using</c>, a <c>Dispose</c> call anywhere, a return, a
/// field, an argument) counts as disposed or handed on, and is not reported.
/// </summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("MicrosoftCodeAnalysisCorrectness", "RS1001:Missing diagnostic analyzer attribute", Justification = "Hosted by JsonPerfAnalyzer, which the package exports; exported alone too, the rule would run twice.")]
public sealed partial class JsonDocumentNotDisposedAnalyzer : JsonAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rules.JsonDocumentNotDisposed);

    private protected override void OnCompilationStart(CompilationStartAnalysisContext context, JsonSymbols symbols)
    {
        if (symbols.JsonDocument is not { } document)
        {
            return;
        }

        var alternatives = new Alternatives(symbols);
        context.RegisterOperationAction(c => AnalyzeInvocation(c, symbols, alternatives), OperationFilter.CallsDeclaredIn(document, symbols.JsonSerializer));
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, JsonSymbols symbols, Alternatives alternatives)
    {
        var invocation = (IInvocationOperation)context.Operation;
        if (!CreatesDocument(invocation.TargetMethod, symbols)
            || symbols.IsInsideExpressionTree(invocation)
            || Judge(invocation, symbols, alternatives) is not { } verdict)
        {
            return;
        }

        var method = invocation.TargetMethod;
        var properties = verdict.Fix is null ? DiagnosticProperties.None : DiagnosticProperties.With(DiagnosticProperties.FixKind, verdict.Fix);
        var note = verdict.Fix is null ? Rules.DocumentNoFix(verdict.WhyNot) : "";
        context.Report(Diagnostic.Create(Rules.JsonDocumentNotDisposed, invocation.Syntax.GetLocation(), verdict.CloneLocations(), properties, method.ContainingType.Name + "." + method.Name, note));
    }

    private static bool CreatesDocument(IMethodSymbol method, JsonSymbols symbols)
        => method.IsStatic
           && (SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.JsonDocument)
               ? method.Name is "Parse" or "ParseAsync" or "ParseValue" or "TryParseValue"
               : method.Name == "SerializeToDocument" && SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.JsonSerializer));

    /// <summary>The calls that return an element needing no disposal, where this compilation has them.</summary>
    private sealed class Alternatives
    {
        public Alternatives(JsonSymbols symbols)
        {
            ElementParse = symbols.JsonElement?.GetMembers("Parse").Any(m => m is IMethodSymbol { IsStatic: true, Parameters.Length: 2 } parse && parse.Parameters[0].Type.SpecialType == SpecialType.System_String) == true;
            ElementParseValue = symbols.JsonElement?.GetMembers("ParseValue").Any(m => m is IMethodSymbol { IsStatic: true, Parameters.Length: 1 } parseValue && parseValue.Parameters[0].RefKind == RefKind.Ref) == true;
            SerializeToElement = symbols.JsonSerializer is { } serializer && !serializer.GetMembers("SerializeToElement").IsEmpty;
        }

        /// <summary><c>JsonElement.Parse(string, JsonDocumentOptions)</c> (.NET 10).</summary>
        public bool ElementParse { get; }

        /// <summary><c>JsonElement.ParseValue(ref Utf8JsonReader)</c>: what <c>JsonDocument.ParseValue</c> does, without the pool.</summary>
        public bool ElementParseValue { get; }

        public bool SerializeToElement { get; }

        /// <summary>
        /// Why <c>JsonElement</c> has no counterpart of the call (null: it has): <c>JsonElement.Parse</c> takes a string or
        /// a byte[] as they are (as a string or a ReadOnlySpan&lt;byte&gt;).
        /// </summary>
        public string? WhyNoElementCall(IInvocationOperation invocation)
        {
            switch (invocation.TargetMethod.Name)
            {
                case "ParseValue":
                    return ElementParseValue ? null : Rules.DocumentNoElementParseValue;
                case "ParseAsync":
                    return Rules.DocumentNoElementParseAsync;
            }

            if (!ElementParse)
            {
                return Rules.DocumentNoElementParse;
            }

            var type = invocation.Arguments.Length > 0 ? invocation.Arguments[0].Value.WalkDownConversions().Type : null;
            return type is not null && (type.SpecialType == SpecialType.System_String || type is IArrayTypeSymbol { Rank: 1, ElementType.SpecialType: SpecialType.System_Byte })
                ? null
                : Rules.DocumentElementParseTakesNo(type?.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat) ?? "such input");
        }
    }
}
