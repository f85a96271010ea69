using System;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.Infrastructure;

/// <summary>
/// Reference assemblies read from disk, so tests never download anything: .NET 10 and ASP.NET Core from the
/// SDK's targeting packs, .NET 8 from the NuGet cache (a PackageDownload of the test project).
/// </summary>
public static class TestReferences
{
    private static readonly Lazy<ImmutableArray<MetadataReference>> s_net10 = new(() => Load(NetCoreRefDirectory("Microsoft.NETCore.App.Ref")));
    private static readonly Lazy<ImmutableArray<MetadataReference>> s_aspNet10 = new(() => Load(NetCoreRefDirectory("Microsoft.AspNetCore.App.Ref")));
    private static readonly Lazy<ImmutableArray<MetadataReference>> s_net8 = new(() => Load(Path.Combine(
        Metadata("NuGetPackageRoot"), "microsoft.netcore.app.ref", Metadata("Net80RefPackVersion"), "ref", "net8.0")));

    /// <summary>.NET 10: System.Text.Json with JsonSerializerOptions.Default and .Web, System.Net.Http.Json.</summary>
    public static ImmutableArray<MetadataReference> Net10 => s_net10.Value;

    /// <summary>.NET 10 plus ASP.NET Core (Results.Json, JsonResult, Controller.Json, ...).</summary>
    public static ImmutableArray<MetadataReference> AspNet10 => s_net10.Value.AddRange(s_aspNet10.Value);

    /// <summary>.NET 8: JsonSerializerOptions.Default exists, JsonSerializerOptions.Web does not.</summary>
    public static ImmutableArray<MetadataReference> Net8 => s_net8.Value;

    /// <summary>netstandard-free compilation without System.Text.Json: only System.Runtime and System.Console.</summary>
    public static ImmutableArray<MetadataReference> WithoutSystemTextJson => Net10.Where(r =>
        r.Display is { } d && (d.EndsWith("System.Runtime.dll", StringComparison.Ordinal) || d.EndsWith("System.Console.dll", StringComparison.Ordinal))).ToImmutableArray();

    public static string NetCoreRefDirectory(string pack)
    {
        var packRoot = Path.Combine(Metadata("NetCoreTargetingPackRoot"), pack);
        var version = Directory.GetDirectories(packRoot)
            .Select(Path.GetFileName)
            .Where(v => v!.StartsWith(Environment.Version.Major + ".", StringComparison.Ordinal))
            .OrderByDescending(v => Version.TryParse(v, out var parsed) ? parsed : new Version(0, 0))
            .First()!;
        return Path.Combine(packRoot, version, "ref", "net" + Environment.Version.Major + ".0");
    }

    private static ImmutableArray<MetadataReference> Load(string directory)
        => Directory.GetFiles(directory, "*.dll").OrderBy(f => f, StringComparer.Ordinal)
            .Select(f => (MetadataReference)MetadataReference.CreateFromFile(f))
            .ToImmutableArray();

    private static string Metadata(string key)
        => typeof(TestReferences).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == key).Value
           ?? throw new InvalidOperationException($"Assembly metadata {key} is missing.");
}
