namespace JsonPerf.Analyzers;

/// <summary>The MSBuild properties under which reflection-based serialization breaks (trimming, AOT), which raise JP0002 to a warning.</summary>
internal static class ReflectionFreeProject
{
    private static readonly string[] TrueMeansReflectionFree = { "PublishAot", "IsAotCompatible", "PublishTrimmed", "IsTrimmable" };

    public static bool Is(AnalyzerConfigOptions globalOptions)
    {
        foreach (var name in TrueMeansReflectionFree)
        {
            if (globalOptions.TryGetValue("build_property." + name, out var value) && string.Equals(value.Trim(), "true", StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }
        }

        return globalOptions.TryGetValue("build_property.JsonSerializerIsReflectionEnabledByDefault", out var reflection)
               && string.Equals(reflection.Trim(), "false", StringComparison.OrdinalIgnoreCase);
    }
}
