namespace JsonPerf.Analyzers;

/// <summary>
/// JP0011's write side: <c>JsonSerializer.SerializeToNode/SerializeToElement/SerializeToDocument(value, ...)</c> whose
/// result goes straight (through <c>?:</c> and conversions) into a DOM-typed property of an object of a type made for
/// JSON (<see cref="DomKinds.IsJsonShaped"/>), in an object initializer or an assignment to a local's property, and that
/// the method never reads back: the serializer writes the tree again when it writes the object.
/// </summary>
internal static class BuiltToBeWritten
{
    /// <summary>The DOM type the call builds, when it is built only to be written; else null.</summary>
    public static string? Find(IInvocationOperation call, JsonSymbols symbols)
    {
        if (call.TargetMethod.Name is not ("SerializeToNode" or "SerializeToElement" or "SerializeToDocument")
            || call.Arguments.FirstOrDefault(a => a.Parameter?.Ordinal == 0) is not { } input
            || symbols.IsDom(input.Value.WalkDownConversions().Type, orProperty: true)
            || input.Value.WalkDownConversions().Type is not { IsAnonymousType: false }
            || call.WalkUpValuePassThrough() is not { Parent: ISimpleAssignmentOperation assignment } use
            || assignment.Value != use
            || assignment.Target is not IPropertyReferenceOperation { Property: { IsIndexer: false } property } target
            || !symbols.IsDom(property.Type, orProperty: true)
            || !DomKinds.IsJsonShaped(property.ContainingType)
            || target.Instance is not (IInstanceReferenceOperation { ReferenceKind: InstanceReferenceKind.ImplicitReceiver } or ILocalReferenceOperation)
            || ReadBack(call.Root(), property, target))
        {
            return null;
        }

        return JsonSymbols.WithoutNullable(call.Type!).Name;
    }

    /// <summary>The property read anywhere in the method (not only assigned): the tree is then used for more than writing.</summary>
    private static bool ReadBack(IOperation root, IPropertySymbol property, IOperation assigned)
        => OperationTree.Any(root, operation => operation != assigned && operation is IPropertyReferenceOperation reference
            && SymbolEqualityComparer.Default.Equals(reference.Property.OriginalDefinition, property.OriginalDefinition)
            && !(reference.Parent is ISimpleAssignmentOperation other && other.Target == reference));
}
