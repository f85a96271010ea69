using System.Collections.Concurrent;

namespace JsonPerf.Analyzers;

/// <summary>How a value built only from constants fares: it varies, or it is the same on every call (and is or is not safe to serialize once in a type initializer).</summary>
internal enum Constancy
{
    Varies,
    Unsafe,
    Safe,
}

/// <summary>
/// JP0009's judgement of a call's inputs: literals, constants, <c>nameof</c>, <c>typeof</c>, static readonly fields of
/// immutable values, and anonymous objects, arrays, lists, dictionaries and plain classes of the project built from those.
/// Anything else (a parameter, a local, <c>this</c>, an instance member, a mutable static, a call) varies. A constant
/// value is unsafe to serialize where the serializer would throw on it (NaN, a lone surrogate, a <c>Type</c>, too deep).
/// </summary>
internal sealed class ConstantValues
{
    private const int MaxDepth = 48;

    private readonly JsonSymbols _symbols;
    private readonly ConcurrentDictionary<INamedTypeSymbol, bool> _plainTypes = new(SymbolEqualityComparer.Default);

    private ConstantValues(JsonSymbols symbols) => _symbols = symbols;

    public static ConstantValues For(JsonSymbols symbols) => symbols.RuleState(static (_, s) => new ConstantValues(s));

    /// <summary>The value's constancy; <paramref name="serialized"/>: the serializer writes it (a <c>Type</c> cannot be).</summary>
    public Constancy Of(IOperation value, bool serialized) => Of(value, serialized, depth: 0);

    /// <summary>The worse of two verdicts: anything varying varies; anything unsafe is unsafe.</summary>
    public static Constancy Worse(Constancy left, Constancy right) => left < right ? left : right;

    private Constancy Of(IOperation value, bool serialized, int depth)
    {
        if (value.ConstantValue.HasValue)
        {
            return OfConstant(value.ConstantValue.Value);
        }

        if (depth > MaxDepth)
        {
            return Constancy.Unsafe;
        }

        switch (value)
        {
            case IConversionOperation conversion:
                return conversion.OperatorMethod is null ? Of(conversion.Operand, serialized, depth) : Constancy.Varies;
            case IParenthesizedOperation parenthesized:
                return Of(parenthesized.Operand, serialized, depth);
            case ITypeOfOperation:
                return serialized ? Constancy.Unsafe : Constancy.Safe;
            case IDefaultValueOperation:
                return Constancy.Safe;
            case IFieldReferenceOperation { Field: { IsStatic: true, IsReadOnly: true } field }:
                return IsImmutable(field.Type) ? Constancy.Safe : Constancy.Varies;
            case IBinaryOperation { OperatorMethod: null } binary:
                return Worse(Of(binary.LeftOperand, serialized, depth), Of(binary.RightOperand, serialized, depth));
            case IUnaryOperation { OperatorMethod: null } unary:
                return Of(unary.Operand, serialized, depth);
            case IAnonymousObjectCreationOperation anonymous:
                return All(anonymous.Initializers, serialized, depth + 1);
            case IArrayCreationOperation array:
                return Worse(All(array.DimensionSizes, serialized, depth), array.Initializer is null ? Constancy.Safe : Of(array.Initializer, serialized, depth + 1));
            case IArrayInitializerOperation initializer:
                return All(initializer.ElementValues, serialized, depth);
            case IObjectCreationOperation creation:
                return OfCreation(creation, serialized, depth + 1);
            case IObjectOrCollectionInitializerOperation initializer:
                return All(initializer.Initializers, serialized, depth);
            case ISimpleAssignmentOperation assignment:
                return IsInitializedMember(assignment.Target) ? Worse(MemberArguments(assignment.Target, serialized, depth), Of(assignment.Value, serialized, depth)) : Constancy.Varies;
            case IMemberInitializerOperation member:
                return IsInitializedMember(member.InitializedMember) ? Of(member.Initializer, serialized, depth) : Constancy.Varies;
            case IInvocationOperation { IsImplicit: true } add:
                // A collection initializer's Add.
                return All(add.Arguments.Select(a => a.Value), serialized, depth);
            default:
                return Constancy.Varies;
        }
    }

    private static Constancy OfConstant(object? value) => value switch
    {
        string text => JsonText.IsWellFormedUtf16(text) ? Constancy.Safe : Constancy.Unsafe,
        char c => char.IsSurrogate(c) ? Constancy.Unsafe : Constancy.Safe,
        double d => double.IsNaN(d) || double.IsInfinity(d) ? Constancy.Unsafe : Constancy.Safe,
        float f => float.IsNaN(f) || float.IsInfinity(f) ? Constancy.Unsafe : Constancy.Safe,
        _ => Constancy.Safe,
    };

    private Constancy All(IEnumerable<IOperation> values, bool serialized, int depth)
    {
        var result = Constancy.Safe;
        foreach (var value in values)
        {
            result = Worse(result, Of(value, serialized, depth));
            if (result == Constancy.Varies)
            {
                break;
            }
        }

        return result;
    }

    /// <summary>A list, a dictionary with keys the serializer can write, or a plain class of the project.</summary>
    private Constancy OfCreation(IObjectCreationOperation creation, bool serialized, int depth)
    {
        if (creation.Type is not INamedTypeSymbol type || creation.Constructor is not { } constructor)
        {
            return Constancy.Varies;
        }

        var kind = CollectionKind(type);
        if (kind == Constancy.Varies && !(IsPlainConstructor(constructor) && _plainTypes.GetOrAdd(type, t => PlainTypes.IsPlain(t, _symbols))))
        {
            return Constancy.Varies;
        }

        var arguments = All(creation.Arguments.Select(a => a.Value), serialized, depth);
        return Worse(Worse(kind == Constancy.Varies ? Constancy.Safe : kind, arguments), creation.Initializer is null ? Constancy.Safe : Of(creation.Initializer, serialized, depth));
    }

    /// <summary><c>List&lt;T&gt;</c> (safe), <c>Dictionary&lt;K, V&gt;</c> (unsafe unless the key is a string, number or enum), else varies.</summary>
    private static Constancy CollectionKind(INamedTypeSymbol type)
    {
        if (type.ContainingNamespace?.ToDisplayString() != "System.Collections.Generic")
        {
            return Constancy.Varies;
        }

        return type.OriginalDefinition.MetadataName switch
        {
            "List`1" => Constancy.Safe,
            "Dictionary`2" => type.TypeArguments[0] is { SpecialType: SpecialType.System_String or (>= SpecialType.System_SByte and <= SpecialType.System_UInt64) } or { TypeKind: TypeKind.Enum }
                ? Constancy.Safe
                : Constancy.Unsafe,
            _ => Constancy.Varies,
        };
    }

    /// <summary>The compiler's constructor, one with an empty body and no chained call, or a record's primary constructor.</summary>
    private static bool IsPlainConstructor(IMethodSymbol constructor)
        => constructor.IsImplicitlyDeclared
           || constructor.DeclaringSyntaxReferences.All(r => r.GetSyntax() switch
           {
               ConstructorDeclarationSyntax declaration => declaration.Initializer is null && declaration.ExpressionBody is null && declaration.Body is { Statements.Count: 0 },
               RecordDeclarationSyntax => true,
               _ => false,
           });

    /// <summary>A member of the object being initialized (<c>new T { Member = ... }</c>, <c>["key"] = ...</c>).</summary>
    private static bool IsInitializedMember(IOperation target)
        => target is IMemberReferenceOperation { Instance: IInstanceReferenceOperation { ReferenceKind: InstanceReferenceKind.ImplicitReceiver } };

    private Constancy MemberArguments(IOperation target, bool serialized, int depth)
        => target is IPropertyReferenceOperation { Arguments.Length: > 0 } indexer ? All(indexer.Arguments.Select(a => a.Value), serialized, depth) : Constancy.Safe;

    /// <summary>Types whose value a static readonly field holds for good: primitives, strings, enums, JsonElement and a few structs.</summary>
    private bool IsImmutable(ITypeSymbol type)
    {
        if (type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable)
        {
            type = nullable.TypeArguments[0];
        }

        return type.SpecialType is (>= SpecialType.System_Boolean and <= SpecialType.System_String) or SpecialType.System_DateTime
               || type.TypeKind == TypeKind.Enum
               || SymbolEqualityComparer.Default.Equals(type, _symbols.JsonElement)
               || (type.ContainingNamespace?.ToDisplayString() == "System" && type.Name is "Guid" or "TimeSpan" or "DateTimeOffset" or "DateOnly" or "TimeOnly");
    }
}
