using System.Text;

namespace JsonPerf.CodeFixes;

/// <summary>
/// A scaffolded context's name, as a person would choose it: after the options it mirrors (<c>s_camelCase</c>:
/// <c>CamelCaseJsonContext</c>), or their settings where that name says nothing (<c>WebJsonContext</c>); otherwise
/// <c>AppJsonContext</c> in an application (the ASP.NET Core AOT template's) and the last telling part of a library's
/// assembly name (<c>Contoso.Billing.Core</c>: <c>BillingJsonContext</c>).
/// </summary>
internal static class ContextNames
{
    private static readonly string[] OptionsSuffixes = { "JsonSerializerOptions", "SerializerOptions", "JsonOptions", "Options", "JsonSettings", "Settings" };

    /// <summary>Names that say nothing about the options or the project.</summary>
    private static readonly HashSet<string> Empty = new(StringComparer.OrdinalIgnoreCase)
    {
        "", "Default", "Defaults", "Json", "Serializer", "Serialization", "Shared", "Cached", "Static", "My", "Global", "Instance",
        "Custom", "Common", "Core", "Tests", "Test", "UnitTests", "IntegrationTests", "Lib", "Library", "Abstractions",
    };

    public static string For(MirroredOptions? mirror, Compilation compilation, string? assemblyName)
    {
        if (mirror?.SourceName is { } source && UniqueNames.Pascal(TrimOptionsSuffix(TrimFieldPrefix(source))) is var named && !Empty.Contains(named) && !char.IsDigit(named[0]))
        {
            return named;
        }

        if (mirror is not null && FromSettings(mirror) is { Length: > 0 } settings)
        {
            return settings;
        }

        return compilation.Options.OutputKind is not (OutputKind.DynamicallyLinkedLibrary or OutputKind.NetModule)
            ? "App"
            : Enumerable.Reverse((assemblyName ?? "").Split('.')).Select(UniqueNames.Pascal).FirstOrDefault(part => !Empty.Contains(part) && char.IsLetter(part[0])) ?? "App";
    }

    /// <summary><c>WebCamelCaseIndented</c>: defaults, naming policy, indentation, case-insensitive reading.</summary>
    private static string FromSettings(MirroredOptions mirror)
    {
        var name = new StringBuilder(mirror.Defaults == 1 ? "Web" : "");
        if (mirror.Named.TryGetValue("PropertyNamingPolicy", out var policy) && policy.Type is INamedTypeSymbol policyType
            && policyType.GetMembers().OfType<IFieldSymbol>().FirstOrDefault(f => f.HasConstantValue && Equals(f.ConstantValue, policy.Value)) is { } known)
        {
            name.Append(known.Name);
        }

        return name.Append(IfSet("WriteIndented", "Indented")).Append(IfSet("PropertyNameCaseInsensitive", "CaseInsensitive")).ToString();

        string IfSet(string setting, string word) => mirror.Named.TryGetValue(setting, out var value) && value.Value is true ? word : "";
    }

    /// <summary><c>s_web</c>, <c>_web</c>, <c>m_web</c>: <c>web</c>.</summary>
    internal static string TrimFieldPrefix(string name)
    {
        var trimmed = name.Length > 2 && name[1] == '_' && name[0] is 's' or 'm' or 't' ? name.Substring(2) : name;
        return trimmed.TrimStart('_');
    }

    private static string TrimOptionsSuffix(string name)
        => OptionsSuffixes.FirstOrDefault(suffix => name.EndsWith(suffix, StringComparison.OrdinalIgnoreCase)) is { } suffix ? name.Substring(0, name.Length - suffix.Length) : name;
}
