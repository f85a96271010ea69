namespace JsonPerf.Analyzers;

/// <summary>
/// JP0007: a <c>JsonDocument</c> from <c>JsonDocument.Parse</c>, <c>ParseAsync</c>, <c>ParseValue</c>,
/// <c>TryParseValue</c> or <c>JsonSerializer.SerializeToDocument</c> that nothing disposes: used in place
/// (<c>JsonDocument.Parse(s).RootElement</c>), discarded, or kept in a local that is only read through its
/// members. Anything else the document flows into (a <c>using</c>, a <c>Dispose</c> call anywhere, a return, a
/// field, an argument, a capture we cannot follow) counts as disposed or handed on, and is not reported.
/// </summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("MicrosoftCodeAnalysisCorrectness", "RS1001:Missing diagnostic analyzer attribute", Justification = "Hosted by JsonPerfAnalyzer, which the package exports; exported alone too, the rule would run twice.")]
public sealed partial class JsonDocumentNotDisposedAnalyzer : JsonAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rules.JsonDocumentNotDisposed);

    private protected override void OnCompilationStart(CompilationStartAnalysisContext context, JsonSymbols symbols)
    {
        if (symbols.JsonDocument is not { } document)
        {
            return;
        }

        var elementParse = HasElementParse(symbols.JsonElement);
        var serializeToElement = symbols.JsonSerializer is { } serializer && !serializer.GetMembers("SerializeToElement").IsEmpty;
        context.RegisterOperationAction(c => AnalyzeInvocation(c, symbols, document, elementParse, serializeToElement), OperationFilter.CallsDeclaredIn(document, symbols.JsonSerializer));
    }

    private static bool HasElementParse(INamedTypeSymbol? element)
    {
        if (element is null)
        {
            return false;
        }

        foreach (var member in element.GetMembers("Parse"))
        {
            if (member is IMethodSymbol { IsStatic: true, Parameters.Length: 2 } method && method.Parameters[0].Type.SpecialType == SpecialType.System_String)
            {
                return true;
            }
        }

        return false;
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, JsonSymbols symbols, INamedTypeSymbol document, bool elementParse, bool serializeToElement)
    {
        var invocation = (IInvocationOperation)context.Operation;
        var method = invocation.TargetMethod;
        if (!method.IsStatic)
        {
            return;
        }

        var fromDocument = SymbolEqualityComparer.Default.Equals(method.ContainingType, document);
        var fromSerializer = !fromDocument && method.Name == "SerializeToDocument" && SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.JsonSerializer);
        if (!fromDocument && !fromSerializer)
        {
            return;
        }

        if (fromDocument && method.Name is not ("Parse" or "ParseAsync" or "ParseValue" or "TryParseValue"))
        {
            return;
        }

        if (symbols.IsInsideExpressionTree(invocation))
        {
            return;
        }

        if (!IsReported(invocation, symbols, document, elementParse, serializeToElement, out var fix, out _))
        {
            return;
        }

        var properties = fix is null ? DiagnosticProperties.None : DiagnosticProperties.With(DiagnosticProperties.FixKind, fix);
        context.Report(Diagnostic.Create(Rules.JsonDocumentNotDisposed, invocation.Syntax.GetLocation(), properties, method.ContainingType.Name + "." + method.Name, Rules.FixNote(fix is not null)));
    }

    /// <summary>
    /// The fixer's question, asked again on the document as it is when the fix runs (in Fix All, earlier fixes have
    /// moved what the diagnostic saw): which fix applies at this creating call, and which element expressions get
    /// <c>.Clone()</c>. Null when no fix applies.
    /// </summary>
    internal static string? FixFor(IInvocationOperation invocation, JsonSymbols symbols, out IReadOnlyList<IOperation> cloneSites)
    {
        cloneSites = Array.Empty<IOperation>();
        var serializeToElement = symbols.JsonSerializer is { } serializer && !serializer.GetMembers("SerializeToElement").IsEmpty;
        return invocation.TargetMethod.IsStatic
               && symbols.JsonDocument is { } document
               && IsReported(invocation, symbols, document, HasElementParse(symbols.JsonElement), serializeToElement, out var fix, out cloneSites)
            ? fix
            : null;
    }

    /// <summary>True when the creating call is reported; with the fix that applies (null: none) and the element expressions it clones.</summary>
    private static bool IsReported(IInvocationOperation invocation, JsonSymbols symbols, INamedTypeSymbol document, bool elementParse, bool serializeToElement, out string? fix, out IReadOnlyList<IOperation> cloneSites)
    {
        fix = null;
        cloneSites = Array.Empty<IOperation>();
        var method = invocation.TargetMethod;
        if (method.Name == "TryParseValue")
        {
            return TryGetOutLocal(invocation, document, out var local) && IsLocalLeaked(local, invocation.Root(), out _);
        }

        return IsLeaked(invocation, symbols, method, elementParse, serializeToElement, out fix, out cloneSites);
    }

    private static bool TryGetOutLocal(IInvocationOperation invocation, INamedTypeSymbol document, out ILocalSymbol local)
    {
        foreach (var argument in invocation.Arguments)
        {
            if (argument.Parameter is { RefKind: RefKind.Out } parameter && SymbolEqualityComparer.Default.Equals(parameter.Type, document))
            {
                var value = argument.Value is IDeclarationExpressionOperation declaration ? declaration.Expression : argument.Value;
                if (value is ILocalReferenceOperation reference)
                {
                    local = reference.Local;
                    return true;
                }
            }
        }

        local = null!;
        return false;
    }

    private static bool IsLeaked(IInvocationOperation invocation, JsonSymbols symbols, IMethodSymbol method, bool elementParse, bool serializeToElement, out string? fix, out IReadOnlyList<IOperation> cloneSites)
    {
        fix = null;
        cloneSites = Array.Empty<IOperation>();
        IOperation value = invocation;
        if (method.Name == "ParseAsync")
        {
            if (value.Parent is IInvocationOperation { TargetMethod.Name: "ConfigureAwait" } configure && configure.Instance == value)
            {
                value = configure;
            }

            if (value.Parent is not IAwaitOperation awaited)
            {
                // The task itself goes somewhere: whoever awaits it owns the document.
                return false;
            }

            value = awaited;
        }

        var use = value.WalkUpValuePassThrough();
        switch (use.Parent)
        {
            case IPropertyReferenceOperation property when property.Instance == use:
                if (use == value && property.Property.Name == "RootElement")
                {
                    if (method.Name is "Parse" or "ParseAsync")
                    {
                        // Nothing outlives the block: a using, no copy. Something does: JsonElement.Parse (one copy the
                        // element owns) where it exists, else the using with a Clone where the element leaves. The awaited
                        // document (`(await JsonDocument.ParseAsync(s)).RootElement`) has no JsonElement counterpart: the using.
                        var elementParses = method.Name == "Parse" && elementParse && invocation.Arguments.Length > 0 && IsElementParseInput(invocation.Arguments[0].Value);
                        if (CanDeclareBefore(value, symbols, out cloneSites) && (cloneSites.Count == 0 || !elementParses))
                        {
                            fix = DocumentDisposalFix.UsingBefore;
                        }
                        else if (elementParses)
                        {
                            fix = DocumentDisposalFix.ElementParse;
                            cloneSites = Array.Empty<IOperation>();
                        }
                    }
                    else if (method.Name == "SerializeToDocument" && serializeToElement)
                    {
                        fix = DocumentDisposalFix.SerializeToElement;
                    }
                }

                return true;

            case IInvocationOperation call when call.Instance == use:
                return call.TargetMethod.Name != "Dispose";

            case IConditionalAccessOperation access when access.Operation == use:
                return access.WhenNotNull is not IInvocationOperation { TargetMethod.Name: "Dispose" };

            case IExpressionStatementOperation:
                return true;

            case ISimpleAssignmentOperation assignment when assignment.Value == use && assignment.Target is IDiscardOperation:
                return true;

            case IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator }:
                if (IsUsingDeclaration(declarator.Syntax) || !IsLocalLeaked(declarator.Symbol, invocation.Root(), out var uses))
                {
                    return false;
                }

                if (use == value && CanAddUsing(declarator, symbols, uses, out cloneSites))
                {
                    fix = DocumentDisposalFix.Using;
                }

                return true;

            case ISimpleAssignmentOperation assignment when assignment.Value == use && assignment.Target is ILocalReferenceOperation target:
                return IsLocalLeaked(target.Local, invocation.Root(), out _, target);

            default:
                // Returned, stored, passed on, used as a using resource, or a shape we do not follow.
                return false;
        }
    }

    /// <summary>string or byte[]: inputs <c>JsonElement.Parse</c> takes as they are (string, ReadOnlySpan&lt;byte&gt;).</summary>
    private static bool IsElementParseInput(IOperation argument)
        => argument.WalkDownConversions().Type is { } type
           && (type.SpecialType == SpecialType.System_String
               || type is IArrayTypeSymbol { Rank: 1, ElementType.SpecialType: SpecialType.System_Byte });

    private static bool IsUsingDeclaration(SyntaxNode declarator)
        => declarator.Parent?.Parent switch
        {
            UsingStatementSyntax => true,
            LocalDeclarationStatementSyntax statement => statement.UsingKeyword.IsKind(SyntaxKind.UsingKeyword),
            _ => false,
        };

    /// <summary>
    /// True when every read of the local is through one of its members other than Dispose (<c>doc.RootElement</c>,
    /// <c>doc.WriteTo(w)</c>): nothing disposes it and nothing takes it over. Any other use (a using, Dispose,
    /// <c>doc?.Dispose()</c>, return, assignment, argument, ref) is not followed: not reported.
    /// </summary>
    private static bool IsLocalLeaked(ILocalSymbol local, IOperation root, out List<IOperation> uses, IOperation? assignedHere = null)
    {
        uses = new List<IOperation>();
        if (local.IsRef)
        {
            return false;
        }

        foreach (var operation in root.Descendants())
        {
            if (operation is not ILocalReferenceOperation reference || !SymbolEqualityComparer.Default.Equals(reference.Local, local))
            {
                continue;
            }

            if ((reference.IsDeclaration && reference.Parent is IDeclarationExpressionOperation) || reference == assignedHere)
            {
                // The out var of TryParseValue, or the assignment of the document itself.
                continue;
            }

            switch (reference.Parent)
            {
                case IPropertyReferenceOperation property when property.Instance == reference:
                    uses.Add(reference);
                    break;
                case IInvocationOperation call when call.Instance == reference && call.TargetMethod.Name != "Dispose":
                    uses.Add(reference);
                    break;
                default:
                    return false;
            }
        }

        return true;
    }
}
