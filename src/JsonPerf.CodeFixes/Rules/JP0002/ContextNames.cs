using System.Text;

namespace JsonPerf.CodeFixes;

/// <summary>
/// The name of a scaffolded context, as a person would choose it (issue 29): after the options it mirrors, by their
/// member's name (<c>s_camelCase</c>, <c>IndentedOptions</c>: <c>CamelCaseJsonContext</c>, <c>IndentedJsonContext</c>) or,
/// where that name says nothing (<c>s_options</c>, <c>DefaultSettings</c>), by their settings (<c>WebJsonContext</c>,
/// <c>CamelCaseIndentedJsonContext</c>); otherwise <c>AppJsonContext</c> in an application (the ASP.NET Core AOT
/// template's choice) and the last telling part of the assembly name in a library (<c>Contoso.Billing.Core</c>:
/// <c>BillingJsonContext</c>). Never <c>...OptionsJsonContext</c>.
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
        if (mirror is not null)
        {
            if (mirror.SourceName is { } source && Pascal(TrimOptionsSuffix(TrimFieldPrefix(source))) is var named && !Empty.Contains(named) && !char.IsDigit(named[0]))
            {
                return named;
            }

            if (FromSettings(mirror) is { Length: > 0 } settings)
            {
                return settings;
            }
        }

        if (compilation.Options.OutputKind is not (OutputKind.DynamicallyLinkedLibrary or OutputKind.NetModule))
        {
            return "App";
        }

        var parts = (assemblyName ?? "").Split('.');
        for (var i = parts.Length - 1; i >= 0; i--)
        {
            if (Pascal(parts[i]) is var part && !Empty.Contains(part) && char.IsLetter(part[0]))
            {
                return part;
            }
        }

        return "App";
    }

    /// <summary><c>WebCamelCaseIndented</c>: the defaults, the naming policy, indentation and case-insensitive reading, in that order.</summary>
    private static string FromSettings(MirroredOptions mirror)
    {
        var name = new StringBuilder(mirror.Defaults == 1 ? "Web" : "");
        if (mirror.Named.TryGetValue("PropertyNamingPolicy", out var policy) && policy.Type is INamedTypeSymbol policyType
            && policyType.GetMembers().OfType<IFieldSymbol>().FirstOrDefault(f => f.HasConstantValue && Equals(f.ConstantValue, policy.Value)) is { } known)
        {
            name.Append(known.Name);
        }

        if (mirror.Named.TryGetValue("WriteIndented", out var indented) && indented.Value is true)
        {
            name.Append("Indented");
        }

        if (mirror.Named.TryGetValue("PropertyNameCaseInsensitive", out var insensitive) && insensitive.Value is true)
        {
            name.Append("CaseInsensitive");
        }

        return name.ToString();
    }

    /// <summary><c>s_web</c>, <c>_web</c>, <c>m_web</c>: <c>web</c>.</summary>
    internal static string TrimFieldPrefix(string name)
    {
        var trimmed = name.Length > 2 && name[1] == '_' && name[0] is 's' or 'm' or 't' ? name.Substring(2) : name;
        return trimmed.TrimStart('_');
    }

    private static string TrimOptionsSuffix(string name)
    {
        foreach (var suffix in OptionsSuffixes)
        {
            if (name.EndsWith(suffix, StringComparison.OrdinalIgnoreCase))
            {
                return name.Substring(0, name.Length - suffix.Length);
            }
        }

        return name;
    }

    /// <summary>Letters and digits, each word's first letter upper case: <c>camel_case</c> and <c>camelCase</c> give <c>CamelCase</c>.</summary>
    internal static string Pascal(string text)
    {
        var name = new StringBuilder();
        var upper = true;
        foreach (var c in text)
        {
            if (char.IsLetterOrDigit(c))
            {
                name.Append(upper ? char.ToUpperInvariant(c) : c);
                upper = false;
            }
            else
            {
                upper = true;
            }
        }

        return name.ToString();
    }
}
