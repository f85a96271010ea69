namespace JsonPerf.Analyzers;

/// <summary>References to a local or field holding options, and the statements that only configure it.</summary>
internal static class OptionsReferences
{
    public static List<ILocalReferenceOperation> Of(IVariableDeclaratorOperation declarator) => Of(declarator.Symbol, declarator.Root());

    /// <summary>The references to <paramref name="local"/> under <paramref name="root"/>, in the order of <c>Descendants()</c>.</summary>
    public static List<ILocalReferenceOperation> Of(ILocalSymbol local, IOperation root)
    {
        var references = new List<ILocalReferenceOperation>();
        var pending = OperationTree.Start(root);
        try
        {
            while (OperationTree.Next(pending) is { } operation)
            {
                if (operation is ILocalReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Local, local))
                {
                    references.Add(reference);
                }
            }
        }
        finally
        {
            OperationTree.End(pending);
        }

        return references;
    }

    /// <summary>The references to <paramref name="field"/> in its type's declarations; null where <paramref name="modelOf"/> has no model for one's tree.</summary>
    public static List<IFieldReferenceOperation>? Of(IFieldSymbol field, Func<SyntaxTree, SemanticModel?> modelOf, CancellationToken cancellationToken)
    {
        var references = new List<IFieldReferenceOperation>();
        foreach (var declaration in field.ContainingType.DeclaringSyntaxReferences)
        {
            if (modelOf(declaration.SyntaxTree) is not { } model)
            {
                return null;
            }

            // `this._options` and `C._options` bind on the member access, not on the name.
            references.AddRange(declaration.GetSyntax(cancellationToken).DescendantNodes().OfType<IdentifierNameSyntax>()
                .Where(name => name.Identifier.ValueText == field.Name)
                .Select(name => model.GetOperation(name.Parent is MemberAccessExpressionSyntax access && access.Name == name ? access : name, cancellationToken))
                .OfType<IFieldReferenceOperation>()
                .Where(use => SymbolEqualityComparer.Default.Equals(use.Field, field)));
        }

        return references;
    }

    public static bool IsWrite(IOperation reference)
        => reference.Parent is IAssignmentOperation assignment && assignment.Target == reference
           || reference.Parent is IDeconstructionAssignmentOperation
           || reference.Parent is IArgumentOperation { Parameter.RefKind: RefKind.Out or RefKind.Ref };

    /// <summary>
    /// <c>local.Property = value;</c> or <c>local.Converters.Add(value);</c> as a statement of its own; with
    /// <paramref name="anyConvertersChange"/>, any change of its converters too (<c>copy.Converters.Remove(this);</c>).
    /// </summary>
    public static IExpressionStatementOperation? ConfigurationStatement(ILocalReferenceOperation reference, bool anyConvertersChange = false)
        => reference.Parent is IPropertyReferenceOperation property && property.Instance == reference
            ? property.Parent switch
            {
                ISimpleAssignmentOperation assignment when assignment.Target == property => assignment.Parent as IExpressionStatementOperation,
                IInvocationOperation { TargetMethod.Name: "Add", Arguments.Length: 1 } add when add.Instance == property && property.Property.Name == "Converters"
                    => add.Parent as IExpressionStatementOperation,
                IInvocationOperation { TargetMethod.Name: "Add" or "Remove" or "Insert" or "RemoveAt" or "Clear" } change
                    when anyConvertersChange && change.Instance == property && property.Property.Name == "Converters" => change.Parent as IExpressionStatementOperation,
                _ => null,
            }
            : null;
}
