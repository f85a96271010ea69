namespace JsonPerf.Analyzers;

/// <summary>
/// JP0005 through the project's own reading helper: a method whose whole body is one of the reads JP0005 knows
/// (<c>=&gt; await response.Content.ReadAsStringAsync(ct)</c>), so its string is the detour and nothing else sees it.
/// Followed one level deep; a helper that also logs or keeps the text has a longer body and is left alone.
/// </summary>
public sealed partial class Utf16DetourAnalyzer
{
    private static (string What, string Instead)? DecodedByHelper(IInvocationOperation call, bool awaited, JsonSymbols symbols)
    {
        var helper = call.TargetMethod;
        if (helper.MethodKind != MethodKind.Ordinary
            || helper.DeclaringSyntaxReferences.Length != 1
            || call.SemanticModel is not { } model
            || helper.DeclaringSyntaxReferences[0].GetSyntax() is not MethodDeclarationSyntax declaration
            || OnlyExpression(declaration) is not { } body)
        {
            return null;
        }

#pragma warning disable RS1030 // The helper's body is in another file at most once per site whose argument calls a source method.
        var helperModel = body.SyntaxTree == model.SyntaxTree ? model : model.Compilation.GetSemanticModel(body.SyntaxTree);
#pragma warning restore RS1030
        var read = helperModel.GetOperation(body)?.WalkDownConversions();
        var readAwaited = false;
        if (read is IAwaitOperation { Operation: var operand })
        {
            readAwaited = true;
            read = operand.WalkDownConversions();
            if (read is IInvocationOperation { TargetMethod.Name: "ConfigureAwait", Instance: { } configured })
            {
                read = configured.WalkDownConversions();
            }
        }

        // An async helper awaits the read itself; one that returns the read's task is awaited by the caller.
        var effective = helper.IsAsync ? readAwaited && awaited : readAwaited || awaited;
        if (read is not IInvocationOperation source || DecodedCall(source, effective, symbols) is not var (what, instead))
        {
            return null;
        }

        var start = what.IndexOf('(') + 1;
        var text = what.Substring(start, what.Length - start - 1).Replace("await ", "");
        return ("JsonSerializer.Deserialize(" + (awaited ? "await " : "") + helper.Name + "(...))", helper.Name + " returns " + text + "; " + instead);
    }

    private static ExpressionSyntax? OnlyExpression(MethodDeclarationSyntax method)
        => method.ExpressionBody?.Expression
           ?? (method.Body is { Statements.Count: 1 } body && body.Statements[0] is ReturnStatementSyntax { Expression: { } returned } ? returned : null);
}
