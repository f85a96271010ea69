namespace JsonPerf.CodeFixes;

/// <summary>
/// A multi-targeted project is a project per target framework in a workspace, and <c>IsAotCompatible</c> is often set only
/// for some targets. A fix made in one lands in the shared file, so a fix that may add reflection asks every target.
/// </summary>
internal static class TargetFrameworkSiblings
{
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
