namespace JsonPerf.Analyzers;

/// <summary>
/// JP0005 on JSON framed by other text before it becomes bytes: <c>Encoding.UTF8.GetBytes($"data: {json}\n\n")</c> or
/// <c>Encoding.UTF8.GetBytes("data: " + json + "\n\n")</c>, the JSON a <c>JsonSerializer.Serialize</c> call inline or a local
/// of one read nowhere else, where the code runs per call (a server-sent event per streamed item), outside a catch
/// clause (an error event after a failure). Reported without a fix: the same bytes without the UTF-16 copies need the
/// text around the JSON written apart, which only the code that writes the bytes can do (one write becomes three, or a
/// buffer of its own).
/// </summary>
public sealed partial class Utf16DetourAnalyzer
{
    /// <summary>A syntax-only filter: the one argument is an interpolated string or a string concatenation.</summary>
    private static bool IsFramedTextArgument(SyntaxNode syntax)
        => syntax is InvocationExpressionSyntax { ArgumentList.Arguments: { Count: 1 } arguments }
           && arguments[0].Expression is InterpolatedStringExpressionSyntax or BinaryExpressionSyntax { RawKind: (int)SyntaxKind.AddExpression };

    private static void AnalyzeGetBytesOfFramedText(OperationAnalysisContext context, JsonSymbols symbols, INamedTypeSymbol serializer, IInvocationOperation getBytes)
    {
        if (getBytes.TargetMethod.Parameters[0].Type.SpecialType != SpecialType.System_String
            || getBytes.Arguments.Length != 1
            || !IsEncodingUtf8(getBytes.Instance, symbols)
            || FramedJson(getBytes.Arguments[0].Value.WalkDownConversions(), serializer, context.CancellationToken) is not { } what
            || symbols.IsInsideExpressionTree(getBytes)
            || InCatch(getBytes)
            || !getBytes.MayRunPerCall(context.ContainingSymbol, symbols, context.CancellationToken)
            || !getBytes.RunsPerCall(context.ContainingSymbol, symbols, context.CancellationToken))
        {
            return;
        }

        Report(context, getBytes, "Encoding.UTF8.GetBytes(" + what, "write the text and SerializeToUtf8Bytes(...) apart", fix: null, reason: Rules.NoFixFramedJson);
    }

    /// <summary>How the message names the text (its closing parenthesis included) when one of its parts is the serialized JSON; else null.</summary>
    private static string? FramedJson(IOperation text, INamedTypeSymbol serializer, CancellationToken cancellationToken)
    {
        var parts = new List<IOperation>();
        string open, close;
        if (text is IInterpolatedStringOperation interpolated)
        {
            foreach (var part in interpolated.Parts)
            {
                if (part is IInterpolationOperation { Alignment: null, FormatString: null } hole)
                {
                    parts.Add(hole.Expression.WalkDownConversions());
                }
            }

            (open, close) = ("$\"...{", "}...\")");
        }
        else if (text is IBinaryOperation { OperatorKind: BinaryOperatorKind.Add, Type.SpecialType: SpecialType.System_String } concatenation)
        {
            AddOperands(concatenation, parts);
            (open, close) = ("\"...\" + ", " + \"...\")");
        }
        else
        {
            return null;
        }

        foreach (var part in parts)
        {
            if (SerializeToString(part, serializer) is not null)
            {
                return open + "JsonSerializer.Serialize(...)" + close;
            }

            if (part is ILocalReferenceOperation { Local: { IsConst: false, IsUsing: false, RefKind: RefKind.None } local }
                && DeclarationReadOnlyAt(local, part.Syntax, cancellationToken) is { } declarator
                && part.SemanticModel?.GetOperation(declarator.Initializer!.Value, cancellationToken) is { } value
                && SerializeToString(value, serializer) is not null)
            {
                return open + local.Name + close + " with " + local.Name + " = JsonSerializer.Serialize(...)";
            }
        }

        return null;
    }

    /// <summary>In a catch clause: an error event, written once after a failure (a2a-dotnet's streams end so).</summary>
    private static bool InCatch(IOperation operation)
    {
        for (var current = operation.Parent; current is not null and not IAnonymousFunctionOperation and not ILocalFunctionOperation; current = current.Parent)
        {
            if (current is ICatchClauseOperation)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The operands of a chain of string concatenations, left to right.</summary>
    private static void AddOperands(IOperation operand, List<IOperation> parts)
    {
        if (operand is IBinaryOperation { OperatorKind: BinaryOperatorKind.Add, Type.SpecialType: SpecialType.System_String } concatenation)
        {
            AddOperands(concatenation.LeftOperand.WalkDownConversions(), parts);
            AddOperands(concatenation.RightOperand.WalkDownConversions(), parts);
            return;
        }

        parts.Add(operand);
    }
}
