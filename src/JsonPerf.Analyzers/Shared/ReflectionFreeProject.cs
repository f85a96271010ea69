namespace JsonPerf.Analyzers;

/// <summary>
/// Whether the project is one where reflection-based serialization breaks or is about to: the MSBuild properties for
/// which the package raises JP0002 to a warning (build/JsonPerf.Analyzers.targets makes them compiler-visible, so they
/// reach analyzers and fixers as <c>build_property.*</c> global options, in the IDE and in <c>dotnet format</c>).
/// </summary>
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
