namespace JsonPerf.Analyzers;

/// <summary>
/// JP0011's one-property shape (A24): <c>SerializeToNode/SerializeToElement(value, ...)</c> of a whole object (a class or
/// struct, not a collection or a DOM) whose tree is used once, to look up one property by a constant name
/// (<c>node["name"]</c>, <c>TryGetPropertyValue</c>, <c>GetProperty</c>, <c>TryGetProperty</c>), inline or through a
/// local read nowhere else: every other property is serialized into the tree and dropped.
/// </summary>
internal static class OnePropertyTaken
{
    /// <summary>The serialized type's name, when its tree is built for one property; else null.</summary>
    public static string? Find(IInvocationOperation call, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        if (call.TargetMethod.Name is not ("SerializeToNode" or "SerializeToElement")
            || call.Arguments.FirstOrDefault(a => a.Parameter?.Ordinal == 0)?.Value.WalkDownConversions().Type is not INamedTypeSymbol { TypeKind: TypeKind.Class or TypeKind.Struct, SpecialType: SpecialType.None, IsAnonymousType: false } type
            || symbols.IsDom(type, orProperty: true)
            || type.AllInterfaces.Any(i => i.SpecialType == SpecialType.System_Collections_IEnumerable))
        {
            return null;
        }

        var tree = AsObject(call.WalkUpValuePassThrough());
        if (IsLookup(tree, type, symbols, cancellationToken))
        {
            return type.Name;
        }

        if (tree.Parent is not IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator } || declarator.Symbol.IsRef)
        {
            return null;
        }

        IOperation? only = null;
        var reads = 0;
        OperationTree.Any(call.Root(), operation =>
        {
            if (operation is ILocalReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Local, declarator.Symbol))
            {
                reads++;
                only = reference;
            }

            return reads > 1;
        });
        return reads == 1 && IsLookup(only!, type, symbols, cancellationToken) ? type.Name : null;
    }

    /// <summary>The value after <c>.AsObject()</c>, where the tree is a node made an object.</summary>
    private static IOperation AsObject(IOperation value)
        => value.Parent is IInvocationOperation { TargetMethod.Name: "AsObject", Arguments.IsEmpty: true } call && call.Instance == value
            ? call.WalkUpValuePassThrough()
            : value;

    /// <summary><paramref name="tree"/> is the receiver of a lookup, by a constant name, of a property <paramref name="type"/> writes as it is.</summary>
    private static bool IsLookup(IOperation tree, INamedTypeSymbol type, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        var lookup = tree.Parent;
        if (lookup is IConditionalAccessOperation access && access.Operation == tree)
        {
            // `tree?["name"]...`: the lookup is the first member access of the chain, on the access's instance.
            for (lookup = access.WhenNotNull; Receiver(lookup) is { } receiver and not IConditionalAccessInstanceOperation; lookup = receiver)
            {
            }

            tree = Receiver(lookup) as IConditionalAccessInstanceOperation ?? tree;
        }

        var (instance, name) = lookup switch
        {
            IInvocationOperation { TargetMethod.Name: "TryGetPropertyValue" or "GetProperty" or "TryGetProperty" } call => (call.Instance, call.Arguments.FirstOrDefault()?.Value),
            IPropertyReferenceOperation { Property.IsIndexer: true, Arguments.Length: 1 } indexer
                when !(indexer.Parent is IAssignmentOperation assignment && assignment.Target == indexer) => (indexer.Instance, indexer.Arguments[0].Value),
            _ => (null, null),
        };
        return instance == tree
               && name?.ConstantValue.Value is string jsonName
               && (lookup is not IInvocationOperation { TargetMethod.Name: "TryGetPropertyValue" or "TryGetProperty" } tryGet || ValueIsRead(tryGet))
               && PlainProperty(type, jsonName, symbols);
    }

    /// <summary>A <c>Try...</c> lookup whose found value is read: not only a test of whether the contract writes the name.</summary>
    private static bool ValueIsRead(IInvocationOperation tryGet)
    {
        var value = tryGet.Arguments.LastOrDefault()?.Value;
        if (value is IDeclarationExpressionOperation declaration)
        {
            value = declaration.Expression;
        }

        return value is ILocalReferenceOperation { Local: var local }
               && OperationTree.Any(tryGet.Root(), o => o is ILocalReferenceOperation { IsDeclaration: false } read && read != value && SymbolEqualityComparer.Default.Equals(read.Local, local));
    }

    /// <summary>
    /// <paramref name="jsonName"/> names a property or field of <paramref name="type"/> (its [JsonPropertyName], or its name
    /// under any casing policy) with no converter of its own, on a type that writes its members itself: no converter,
    /// polymorphism or extension data on it or its bases, and not a metadata name (<c>$type</c>).
    /// </summary>
    private static bool PlainProperty(INamedTypeSymbol type, string jsonName, JsonSymbols symbols)
    {
        if (jsonName.StartsWith("$", StringComparison.Ordinal))
        {
            return false;
        }

        var found = false;
        for (var current = type; current is not null && current.SpecialType != SpecialType.System_Object; current = current.BaseType)
        {
            if (HasConverter(current, symbols) || DomKinds.HasSerializationAttribute(current, "JsonPolymorphicAttribute", "JsonDerivedTypeAttribute"))
            {
                return false;
            }

            foreach (var member in current.GetMembers())
            {
                if (member is not (IPropertySymbol or IFieldSymbol) || member.IsStatic || member.IsImplicitlyDeclared)
                {
                    continue;
                }

                if (DomKinds.HasSerializationAttribute(member, "JsonExtensionDataAttribute"))
                {
                    return false;
                }

                var named = member.GetAttributes().FirstOrDefault(a => SymbolEqualityComparer.Default.Equals(a.AttributeClass, symbols.JsonPropertyNameAttribute))?.ConstructorArguments.FirstOrDefault().Value as string;
                if (named is not null ? named == jsonName : Comparable(member.Name) == Comparable(jsonName))
                {
                    found |= !HasConverter(member, symbols);
                }
            }
        }

        return found;
    }

    private static string Comparable(string name) => name.Replace("_", "").Replace("-", "").ToUpperInvariant();

    /// <summary>A <c>[JsonConverter]</c>, or an attribute derived from it, on the type or member.</summary>
    private static bool HasConverter(ISymbol symbol, JsonSymbols symbols)
        => symbols.JsonConverterAttribute is { } converter && symbol.GetAttributes().Any(a => a.AttributeClass.InheritsFromOrEquals(converter));

    private static IOperation? Receiver(IOperation? operation)
        => operation switch { IInvocationOperation call => call.Instance, IPropertyReferenceOperation property => property.Instance, _ => null };
}
