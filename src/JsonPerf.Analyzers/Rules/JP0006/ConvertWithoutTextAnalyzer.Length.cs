namespace JsonPerf.Analyzers;

/// <summary>
/// JP0006 on <c>element.GetRawText().Length</c>: a string made only to be counted. <c>JsonMarshal.GetRawUtf8Value</c>
/// (.NET 9) views the UTF-8 text without one; its length counts bytes, more than the characters for non-ASCII text, so
/// the site is reported without a fix (the author knows whether the number sizes a buffer or is shown to someone).
/// </summary>
public sealed partial class ConvertWithoutTextAnalyzer
{
    private static void AnalyzeRawTextLength(OperationAnalysisContext context, JsonSymbols symbols, IInvocationOperation rawText)
    {
        if (rawText.TargetMethod.Parameters.Length != 0
            || !SymbolEqualityComparer.Default.Equals(rawText.TargetMethod.ContainingType, symbols.JsonElement)
            || rawText.Parent is not IPropertyReferenceOperation { Property.Name: "Length" } length
            || length.Instance != rawText
            || symbols.IsInsideExpressionTree(rawText)
            || symbols.JsonMarshal is null)
        {
            return;
        }

        context.Report(Diagnostic.Create(Rules.ConvertWithoutText, length.Syntax.GetLocation(), "element.GetRawText().Length", Rules.TextOnlyCounted, "JsonMarshal.GetRawUtf8Value(element).Length", Rules.NoFixForUtf8Length));
    }
}
