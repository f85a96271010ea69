namespace JsonPerf.Analyzers;

/// <summary>
/// JP0010 on the reader: <c>GetString()</c> whose string is only a key into a fixed map of names (typesense-dotnet's
/// <c>StringToEnum.GetValueOrDefault(reader.GetString())</c>): directly or through a local whose other uses are null
/// checks or sit inside a <c>throw</c>. The map is a private static readonly dictionary keyed by string with the ordinal
/// comparer, filled only where it is made (its initializer or the static constructor) and elsewhere only read.
/// </summary>
internal static class ReaderNameLookup
{
    private static readonly ImmutableHashSet<string> s_dictionaryTypes = ImmutableHashSet.Create(
        "Dictionary", "IDictionary", "IReadOnlyDictionary", "FrozenDictionary", "ImmutableDictionary", "ReadOnlyDictionary");

    private static readonly ImmutableHashSet<string> s_lookups = ImmutableHashSet.Create("TryGetValue", "ContainsKey", "GetValueOrDefault");

    public static bool IsLookedUpInFixedNames(IInvocationOperation getString, Compilation compilation, CancellationToken cancellationToken)
    {
        var value = ReaderTextComparison.WalkUp(getString);
        if (LookupField(value) is { } field)
        {
            return IsFixedNames(field, compilation, cancellationToken);
        }

        var local = value.Parent switch
        {
            IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator } => declarator.Symbol,
            _ => null,
        };
        return local is not null && OnlyLookedUp(local, getString.Root()) is { } fields && fields.All(f => IsFixedNames(f, compilation, cancellationToken));
    }

    /// <summary>The maps the local is a key of, when every other use is a null check or inside a throw; else null.</summary>
    private static List<IFieldSymbol>? OnlyLookedUp(ILocalSymbol local, IOperation root)
    {
        var fields = new List<IFieldSymbol>();
        var pending = OperationTree.Start(root);
        try
        {
            while (OperationTree.Next(pending) is { } operation)
            {
                if (operation is not ILocalReferenceOperation reference || !SymbolEqualityComparer.Default.Equals(reference.Local, local) || reference.IsDeclaration)
                {
                    continue;
                }

                var use = ReaderTextComparison.WalkUp(reference);
                if (LookupField(use) is { } field)
                {
                    fields.Add(field);
                }
                else if (!ReaderTextComparison.InThrow(reference) && !IsNullCheck(use))
                {
                    return null;
                }
            }

            return fields.Count > 0 ? fields : null;
        }
        finally
        {
            OperationTree.End(pending);
        }
    }

    /// <summary>The map when <paramref name="key"/> is the key of a lookup (<c>TryGetValue</c>, <c>ContainsKey</c>, <c>GetValueOrDefault</c>, an indexer read) on a static readonly field.</summary>
    private static IFieldSymbol? LookupField(IOperation key)
    {
        if (key.Parent is not IArgumentOperation { Parameter.Ordinal: var ordinal } argument)
        {
            return null;
        }

        var map = argument.Parent switch
        {
            IPropertyReferenceOperation { Property.IsIndexer: true } indexer when ordinal == 0 && !IsWritten(indexer) => indexer.Instance,
            IInvocationOperation { TargetMethod: { IsExtensionMethod: true } method } call when ordinal == 1 && s_lookups.Contains(method.Name) => call.Arguments[0].Value,
            IInvocationOperation { Instance: { } instance, TargetMethod: { IsExtensionMethod: false } method } when ordinal == 0 && s_lookups.Contains(method.Name) => instance,
            _ => null,
        };
        return map?.WalkDownConversions() is IFieldReferenceOperation { Field: { IsStatic: true, IsReadOnly: true, DeclaredAccessibility: Accessibility.Private, Type: INamedTypeSymbol { TypeArguments.Length: 2 } type } field }
               && type.TypeArguments[0].SpecialType == SpecialType.System_String
               && s_dictionaryTypes.Contains(type.Name)
            ? field
            : null;
    }

    private static bool IsWritten(IOperation operation)
        => operation.Parent is IAssignmentOperation assignment && assignment.Target == operation;

    private static bool IsNullCheck(IOperation value) => value.Parent switch
    {
        IBinaryOperation { OperatorKind: BinaryOperatorKind.Equals or BinaryOperatorKind.NotEquals } binary
            => (binary.LeftOperand == value ? binary.RightOperand : binary.LeftOperand).WalkDownConversions().ConstantValue is { HasValue: true, Value: null },
        IIsPatternOperation { Pattern: var pattern } => pattern is IConstantPatternOperation { Value.ConstantValue: { HasValue: true, Value: null } }
                                                     or INegatedPatternOperation { Pattern: IConstantPatternOperation { Value.ConstantValue: { HasValue: true, Value: null } } },
        _ => false,
    };

    /// <summary>Made with the ordinal comparer where it is declared or in the static constructor, and only read everywhere else.</summary>
    private static bool IsFixedNames(IFieldSymbol field, Compilation compilation, CancellationToken cancellationToken)
    {
        var made = 0;
        if (field.DeclaringSyntaxReferences.Length != 1
            || field.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is not VariableDeclaratorSyntax declarator)
        {
            return false;
        }

        if (declarator.Initializer is { Value: var initializer })
        {
#pragma warning disable RS1030 // The field's own tree, once per reported site.
            if (!IsOrdinalMap(compilation.GetSemanticModel(declarator.SyntaxTree).GetOperation(initializer, cancellationToken)))
#pragma warning restore RS1030
            {
                return false;
            }

            made++;
        }

        var allowed = MemberUses.All(field, compilation, (model, name) => IsAllowedUse(model, name, field, ref made, cancellationToken), cancellationToken);
        return allowed && made > 0;
    }

    private static bool IsAllowedUse(SemanticModel model, SimpleNameSyntax name, IFieldSymbol field, ref int made, CancellationToken cancellationToken)
    {
        var inStaticConstructor = name.FirstAncestorOrSelf<ConstructorDeclarationSyntax>() is { } constructor
                                  && constructor.Modifiers.Any(SyntaxKind.StaticKeyword)
                                  && SymbolEqualityComparer.Default.Equals(model.GetDeclaredSymbol(constructor, cancellationToken)?.ContainingType, field.ContainingType);
        SyntaxNode access = name.Parent is MemberAccessExpressionSyntax member && member.Name == name ? member : name;
        if (model.GetOperation(access, cancellationToken) is not IFieldReferenceOperation reference)
        {
            return false;
        }

        var use = ReaderTextComparison.WalkUp(reference);
        if (use.Parent is ISimpleAssignmentOperation assignment && assignment.Target == use)
        {
            made++;
            return inStaticConstructor && IsOrdinalMap(assignment.Value);
        }

        return inStaticConstructor || IsRead(use);
    }

    /// <summary>A lookup, an indexer read, <c>Count</c>, <c>Keys</c>, <c>Values</c>, or the collection of a <c>foreach</c>.</summary>
    private static bool IsRead(IOperation map) => map.Parent switch
    {
        IPropertyReferenceOperation { Property: { IsIndexer: true } } indexer => !IsWritten(indexer),
        IPropertyReferenceOperation { Property.Name: "Count" or "Keys" or "Values" } => true,
        IInvocationOperation { TargetMethod.Name: var name } call => call.Instance == map && (s_lookups.Contains(name) || name == "ContainsValue"),
        IArgumentOperation { Parent: IInvocationOperation { TargetMethod: { IsExtensionMethod: true, Name: var name } } } argument => argument.Parameter?.Ordinal == 0 && s_lookups.Contains(name),
        IForEachLoopOperation loop => loop.Collection.WalkDownConversions() == map,
        _ => false,
    };

    /// <summary>
    /// <c>new Dictionary&lt;string, T&gt;(...)</c> (an initializer allowed) or <c>ToDictionary</c>/<c>ToFrozenDictionary</c>/<c>ToImmutableDictionary</c>,
    /// without a comparer or with <c>StringComparer.Ordinal</c>: keys matched as ValueTextEquals matches them.
    /// </summary>
    private static bool IsOrdinalMap(IOperation? value) => value?.WalkDownConversions() switch
    {
        IObjectCreationOperation { Type.Name: "Dictionary" } creation => creation.Arguments.All(IsOrdinalOrNotComparer),
        IInvocationOperation { TargetMethod.Name: "ToDictionary" or "ToFrozenDictionary" or "ToImmutableDictionary" } call => call.Arguments.All(IsOrdinalOrNotComparer),
        _ => false,
    };

    private static bool IsOrdinalOrNotComparer(IArgumentOperation argument)
        => argument.Parameter?.Type.Name != "IEqualityComparer"
           || argument.ArgumentKind == ArgumentKind.DefaultValue
           || argument.Value.WalkDownConversions() is IPropertyReferenceOperation { Property: { Name: "Ordinal", IsStatic: true, ContainingType.Name: "StringComparer" } }
           || argument.Value.WalkDownConversions().ConstantValue is { HasValue: true, Value: null };
}
