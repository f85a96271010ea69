using System.Composition;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;
using Analyzer = JsonPerf.Analyzers.PropertyNameCaseInsensitiveWithoutNamingPolicyAnalyzer;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0003 fix: "Add a camelCase naming policy", keeping <c>PropertyNameCaseInsensitive = true</c> so every input
/// that matched before still matches. A naming policy also renames properties when serializing, so the fix is
/// offered only when every use of those options in the solution deserializes.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PropertyNameCaseInsensitiveWithoutNamingPolicyFixer)), Shared]
public sealed class PropertyNameCaseInsensitiveWithoutNamingPolicyFixer : JsonFixer
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Rules.CaseInsensitiveWithoutNamingPolicyId);

    protected override string Title => "Add a camelCase naming policy";

    protected override async Task<PreparedFix?> PrepareAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
        => await OnlyDeserializesAsync(document, site, cancellationToken).ConfigureAwait(false) ? EditDocument(ct => FixAsync(document, site, ct)) : null;

    private static async Task<Document?> FixAsync(Document document, SyntaxNode site, CancellationToken cancellationToken)
    {
        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        if (JsonSymbols.For(editor.SemanticModel.Compilation) is not { } symbols)
        {
            return null;
        }

        switch (site)
        {
            case AttributeArgumentSyntax { Parent: AttributeArgumentListSyntax list } argument:
                var policy = AttributeArgument(CamelCase(editor, symbols.JsonKnownNamingPolicy, "System.Text.Json.Serialization.JsonKnownNamingPolicy"))
                    .WithNameEquals(NameEquals(IdentifierName(Analyzer.NamingPolicy)));
                editor.ReplaceNode(list, list.WithArguments(list.Arguments.Insert(list.Arguments.IndexOf(argument) + 1, policy)));
                break;

            case AssignmentExpressionSyntax { Parent: InitializerExpressionSyntax initializer } entry:
                var assignment = AssignmentExpression(SyntaxKind.SimpleAssignmentExpression, IdentifierName(Analyzer.NamingPolicy), CamelCase(editor, symbols.JsonNamingPolicy, "System.Text.Json.JsonNamingPolicy"));
                var entries = initializer.Expressions.Insert(initializer.Expressions.IndexOf(entry) + 1, assignment.WithLeadingTrivia(entry.GetLeadingTrivia()));
                editor.ReplaceNode(initializer, initializer.WithExpressions(entries).WithAdditionalAnnotations(Formatter.Annotation));
                break;

            case AssignmentExpressionSyntax { Left: MemberAccessExpressionSyntax member, Parent: ExpressionStatementSyntax statement }
                when statement.Parent is BlockSyntax or GlobalStatementSyntax:
                var added = statement.WithExpression(AssignmentExpression(
                        SyntaxKind.SimpleAssignmentExpression,
                        member.WithName(IdentifierName(Analyzer.NamingPolicy)),
                        CamelCase(editor, symbols.JsonNamingPolicy, "System.Text.Json.JsonNamingPolicy")))
                    .WithAdditionalAnnotations(Formatter.Annotation);
                if (statement.Parent is GlobalStatementSyntax global)
                {
                    editor.InsertAfter(global, global.WithStatement(added));
                }
                else
                {
                    editor.InsertAfter(statement, added);
                }

                break;

            default:
                return null;
        }

        return editor.GetChangedDocument();
    }

    /// <summary><c>JsonNamingPolicy.CamelCase</c> or <c>JsonKnownNamingPolicy.CamelCase</c>, simplified and imported.</summary>
    private static ExpressionSyntax CamelCase(DocumentEditor editor, INamedTypeSymbol? type, string typeName)
    {
        var typeSyntax = type is null ? ParseTypeName(typeName) : (TypeSyntax)editor.Generator.TypeExpression(type);
        return MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, typeSyntax.WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation), IdentifierName("CamelCase"));
    }

    /// <summary>Every use in the solution of the options (or context) at <paramref name="site"/> deserializes.</summary>
    private static async Task<bool> OnlyDeserializesAsync(Document document, SyntaxNode site, CancellationToken cancellationToken)
    {
        if (await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || JsonSymbols.For(model.Compilation) is not { } symbols)
        {
            return false;
        }

        if (site is AttributeArgumentSyntax)
        {
            return site.FirstAncestorOrSelf<ClassDeclarationSyntax>() is { } declaration
                && model.GetDeclaredSymbol(declaration, cancellationToken) is { } context
                && await ReferencesOnlyDeserializeAsync(context, model.Compilation, document.Project.Solution, isContext: true, cancellationToken).ConfigureAwait(false);
        }

        if (model.GetOperation(site, cancellationToken) is not ISimpleAssignmentOperation { Target: IPropertyReferenceOperation target } assignment)
        {
            return false;
        }

        switch (target.Instance)
        {
            case IInstanceReferenceOperation when assignment.Parent?.Parent is IObjectCreationOperation creation:
                var use = creation.WalkUpValuePassThrough();
                return use.Parent switch
                {
                    IArgumentOperation argument => SerializerEntryPoints.IsOptionsArgumentOfReader(argument, symbols),
                    IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator } => LocalOnlyDeserializes(declarator.Symbol, creation.Root(), symbols),
                    IFieldInitializerOperation { InitializedFields: { Length: 1 } fields } => await ReferencesOnlyDeserializeAsync(fields[0], model.Compilation, document.Project.Solution, isContext: false, cancellationToken).ConfigureAwait(false),
                    IPropertyInitializerOperation { InitializedProperties: { Length: 1 } properties } => await ReferencesOnlyDeserializeAsync(properties[0], model.Compilation, document.Project.Solution, isContext: false, cancellationToken).ConfigureAwait(false),
                    _ => false,
                };

            case ILocalReferenceOperation local:
                return LocalOnlyDeserializes(local.Local, assignment.Root(), symbols);

            case IFieldReferenceOperation field:
                return await ReferencesOnlyDeserializeAsync(field.Field, model.Compilation, document.Project.Solution, isContext: false, cancellationToken).ConfigureAwait(false);

            case IPropertyReferenceOperation property:
                return await ReferencesOnlyDeserializeAsync(property.Property, model.Compilation, document.Project.Solution, isContext: false, cancellationToken).ConfigureAwait(false);

            default:
                return false;
        }
    }

    private static bool LocalOnlyDeserializes(ILocalSymbol local, IOperation root, JsonSymbols symbols)
        => root.Descendants().OfType<ILocalReferenceOperation>()
            .Where(r => SymbolEqualityComparer.Default.Equals(r.Local, local))
            .All(r => IsReadOrConfiguration(r, symbols));

    /// <summary>Passed as the options of a deserializing call, or configured (<c>x.P = v;</c>, <c>x.Converters.Add(c);</c>).</summary>
    private static bool IsReadOrConfiguration(IOperation reference, JsonSymbols symbols)
    {
        if (reference.WalkUpValuePassThrough().Parent is IArgumentOperation argument)
        {
            return SerializerEntryPoints.IsOptionsArgumentOfReader(argument, symbols);
        }

        return reference.Parent is IPropertyReferenceOperation property && property.Instance == reference
            && (property.Parent is ISimpleAssignmentOperation assignment && assignment.Target == property
                || property.Property.Name == "Converters" && property.Parent is IInvocationOperation { TargetMethod.Name: "Add" });
    }

    /// <summary>
    /// Every reference in the solution to the member holding the options (or to the context type) reads JSON;
    /// nothing outside the solution can see it.
    /// </summary>
    private static async Task<bool> ReferencesOnlyDeserializeAsync(ISymbol symbol, Compilation compilation, Solution solution, bool isContext, CancellationToken cancellationToken)
    {
        if (Visibility.IsVisibleOutsideLibrary(symbol, compilation))
        {
            return false;
        }

        return await References.AllAsync(symbol, solution, use =>
        {
            var location = use.Location;
            if (isContext && symbol.DeclaringSyntaxReferences.Any(d => d.SyntaxTree == location.SourceTree && d.Span.Contains(location.SourceSpan)))
            {
                return true;
            }

            var node = use.Node;
            if (isContext)
            {
                // MyContext.Default.Order handed to JsonSerializer.Deserialize(json, ...).
                while (node.Parent is MemberAccessExpressionSyntax access && access.Expression == node)
                {
                    node = access;
                }

                return use.Model.GetOperation(node, cancellationToken)?.WalkUpValuePassThrough().Parent is IArgumentOperation { Parent: IInvocationOperation call }
                    && SerializerEntryPoints.IsReader(call, use.Symbols);
            }

            var read = use.Model.GetOperation(node, cancellationToken);
            while (read is not null and not (IFieldReferenceOperation or IPropertyReferenceOperation))
            {
                read = read.Parent;
            }

            return read is not null && IsReadOrConfiguration(read, use.Symbols);
        }, cancellationToken).ConfigureAwait(false);
    }
}
