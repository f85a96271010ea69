namespace JsonPerf.Analyzers;

/// <summary>Statements that only configure a local holding options, before it is passed on.</summary>
internal static class OptionsConfiguration
{
    /// <summary><c>local.Property = value;</c> or <c>local.Converters.Add(value);</c> as a statement of its own.</summary>
    internal static IExpressionStatementOperation? ConfigurationStatement(ILocalReferenceOperation reference)
    {
        if (reference.Parent is not IPropertyReferenceOperation property || property.Instance != reference)
        {
            return null;
        }

        if (property.Parent is ISimpleAssignmentOperation assignment && assignment.Target == property)
        {
            return assignment.Parent as IExpressionStatementOperation;
        }

        if (property.Property.Name == "Converters"
            && property.Parent is IInvocationOperation { TargetMethod.Name: "Add", Arguments.Length: 1 } add
            && add.Instance == property)
        {
            return add.Parent as IExpressionStatementOperation;
        }

        return null;
    }
}
