namespace JsonPerf.Analyzers;

public sealed partial class ConstantJsonAnalyzer
{
    /// <summary>
    /// What a call's arguments are made of, when every one is constant (else no <see cref="Inputs"/>): the text it parses,
    /// the options (none or the defaults, or a static readonly field), whether it takes a context's metadata or reader
    /// settings, and whether its values are safe to serialize in a type initializer.
    /// </summary>
    private sealed class Inputs
    {
        public string? Text { get; private set; }

        public IFieldSymbol? OptionsField { get; private set; }

        public bool UsesMetadata { get; private set; }

        public bool HasSettings { get; private set; }

        public Constancy Values { get; private set; } = Constancy.Safe;

        public static Inputs? Read(IInvocationOperation call, Work work, JsonSymbols symbols)
        {
            var inputs = new Inputs();
            var values = ConstantValues.For(symbols);
            foreach (var argument in call.Arguments)
            {
                if (argument.ArgumentKind == ArgumentKind.DefaultValue || argument.Parameter is not { } parameter)
                {
                    continue;
                }

                var value = argument.Value.WalkDownConversions();
                var type = parameter.Type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable ? nullable.TypeArguments[0] : parameter.Type;
                var read = symbols.IsJsonSerializerOptions(type) ? inputs.ReadOptions(value, symbols)
                    : type.InheritsFromOrEquals(symbols.JsonTypeInfo) || type.InheritsFromOrEquals(symbols.JsonSerializerContext) ? inputs.ReadMetadata(value, symbols)
                    : parameter.Ordinal == 0 && work is Work.Parse or Work.Copy && type.SpecialType == SpecialType.System_String ? inputs.ReadText(value)
                    : IsSettings(type) ? inputs.ReadSettings(value, values)
                    : inputs.ReadValue(argument.Value, values, serialized: !SymbolEqualityComparer.Default.Equals(type, symbols.SystemType));
                if (!read)
                {
                    return null;
                }
            }

            return inputs;
        }

        /// <summary>None (<c>null</c>, <c>default</c>), <c>JsonSerializerOptions.Default</c> or <c>.Web</c>, or a static readonly field.</summary>
        private bool ReadOptions(IOperation value, JsonSymbols symbols)
        {
            if (IsDefault(value)
                || value is IPropertyReferenceOperation { Property: { IsStatic: true, Name: "Default" or "Web" } property } && symbols.IsJsonSerializerOptions(property.ContainingType))
            {
                return true;
            }

            if (value is IFieldReferenceOperation { Field: { IsStatic: true, IsReadOnly: true } field })
            {
                OptionsField = field;
                return true;
            }

            return false;
        }

        /// <summary>A context's metadata: <c>MyContext.Default.Order</c>, <c>MyContext.Default</c>, or a static readonly field.</summary>
        private bool ReadMetadata(IOperation value, JsonSymbols symbols)
        {
            UsesMetadata = value switch
            {
                IPropertyReferenceOperation { Property.IsStatic: false, Instance: IPropertyReferenceOperation { Property.IsStatic: true } context } => symbols.IsDerivedFromJsonSerializerContext(context.Type),
                IPropertyReferenceOperation { Property.IsStatic: true } context => symbols.IsDerivedFromJsonSerializerContext(context.Type),
                IFieldReferenceOperation { Field: { IsStatic: true, IsReadOnly: true } } => true,
                _ => false,
            };
            return UsesMetadata;
        }

        private bool ReadText(IOperation value)
        {
            Text = value.ConstantValue.Value as string;
            return Text is not null;
        }

        /// <summary>Reader or exporter settings (<c>new JsonDocumentOptions { ... }</c>): constant, but the text is then checked under other rules.</summary>
        private bool ReadSettings(IOperation value, ConstantValues values)
        {
            if (IsDefault(value))
            {
                return true;
            }

            HasSettings = true;
            var constancy = value is IObjectCreationOperation { Arguments.Length: 0 } creation
                ? creation.Initializer is null ? Constancy.Safe : values.Of(creation.Initializer, serialized: false)
                : values.Of(value, serialized: false);
            return constancy != Constancy.Varies;
        }

        private bool ReadValue(IOperation value, ConstantValues values, bool serialized)
        {
            Values = ConstantValues.Worse(Values, values.Of(value, serialized));
            return Values != Constancy.Varies;
        }

        /// <summary>JsonDocumentOptions, JsonNodeOptions, JsonSchemaExporterOptions: how the call reads or exports, not what.</summary>
        private static bool IsSettings(ITypeSymbol type)
            => type.Name.EndsWith("Options", StringComparison.Ordinal) && type.ContainingNamespace?.ToDisplayString().StartsWith("System.Text.Json", StringComparison.Ordinal) == true;

        private static bool IsDefault(IOperation value)
            => value is IDefaultValueOperation || value.ConstantValue is { HasValue: true, Value: null };
    }
}
