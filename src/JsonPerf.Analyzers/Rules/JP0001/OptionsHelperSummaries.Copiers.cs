using System.Collections.Concurrent;

namespace JsonPerf.Analyzers;

/// <summary>The copiers of <see cref="OptionsHelperSummaries"/>: methods that return a new copy of their one options parameter.</summary>
internal sealed partial class OptionsHelperSummaries
{
    private readonly ConcurrentDictionary<IMethodSymbol, bool?> _copiers = new(SymbolEqualityComparer.Default);

    /// <summary>
    /// Whether the method is <c>=&gt; new JsonSerializerOptions(source) { ... }</c>, or declares that copy, configures it
    /// and returns it: null when it is not; true when the copy reads only stable values (the same copy for the same
    /// source on every call), false when it reads something else.
    /// </summary>
    public bool? CopiesItsParameter(IMethodSymbol target, CancellationToken cancellationToken)
        => Followable(target) is { IsGenericMethod: false, IsExtensionMethod: false, Parameters.Length: 1 } method
           && method.Parameters[0] is { RefKind: RefKind.None } parameter
           && _symbols.IsJsonSerializerOptions(parameter.Type)
           && method.ReturnNullableAnnotation != NullableAnnotation.Annotated
            ? _copiers.TryGetValue(method, out var known) ? known : _copiers.GetOrAdd(method, SummarizeCopier(method, parameter, cancellationToken))
            : null;

    private bool? SummarizeCopier(IMethodSymbol method, IParameterSymbol source, CancellationToken cancellationToken)
    {
        if (Body(method, mustCreate: true, cancellationToken) is not { } body
            || (body.BlockBody ?? body.ExpressionBody) is not { Operations.Length: > 0 } block
            || block.Operations[block.Operations.Length - 1] is not IReturnOperation { ReturnedValue: { } returned })
        {
            return null;
        }

        var value = returned.WalkDownConversions();
        var statements = block.Operations.RemoveAt(block.Operations.Length - 1);
        if (value is ILocalReferenceOperation local
            && statements.FirstOrDefault() is IVariableDeclarationGroupOperation { Declarations.Length: 1 } group
            && group.Declarations[0].Declarators is { Length: 1 } declarators
            && declarators[0] is { Initializer.Value: var initializer } declarator
            && SymbolEqualityComparer.Default.Equals(declarator.Symbol, local.Local))
        {
            value = initializer.WalkDownConversions();
            if (statements.RemoveAt(0).Any(statement => statement is not IExpressionStatementOperation
                    || !statement.Descendants().OfType<ILocalReferenceOperation>().All(r => OptionsReferences.ConfigurationStatement(r, anyConvertersChange: true) == statement)))
            {
                return null;
            }
        }
        else if (!statements.IsEmpty)
        {
            return null;
        }

        if (value is not IObjectCreationOperation { Arguments.Length: 1 } creation
            || !_symbols.IsJsonSerializerOptions(creation.Type)
            || !JsonSerializerOptionsCreatedPerCallAnalyzer.IsParameter(creation.Arguments[0].Value, source))
        {
            return null;
        }

        // The copy and what configures it; `return copy;` reads the local only to hand it back.
        return statements.IsEmpty
            ? JsonSerializerOptionsCreatedPerCallAnalyzer.ReadsOnlyStableValues(creation, source)
            : statements.All(o => JsonSerializerOptionsCreatedPerCallAnalyzer.ReadsOnlyStableValues(o, source));
    }
}
