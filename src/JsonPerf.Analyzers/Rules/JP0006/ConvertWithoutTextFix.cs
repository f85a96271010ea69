namespace JsonPerf.Analyzers;

/// <summary>JP0006's fixes: the analyzer names one under <see cref="DiagnosticProperties.FixKind"/> at each site it can fix.</summary>
internal static class ConvertWithoutTextFix
{
    /// <summary><c>Deserialize(element.GetRawText(), ...)</c>: the fix passes the element itself.</summary>
    public const string PassElement = "PassElement";

    /// <summary><c>X.Parse(JsonSerializer.Serialize(...))</c>: the fix calls <c>SerializeToX</c> with the same arguments.</summary>
    public const string SerializeTo = "SerializeTo";

    /// <summary><c>JsonElement.Parse(element.GetRawText())</c>: the fix calls <c>element.Clone()</c>.</summary>
    public const string CloneElement = "CloneElement";

    /// <summary>
    /// <c>JsonNode.Parse(element.GetRawText())</c>: the fix calls <c>JsonSerializer.SerializeToNode(element, Ctx.Default.JsonElement)</c>
    /// with a context of the project that registers JsonElement (<see cref="DiagnosticProperties.Context"/>, <see cref="DiagnosticProperties.TypeInfoProperty"/>).
    /// </summary>
    public const string ElementToNode = "ElementToNode";

    /// <summary>
    /// <c>JsonSerializer.SerializeToElement(x, o).WriteTo(writer)</c>, or a local used once that way (its declaration goes):
    /// <c>JsonSerializer.Serialize(writer, x, o)</c>.
    /// </summary>
    public const string SerializeToWriter = "SerializeToWriter";
}
