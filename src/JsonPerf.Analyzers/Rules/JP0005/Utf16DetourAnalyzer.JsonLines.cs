namespace JsonPerf.Analyzers;

/// <summary>
/// JP0005 on JSON lines: <c>await foreach (var line in GetLines(...)) JsonSerializer.Deserialize&lt;T&gt;(line)</c>, where
/// <c>GetLines</c> is the project's iterator yielding <c>StreamReader.ReadLineAsync()</c>'s lines of a UTF-8 stream
/// (itself or through one more such iterator): each line decoded to a string the serializer transcodes back. Reported
/// without a fix, with the UTF-8 reader to use. Silent where the loop reads the line for more than a null or blank check.
/// </summary>
public sealed partial class Utf16DetourAnalyzer
{
    private static void AnalyzeDeserializeOfLine(OperationAnalysisContext context, JsonSymbols symbols, IInvocationOperation deserialize, ILocalReferenceOperation line)
    {
        var cancellationToken = context.CancellationToken;
        if (LoopOver(deserialize, line.Local) is not { IsAsynchronous: true } loop
            || Unwrapped(loop.Collection, cancellationToken) is not IInvocationOperation source
            || deserialize.SemanticModel is not { } model
            || !YieldsStreamLines(source.TargetMethod, model, symbols, 0, cancellationToken)
            || !OnlyCheckedBesides(loop.Body, line))
        {
            return;
        }

        var topLevelValues = symbols.JsonSerializer?.GetMembers("DeserializeAsyncEnumerable").OfType<IMethodSymbol>().Any(m => m.Parameters.Any(p => p.Name == "topLevelValues")) == true;
        Report(
            context,
            deserialize,
            "JsonSerializer.Deserialize(line) of " + source.TargetMethod.Name + "'s StreamReader lines",
            topLevelValues ? "read the stream with JsonSerializer.DeserializeAsyncEnumerable<T>(stream, topLevelValues: true)" : "deserialize each line's UTF-8 bytes",
            fix: null,
            reason: Rules.NoFixOnlyUtf8);
    }

    /// <summary>An async iterator of the project whose every <c>yield return</c> is a line a UTF-8 StreamReader read, or one of such an iterator's.</summary>
    private static bool YieldsStreamLines(IMethodSymbol method, SemanticModel model, JsonSymbols symbols, int depth, CancellationToken cancellationToken)
    {
        if (depth > 1
            || method.ReturnType is not INamedTypeSymbol { Name: "IAsyncEnumerable", TypeArguments.Length: 1 } returned
            || returned.TypeArguments[0].SpecialType != SpecialType.System_String
            || method.DeclaringSyntaxReferences.Length != 1
            || method.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is not MethodDeclarationSyntax { Body: { } body })
        {
            return false;
        }

#pragma warning disable RS1030 // An iterator in another file is read at most once per site whose loop enumerates a source method.
        var bodyModel = body.SyntaxTree == model.SyntaxTree ? model : model.Compilation.GetSemanticModel(body.SyntaxTree);
#pragma warning restore RS1030
        if (bodyModel.GetOperation(body, cancellationToken) is not { } operation)
        {
            return false;
        }

        var yields = operation.Descendants().OfType<IReturnOperation>().Where(r => r.Kind == OperationKind.YieldReturn).ToList();
        return yields.Count > 0
               && yields.All(y => y.ReturnedValue is { } value && IsStreamLine(value, operation, bodyModel, symbols, depth, cancellationToken));
    }

    /// <summary>A line read by a UTF-8 StreamReader: the read itself, a local only ever set to such reads, or the variable of a loop over such an iterator.</summary>
    private static bool IsStreamLine(IOperation value, IOperation body, SemanticModel model, JsonSymbols symbols, int depth, CancellationToken cancellationToken)
    {
        if (value.WalkDownConversions() is not ILocalReferenceOperation { Local: var local })
        {
            return IsLineRead(value, symbols, cancellationToken);
        }

        if (LoopOver(value, local) is { IsAsynchronous: true } loop)
        {
            return Unwrapped(loop.Collection, cancellationToken) is IInvocationOperation inner
                   && YieldsStreamLines(inner.TargetMethod, model, symbols, depth + 1, cancellationToken);
        }

        var sources = body.Descendants()
            .Select(o => o switch
            {
                IVariableDeclaratorOperation declarator when SymbolEqualityComparer.Default.Equals(declarator.Symbol, local) => declarator.Initializer?.Value,
                ISimpleAssignmentOperation { Target: ILocalReferenceOperation target } assignment when SymbolEqualityComparer.Default.Equals(target.Local, local) => assignment.Value,
                _ => null,
            })
            .OfType<IOperation>()
            .ToList();
        return sources.Count > 0 && sources.All(s => IsLineRead(s, symbols, cancellationToken));
    }

    /// <summary><c>await reader.ReadLineAsync(...)</c> (ConfigureAwait allowed) or <c>reader.ReadLine()</c> of a StreamReader made on a stream, as UTF-8.</summary>
    private static bool IsLineRead(IOperation value, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        var current = value.WalkDownConversions();
        if (current is IAwaitOperation { Operation: var awaited })
        {
            current = awaited.WalkDownConversions();
            if (current is IInvocationOperation { TargetMethod.Name: "ConfigureAwait", Instance: { } configured })
            {
                current = configured.WalkDownConversions();
            }

            if (current is not IInvocationOperation { TargetMethod.Name: "ReadLineAsync" })
            {
                return false;
            }
        }
        else if (current is not IInvocationOperation { TargetMethod.Name: "ReadLine" })
        {
            return false;
        }

        return current is IInvocationOperation { Instance: { } reader }
               && SymbolEqualityComparer.Default.Equals(reader.Type, symbols.StreamReader)
               && Unwrapped(reader, cancellationToken) is IObjectCreationOperation { Constructor: { Parameters.Length: > 0 } constructor } creation
               && constructor.Parameters[0].Type.Name == "Stream"
               && constructor.Parameters.Skip(1).All(p => !SymbolEqualityComparer.Default.Equals(p.Type, symbols.Encoding)
                                                           || creation.Arguments.FirstOrDefault(a => SymbolEqualityComparer.Default.Equals(a.Parameter, p)) is { } encoding && IsEncodingUtf8(encoding.Value, symbols));
    }

    /// <summary>The loop reads the line only at <paramref name="use"/>, and otherwise only to see it null or blank.</summary>
    private static bool OnlyCheckedBesides(IOperation body, ILocalReferenceOperation use)
    {
        foreach (var operation in body.Descendants())
        {
            if (operation is ILocalReferenceOperation reference
                && reference != use
                && SymbolEqualityComparer.Default.Equals(reference.Local, use.Local)
                && !IsNullOrBlankCheck(reference))
            {
                return false;
            }
        }

        return true;
    }

    private static bool IsNullOrBlankCheck(IOperation reference)
        => reference.WalkUpConversions().Parent switch
        {
            IArgumentOperation { Parent: IInvocationOperation { TargetMethod: { Name: "IsNullOrWhiteSpace" or "IsNullOrEmpty", ContainingType.SpecialType: SpecialType.System_String } } } => true,
            IIsPatternOperation { Pattern: IConstantPatternOperation or INegatedPatternOperation { Pattern: IConstantPatternOperation } } => true,
            IBinaryOperation { OperatorKind: BinaryOperatorKind.Equals or BinaryOperatorKind.NotEquals } binary
                => (binary.LeftOperand.WalkDownConversions() == reference ? binary.RightOperand : binary.LeftOperand).WalkDownConversions().ConstantValue is { HasValue: true, Value: null },
            _ => false,
        };
}
