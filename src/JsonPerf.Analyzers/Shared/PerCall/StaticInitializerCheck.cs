namespace JsonPerf.Analyzers;

/// <summary>
/// Whether an expression keeps its value in a static readonly field initializer: it may read constants, static readonly
/// fields and get-only properties, create objects and call the serializer's factories; not locals, parameters,
/// <c>this</c>, instance or mutable static members, other methods' results or the method's type parameters.
/// </summary>
internal static class StaticInitializerCheck
{
    public static bool CanMoveToStaticInitializer(IOperation value, JsonSymbols symbols)
    {
        Scope? scope = null;
        var pending = OperationTree.Start(value);
        try
        {
            while (OperationTree.Next(pending) is { } operation)
            {
                if (!IsAllowed(operation, value, symbols, ref scope) || UsesMethodTypeParameter(operation.Type))
                {
                    return false;
                }
            }

            return true;
        }
        finally
        {
            OperationTree.End(pending);
        }
    }

    /// <summary>In a class, struct or record, or top-level statements from C# 10 (where <c>Program</c> can be partial).</summary>
    public static bool CanAddStaticField(IOperation creation)
    {
        var type = creation.Syntax.FirstAncestorOrSelf<TypeDeclarationSyntax>();
        if (type is not null)
        {
            return type is ClassDeclarationSyntax or StructDeclarationSyntax or RecordDeclarationSyntax;
        }

        return creation.Syntax.FirstAncestorOrSelf<GlobalStatementSyntax>() is not null
            && creation.Syntax.SyntaxTree.Options is CSharpParseOptions { LanguageVersion: >= LanguageVersion.CSharp10 };
    }

    /// <summary>The declaration the new field goes into: the type around the value, or <c>Program</c> for top-level statements.</summary>
    private sealed class Scope
    {
        private readonly IOperation value;
        private bool resolved;
        private TypeDeclarationSyntax? declaration;
        private INamedTypeSymbol? type;

        public Scope(IOperation value) => this.value = value;

        /// <summary>On first use only: the declared type can bind the type's members, which most values never need.</summary>
        private void Resolve()
        {
            if (resolved)
            {
                return;
            }

            resolved = true;
            declaration = value.Syntax.FirstAncestorOrSelf<TypeDeclarationSyntax>();
            type = declaration is not null
                ? value.SemanticModel?.GetDeclaredSymbol(declaration) as INamedTypeSymbol
                : value.SemanticModel?.GetEnclosingSymbol(value.Syntax.SpanStart)?.ContainingType;
            if (declaration is null && type is not null)
            {
                declaration = ProgramDeclarationInFile(value.Syntax, type);
            }
        }

        /// <summary>Top-level statements: the file's first <c>partial class Program</c>, whose fields are initialized before the new one.</summary>
        private static TypeDeclarationSyntax? ProgramDeclarationInFile(SyntaxNode site, INamedTypeSymbol program)
        {
            if (site.FirstAncestorOrSelf<GlobalStatementSyntax>() is null || site.SyntaxTree.GetRoot() is not CompilationUnitSyntax unit)
            {
                return null;
            }

            foreach (var member in unit.Members)
            {
                if (member is ClassDeclarationSyntax candidate && candidate.Identifier.ValueText == program.Name && candidate.Modifiers.Any(SyntaxKind.PartialKeyword))
                {
                    return candidate;
                }
            }

            return null;
        }

        /// <summary>Static initializers run in textual order, in none across partial parts: of this type, only this declaration's fields run first.</summary>
        public bool IsInitializedBeforeNewField(ISymbol member)
        {
            Resolve();
            if (!SymbolEqualityComparer.Default.Equals(member.ContainingType, type))
            {
                return true;
            }

            if (member is not IFieldSymbol || declaration is null || member.DeclaringSyntaxReferences.Length == 0)
            {
                return false;
            }

            foreach (var reference in member.DeclaringSyntaxReferences)
            {
                if (reference.SyntaxTree != declaration.SyntaxTree || !declaration.Span.Contains(reference.Span)
                    || reference.GetSyntax().FirstAncestorOrSelf<TypeDeclarationSyntax>() != declaration)
                {
                    return false;
                }
            }

            return true;
        }
    }

    private static bool IsAllowed(IOperation operation, IOperation value, JsonSymbols symbols, ref Scope? scope)
    {
        switch (operation)
        {
            case IInvalidOperation:
            case IAwaitOperation:
            case IDynamicInvocationOperation:
            case IDynamicMemberReferenceOperation:
            case IDynamicObjectCreationOperation:
            case IDynamicIndexerAccessOperation:
                return false;

            case IInstanceReferenceOperation instance:
                // The implicit receiver of `new T { Member = ... }` is fine; `this` and `base` are not.
                return instance.ReferenceKind != InstanceReferenceKind.ContainingTypeInstance;

            case ILocalReferenceOperation local:
                return DeclaredInside(local.Local, value.Syntax.Span);

            case IParameterReferenceOperation parameter:
                return DeclaredInside(parameter.Parameter, value.Syntax.Span);

            case IFieldReferenceOperation field:
                return !field.Field.IsStatic || field.Field.IsConst || (field.Field.IsReadOnly && (scope ??= new Scope(value)).IsInitializedBeforeNewField(field.Field));

            case IPropertyReferenceOperation property:
                // A static property may compute a new value on each read; trust the serializer's own
                // (JsonNamingPolicy.CamelCase, ReferenceHandler.Preserve, ...) and get-only auto-properties.
                return !property.Property.IsStatic || symbols.IsInSerializerNamespace(property.Property)
                    || (IsGetOnlyAutoProperty(property.Property) && (scope ??= new Scope(value)).IsInitializedBeforeNewField(property.Property));

            case IInvocationOperation invocation:
                // Collection-initializer Add calls are implicit; otherwise only the serializer's own factories
                // (JavaScriptEncoder.Create, JsonTypeInfoResolver.Combine, ...) are known to be pure enough.
                return invocation.IsImplicit || (invocation.TargetMethod.IsStatic && symbols.IsInSerializerNamespace(invocation.TargetMethod));

            default:
                return true;
        }
    }

    private static bool DeclaredInside(ISymbol symbol, Microsoft.CodeAnalysis.Text.TextSpan span)
    {
        // Read once: a local's or parameter's references are a new array on each read.
        var references = symbol.DeclaringSyntaxReferences;
        foreach (var reference in references)
        {
            if (!span.Contains(reference.Span))
            {
                return false;
            }
        }

        return references.Length > 0;
    }

    private static bool IsGetOnlyAutoProperty(IPropertySymbol property)
    {
        if (property.SetMethod is not null || property.DeclaringSyntaxReferences.Length == 0)
        {
            return false;
        }

        foreach (var reference in property.DeclaringSyntaxReferences)
        {
            if (reference.GetSyntax() is not PropertyDeclarationSyntax { ExpressionBody: null, AccessorList.Accessors: var accessors }
                || accessors.Count != 1
                || accessors[0].Body is not null
                || accessors[0].ExpressionBody is not null)
            {
                return false;
            }
        }

        return true;
    }

    private static bool UsesMethodTypeParameter(ITypeSymbol? type)
    {
        switch (type)
        {
            case null:
                return false;
            case ITypeParameterSymbol parameter:
                return parameter.TypeParameterKind == TypeParameterKind.Method;
            case IArrayTypeSymbol array:
                return UsesMethodTypeParameter(array.ElementType);
            case INamedTypeSymbol named:
                foreach (var argument in named.TypeArguments)
                {
                    if (UsesMethodTypeParameter(argument))
                    {
                        return true;
                    }
                }

                return named.ContainingType is not null && UsesMethodTypeParameter(named.ContainingType);
            default:
                return false;
        }
    }
}
