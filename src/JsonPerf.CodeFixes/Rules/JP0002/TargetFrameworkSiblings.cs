namespace JsonPerf.CodeFixes;

/// <summary>
/// A multi-targeted project is one project per target framework in a workspace (the IDE's and <c>dotnet format</c>'s),
/// each compiling the same files with its own properties: <c>IsAotCompatible</c> is often set only where the target
/// supports it (<c>Condition="'$(TargetFramework)' != 'netstandard2.0'"</c>). A fix is made in one of them but lands in
/// the shared file, so a fix that may add reflection must ask every sibling, not only the project it runs in (a real
/// library: JP0006's <c>SerializeToNode</c>, written from the netstandard2.0 compilation, failed the net8.0 build with
/// IL2026/IL3050 under TreatWarningsAsErrors).
/// </summary>
internal static class TargetFrameworkSiblings
{
    /// <summary>True when the document's project, or any other project of the solution that compiles the same file, is reflection-free.</summary>
    public static bool AnyReflectionFree(Document document)
    {
        if (IsReflectionFree(document.Project))
        {
            return true;
        }

        if (document.FilePath is not { Length: > 0 } path)
        {
            return false;
        }

        foreach (var id in document.Project.Solution.GetDocumentIdsWithFilePath(path))
        {
            if (id.ProjectId != document.Project.Id && document.Project.Solution.GetProject(id.ProjectId) is { } sibling && IsReflectionFree(sibling))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsReflectionFree(Project project)
        => ReflectionFreeProject.Is(project.AnalyzerOptions.AnalyzerConfigOptionsProvider.GlobalOptions);
}
