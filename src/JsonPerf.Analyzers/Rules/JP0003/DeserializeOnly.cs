namespace JsonPerf.Analyzers;

/// <summary>
/// JP0003's fix adds a naming policy, which also renames properties when serializing: it is offered only for options
/// every use of which deserializes. Read here, where the analyzer reports (JP0003 is hidden by default, so builds pay
/// nothing): a local in its body, a member or a context in the compilation's files that name it. Nothing outside the
/// compilation may see a member it judges.
/// </summary>
internal static class DeserializeOnly
{
    /// <summary>The note of a site without a fix, or null where every use deserializes.</summary>
    public static string? WhyNoFix(IOperation holder, Compilation compilation, JsonSymbols symbols, CancellationToken cancellationToken) => holder switch
    {
        IArgumentOperation argument => SerializerEntryPoints.IsOptionsArgumentOfReader(argument, symbols) ? null : Rules.NoFixSerializes,
        IVariableDeclaratorOperation declarator => LocalOnlyDeserializes(declarator.Symbol, declarator.Root(), symbols) ? null : Rules.NoFixSerializes,
        ILocalReferenceOperation local => LocalOnlyDeserializes(local.Local, local.Root(), symbols) ? null : Rules.NoFixSerializes,
        IFieldReferenceOperation field => Member(field.Field, compilation, symbols, cancellationToken),
        IPropertyReferenceOperation property => Member(property.Property, compilation, symbols, cancellationToken),
        _ => Rules.NoFixSerializes,
    };

    /// <summary>A field or property holding the options, or a context whose options they are.</summary>
    public static string? Member(ISymbol member, Compilation compilation, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        if (Visibility.IsVisibleOutsideLibrary(member, compilation))
        {
            return Rules.NoFixPublicOptions;
        }

        var isContext = member is INamedTypeSymbol;
        return MemberUses.All(member, compilation, (model, name) => IsDeserializing(model, name, isContext, symbols, cancellationToken), cancellationToken) ? null : Rules.NoFixSerializes;
    }

    private static bool IsDeserializing(SemanticModel model, SimpleNameSyntax name, bool isContext, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        SyntaxNode node = name.Parent is MemberAccessExpressionSyntax access && access.Name == name ? access : name;
        if (isContext)
        {
            // MyContext.Default.Order handed to JsonSerializer.Deserialize(json, ...).
            while (node.Parent is MemberAccessExpressionSyntax outer && outer.Expression == node)
            {
                node = outer;
            }

            return model.GetOperation(node, cancellationToken)?.WalkUpValuePassThrough().Parent is IArgumentOperation { Parent: IInvocationOperation call }
                && SerializerEntryPoints.IsReader(call, symbols);
        }

        var read = model.GetOperation(node, cancellationToken);
        while (read is not null and not (IFieldReferenceOperation or IPropertyReferenceOperation))
        {
            read = read.Parent;
        }

        return read is not null && IsReadOrConfiguration(read, symbols);
    }

    private static bool LocalOnlyDeserializes(ILocalSymbol local, IOperation root, JsonSymbols symbols)
        => root.Descendants().OfType<ILocalReferenceOperation>()
            .Where(r => SymbolEqualityComparer.Default.Equals(r.Local, local))
            .All(r => IsReadOrConfiguration(r, symbols));

    /// <summary>Passed as the options of a deserializing call, or configured (<c>x.P = v;</c>, <c>x.Converters.Add(c);</c>).</summary>
    private static bool IsReadOrConfiguration(IOperation reference, JsonSymbols symbols)
    {
        if (reference.WalkUpValuePassThrough().Parent is IArgumentOperation argument)
        {
            return SerializerEntryPoints.IsOptionsArgumentOfReader(argument, symbols);
        }

        return reference.Parent is IPropertyReferenceOperation property && property.Instance == reference
            && (property.Parent is ISimpleAssignmentOperation assignment && assignment.Target == property
                || property.Property.Name == "Converters" && property.Parent is IInvocationOperation { TargetMethod.Name: "Add" });
    }
}
