namespace JsonPerf.CodeFixes;

/// <summary>
/// Serializer options compared by value: the settings that differ from <c>new JsonSerializerOptions()</c>. A context's
/// <c>[JsonSourceGenerationOptions]</c> is read as the generator reads it (its defaults, then each named setting), so
/// settings spelled out at their defaults equal none; null where a setting's effect is not known here.
/// </summary>
internal sealed class GenerationOptions
{
    // Enum values of the public API (stable): JsonSerializerDefaults General/Web/Strict, JsonKnownNamingPolicy.CamelCase,
    // JsonNumberHandling.AllowReadingFromString, JsonUnmappedMemberHandling.Disallow, JsonSourceGenerationMode.Metadata.
    private const int General = 0, Web = 1, Strict = 2, CamelCase = 1, AllowReadingFromString = 1, Disallow = 1, MetadataMode = 1;

    /// <summary>Each setting's value on <c>new JsonSerializerOptions()</c>; the attribute's unset values differ (<c>AllowDuplicateProperties</c>).</summary>
    private static readonly Dictionary<string, object> Defaults = new()
    {
        ["AllowDuplicateProperties"] = true,
        ["AllowOutOfOrderMetadataProperties"] = false,
        ["AllowTrailingCommas"] = false,
        ["DefaultBufferSize"] = 16384,
        ["DefaultIgnoreCondition"] = 0,
        ["DictionaryKeyPolicy"] = 0,
        ["IgnoreReadOnlyFields"] = false,
        ["IgnoreReadOnlyProperties"] = false,
        ["IncludeFields"] = false,
        ["IndentCharacter"] = ' ',
        ["IndentSize"] = 2,
        ["MaxDepth"] = 64,
        ["NumberHandling"] = 0,
        ["PreferredObjectCreationHandling"] = 0,
        ["PropertyNameCaseInsensitive"] = false,
        ["PropertyNamingPolicy"] = 0,
        ["ReadCommentHandling"] = 0,
        ["ReferenceHandler"] = 0,
        ["UnknownTypeHandling"] = 0,
        ["UnmappedMemberHandling"] = 0,
        ["UseStringEnumConverter"] = false,
        ["WriteIndented"] = false,
    };

    private readonly SortedDictionary<string, object> _changed;

    private GenerationOptions(SortedDictionary<string, object> changed) => _changed = changed;

    /// <summary><c>new JsonSerializerOptions()</c>, <c>JsonSerializerOptions.Default</c>.</summary>
    public static GenerationOptions Default { get; } = new(new SortedDictionary<string, object>(StringComparer.Ordinal));

    /// <summary>A context's generation options (none: the defaults); null when one of them is not understood here.</summary>
    public static GenerationOptions? Of(INamedTypeSymbol context, JsonSymbols symbols)
    {
        AttributeData? attribute = null;
        foreach (var candidate in context.GetAttributes())
        {
            if (SymbolEqualityComparer.Default.Equals(candidate.AttributeClass, symbols.JsonSourceGenerationOptionsAttribute))
            {
                if (attribute is not null)
                {
                    return null;
                }

                attribute = candidate;
            }
        }

        if (attribute is null)
        {
            return Default;
        }

        if (attribute.ConstructorArguments.Length > 1
            || Baseline(attribute.ConstructorArguments.Length == 1 ? attribute.ConstructorArguments[0].Value as int? : General) is not { } changed)
        {
            return null;
        }

        var baseline = new Dictionary<string, object>(changed);
        foreach (var argument in attribute.NamedArguments)
        {
            var value = argument.Value;
            switch (argument.Key)
            {
                // Generation, not options: metadata is all the call needs (Serialization alone has none to deserialize with).
                case "GenerationMode" when value.Value is int mode && mode is General or MetadataMode:
                case "Converters" when value.Kind == TypedConstantKind.Array && (value.IsNull || value.Values.IsEmpty):
                case "NewLine" when value.IsNull:
                    continue;

                // Their default follows an application-wide feature switch: a value spelled out may differ from it.
                case "RespectNullableAnnotations" or "RespectRequiredConstructorParameters":
                    return null;

                // Unspecified where the baseline names a policy: not known to mean "no policy" to the generator.
                case "PropertyNamingPolicy" or "DictionaryKeyPolicy" when value.Value is 0 && baseline.ContainsKey(argument.Key):
                    return null;
            }

            if (value.Kind == TypedConstantKind.Array || value.Value is null || !Set(changed, argument.Key, value.Value))
            {
                return null;
            }
        }

        return new GenerationOptions(changed);
    }

    /// <summary>The options a call serializes with, mirrored from its static options (null: the defaults).</summary>
    public static GenerationOptions? Of(MirroredOptions? mirror)
    {
        if (mirror is null)
        {
            return Default;
        }

        if (Baseline(mirror.Defaults ?? General) is not { } changed)
        {
            return null;
        }

        foreach (var setting in mirror.Named)
        {
            if (!Set(changed, setting.Key, setting.Value.Value))
            {
                return null;
            }
        }

        return new GenerationOptions(changed);
    }

    public bool SameAs(GenerationOptions? other)
        => other is not null && other._changed.Count == _changed.Count && _changed.All(p => other._changed.TryGetValue(p.Key, out var value) && Equals(value, p.Value));

    /// <summary>What <c>new JsonSerializerOptions(defaults)</c> changes from the general defaults.</summary>
    private static SortedDictionary<string, object>? Baseline(int? defaults)
    {
        var changed = new SortedDictionary<string, object>(StringComparer.Ordinal);
        switch (defaults)
        {
            case General:
                return changed;
            case Web:
                changed["PropertyNameCaseInsensitive"] = true;
                changed["PropertyNamingPolicy"] = CamelCase;
                changed["NumberHandling"] = AllowReadingFromString;
                return changed;
            case Strict:
                changed["AllowDuplicateProperties"] = false;
                changed["RespectNullableAnnotations"] = true;
                changed["RespectRequiredConstructorParameters"] = true;
                changed["UnmappedMemberHandling"] = Disallow;
                return changed;
            default:
                return null;
        }
    }

    /// <summary>Sets one setting over the baseline (a default value removes it); false for a setting not known here.</summary>
    private static bool Set(SortedDictionary<string, object> changed, string setting, object value)
    {
        if (!Defaults.TryGetValue(setting, out var general))
        {
            return false;
        }

        // MaxDepth and DefaultBufferSize: 0 on the options means the default (64, 16 KB).
        if (value is 0 && setting is "MaxDepth" or "DefaultBufferSize")
        {
            value = general;
        }

        if (Equals(value, general))
        {
            changed.Remove(setting);
        }
        else
        {
            changed[setting] = value;
        }

        return true;
    }
}
