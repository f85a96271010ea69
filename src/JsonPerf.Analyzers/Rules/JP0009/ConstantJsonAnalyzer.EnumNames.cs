namespace JsonPerf.Analyzers;

/// <summary>
/// JP0009 on an enum value's wire name made through the serializer per call: <c>JsonSerializer.Serialize(status, options).Trim('"')</c>
/// (a2a-dotnet's <c>A2AHttpJsonClient.SerializeEnumValue</c>). Each value's JSON is the same on every call, yet each call
/// serializes it and trims a second string. Reported where it runs per call and every argument but the value is the
/// same on every call (static options or metadata, a type), not cached and not in a lambda handed to a method (the map
/// being built: <c>ToDictionary(v =&gt; v, v =&gt; ...)</c>); without a fix: the options decide the names.
/// </summary>
public sealed partial class ConstantJsonAnalyzer
{
    private static void AnalyzeEnumName(OperationAnalysisContext context, JsonSymbols symbols, IInvocationOperation serialize)
    {
        if (serialize.TargetMethod is not { IsStatic: true, ReturnType.SpecialType: SpecialType.System_String } method
            || !SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.JsonSerializer)
            || serialize.Arguments.Length == 0
            || !IsEnum(serialize.Arguments[0].Value.WalkDownConversions().Type)
            || !serialize.Arguments.Skip(1).All(a => a.ArgumentKind == ArgumentKind.DefaultValue || IsSameEveryCall(a.Value))
            || serialize.Parent is not IInvocationOperation { TargetMethod: { Name: "Trim", ContainingType.SpecialType: SpecialType.System_String }, Arguments.Length: 1 } trim
            || trim.Instance != serialize
            || !TrimsQuotes(trim.Arguments[0].Value)
            || symbols.IsInsideExpressionTree(trim)
            || IsCached(trim)
            || trim.EnclosingFunction() is IAnonymousFunctionOperation { Parent: IDelegateCreationOperation { Parent: IArgumentOperation } }
            || !trim.MayRunPerCall(context.ContainingSymbol, symbols, context.CancellationToken)
            || !trim.RunsPerCall(context.ContainingSymbol, symbols, context.CancellationToken))
        {
            return;
        }

        context.Report(Diagnostic.Create(
            Rules.ConstantJsonPerCall,
            trim.Syntax.GetLocation(),
            DiagnosticProperties.None,
            "JsonSerializer.Serialize(enum value).Trim('\"')",
            "a serialization and two strings",
            "map each value to its name once",
            Rules.NoFixEnumNames));
    }

    /// <summary>An enum, or a type parameter constrained to one (<c>where T : struct, Enum</c>).</summary>
    private static bool IsEnum(ITypeSymbol? type) => type switch
    {
        { TypeKind: TypeKind.Enum } => true,
        ITypeParameterSymbol parameter => parameter.ConstraintTypes.Any(c => c.SpecialType == SpecialType.System_Enum || c.TypeKind == TypeKind.Enum),
        _ => false,
    };

    /// <summary>A static field or property (through instance members of one: <c>Ctx.Default.Status</c>), a <c>typeof</c>, or null.</summary>
    private static bool IsSameEveryCall(IOperation value) => value.WalkDownConversions() switch
    {
        ITypeOfOperation => true,
        { ConstantValue: { HasValue: true, Value: null } } => true,
        IFieldReferenceOperation { Field.IsStatic: true } => true,
        IPropertyReferenceOperation { Property: { IsStatic: true, IsIndexer: false } } => true,
        IPropertyReferenceOperation { Property.IsIndexer: false, Instance: { } instance } => IsSameEveryCall(instance),
        _ => false,
    };

    /// <summary><c>'"'</c>, or an array of only <c>'"'</c> (<c>Trim(params char[])</c> before .NET Core 2.0).</summary>
    private static bool TrimsQuotes(IOperation argument) => argument.WalkDownConversions() switch
    {
        { ConstantValue: { HasValue: true, Value: '"' } } => true,
        IArrayCreationOperation { Initializer: { ElementValues: { Length: > 0 } elements } } => elements.All(e => e.WalkDownConversions().ConstantValue is { HasValue: true, Value: '"' }),
        _ => false,
    };
}
