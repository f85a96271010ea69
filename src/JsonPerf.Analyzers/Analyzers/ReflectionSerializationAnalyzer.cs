using System;
using System.Collections.Concurrent;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace JsonPerf.Analyzers;

/// <summary>
/// JP0002: a <c>JsonSerializer</c> call that takes neither a <c>JsonTypeInfo</c> nor a <c>JsonSerializerContext</c>, for a
/// type known at compile time (type argument, or a <c>typeof</c> argument) that a context can describe. Calls whose
/// options come from where a resolver could have been set (a parameter, another method, options copied from other
/// options, a member without a readable initializer, or one whose initializer or type mentions a resolver) are not
/// judged: they may already use source-generated metadata.
/// </summary>
[DiagnosticAnalyzer(Microsoft.CodeAnalysis.LanguageNames.CSharp)]
public sealed class ReflectionSerializationAnalyzer : JsonAnalyzer
{
    /// <summary>Set when the call uses the default options (none, <c>null</c> or <c>JsonSerializerOptions.Default</c>): the fix can then use a context with default generation options.</summary>
    public const string DefaultOptionsProperty = "DefaultOptions";

    /// <summary>Set when the options are a static field or property initialized in source: the fix can bind a context to them as their resolver.</summary>
    public const string StaticOptionsProperty = "StaticOptions";

    private static readonly ImmutableHashSet<string> Methods = ImmutableHashSet.Create(
        StringComparer.Ordinal,
        "Serialize", "SerializeAsync", "SerializeToUtf8Bytes", "SerializeToElement", "SerializeToNode", "SerializeToDocument",
        "Deserialize", "DeserializeAsync", "DeserializeAsyncEnumerable");

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rules.ReflectionSerialization);

    private protected override void OnCompilationStart(CompilationStartAnalysisContext context, JsonSymbols symbols)
    {
        if (symbols.JsonSerializer is null || symbols.JsonSerializerContext is null || symbols.JsonTypeInfo is null)
        {
            return;
        }

        // Per compilation, computed once: whether a local, field or property of options may hold a resolver (the check
        // reads the method body or the whole type declaration; calls on the same options are many), and whether a
        // type can be described by a context.
        var judged = new ConcurrentDictionary<ISymbol, bool>(SymbolEqualityComparer.Default);
        var describable = new ConcurrentDictionary<ITypeSymbol, bool>(SymbolEqualityComparer.Default);
        var compilation = context.Compilation;
        Func<ITypeSymbol, bool> isDescribable = type => SerializableTypes.IsDescribable(type, compilation);
        context.RegisterOperationAction(c => AnalyzeInvocation(c, symbols, judged, describable, isDescribable), OperationKind.Invocation);
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, JsonSymbols symbols, ConcurrentDictionary<ISymbol, bool> members, ConcurrentDictionary<ITypeSymbol, bool> describable, Func<ITypeSymbol, bool> isDescribable)
    {
        var invocation = (IInvocationOperation)context.Operation;
        var method = invocation.TargetMethod;
        if (!Methods.Contains(method.Name) || !SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.JsonSerializer))
        {
            return;
        }

        if (!TryGetSerializedType(invocation, symbols, out var type, out var options)
            || !describable.GetOrAdd(type, isDescribable)
            || symbols.IsInsideExpressionTree(invocation))
        {
            return;
        }

        var kind = ClassifyOptions(options?.Value, symbols, members);
        if (kind == OptionsKind.Unknown)
        {
            return;
        }

        var properties = kind == OptionsKind.Default
            ? ImmutableDictionary<string, string?>.Empty.Add(DefaultOptionsProperty, "true")
            : options?.Value.WalkDownConversions() is IMemberReferenceOperation { Member: IFieldSymbol { IsStatic: true } or IPropertySymbol { IsStatic: true } }
                ? ImmutableDictionary<string, string?>.Empty.Add(StaticOptionsProperty, "true")
                : ImmutableDictionary<string, string?>.Empty;
        var location = invocation.Syntax is InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax access } ? access.Name.GetLocation() : invocation.Syntax.GetLocation();
        context.ReportDiagnostic(Diagnostic.Create(
            Rules.ReflectionSerialization, location, additionalLocations: null, properties,
            method.Name, type.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat)));
    }

    /// <summary>
    /// The serialized type (the type argument, or the operand of a <c>typeof</c> passed as the <c>Type</c>) and the
    /// options argument; false for overloads that already take metadata or a type only known at run time.
    /// </summary>
    internal static bool TryGetSerializedType(IInvocationOperation invocation, JsonSymbols symbols, out ITypeSymbol type, out IArgumentOperation? options)
    {
        type = null!;
        options = null;
        var method = invocation.TargetMethod;
        foreach (var parameter in method.Parameters)
        {
            if (IsMetadata(parameter.Type, symbols))
            {
                return false;
            }
        }

        ITypeSymbol? found = method.IsGenericMethod && method.TypeArguments.Length == 1 ? method.TypeArguments[0] : null;
        foreach (var argument in invocation.Arguments)
        {
            if (argument.Parameter is not { } parameter)
            {
                return false;
            }

            if (symbols.IsJsonSerializerOptions(parameter.Type))
            {
                options = argument;
            }
            else if (found is null && parameter.Type is INamedTypeSymbol { Name: "Type", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } })
            {
                if (argument.Value.WalkDownConversions() is not ITypeOfOperation typeOf)
                {
                    return false;
                }

                found = typeOf.TypeOperand;
            }
        }

        if (found is null)
        {
            return false;
        }

        type = found;
        return true;
    }

    private static bool IsMetadata(ITypeSymbol type, JsonSymbols symbols)
    {
        for (var current = type; current is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current.OriginalDefinition, symbols.JsonTypeInfo)
                || SymbolEqualityComparer.Default.Equals(current, symbols.JsonSerializerContext))
            {
                return true;
            }
        }

        return false;
    }

    private enum OptionsKind
    {
        /// <summary>No options, <c>null</c>, or <c>JsonSerializerOptions.Default</c>.</summary>
        Default,

        /// <summary>Options built in source that set no resolver.</summary>
        Reflection,

        /// <summary>Options whose resolver cannot be seen here: not judged.</summary>
        Unknown,
    }

    /// <summary>No options, <c>null</c>, <c>default</c>, or <c>JsonSerializerOptions.Default</c>. Shared with the fix.</summary>
    internal static bool IsDefaultOptions(IOperation? value, JsonSymbols symbols) => value?.WalkDownConversions() switch
    {
        null or { ConstantValue: { HasValue: true, Value: null } } or IDefaultValueOperation => true,
        IPropertyReferenceOperation { Property: { IsStatic: true, Name: "Default" } property } => symbols.IsJsonSerializerOptions(property.ContainingType),
        _ => false,
    };

    private static OptionsKind ClassifyOptions(IOperation? value, JsonSymbols symbols, ConcurrentDictionary<ISymbol, bool> members)
    {
        if (IsDefaultOptions(value, symbols))
        {
            return OptionsKind.Default;
        }

        value = value?.WalkDownConversions();
        switch (value)
        {
            case IPropertyReferenceOperation { Property: { IsStatic: true, Name: "Web" } property } when symbols.IsJsonSerializerOptions(property.ContainingType):
                return OptionsKind.Reflection;

            case IObjectCreationOperation creation:
                return CreationSetsNoResolver(creation, symbols) ? OptionsKind.Reflection : OptionsKind.Unknown;

            case ILocalReferenceOperation local:
                return members.GetOrAdd(local.Local, LocalSetsNoResolver) ? OptionsKind.Reflection : OptionsKind.Unknown;

            case IFieldReferenceOperation field:
                return members.GetOrAdd(field.Field, MemberSetsNoResolver) ? OptionsKind.Reflection : OptionsKind.Unknown;

            case IPropertyReferenceOperation property:
                return members.GetOrAdd(property.Property, MemberSetsNoResolver) ? OptionsKind.Reflection : OptionsKind.Unknown;

            default:
                return OptionsKind.Unknown;
        }
    }

    /// <summary>A creation that neither copies other options nor mentions a resolver.</summary>
    private static bool CreationSetsNoResolver(IObjectCreationOperation creation, JsonSymbols symbols)
    {
        foreach (var argument in creation.Arguments)
        {
            if (symbols.IsJsonSerializerOptions(argument.Parameter?.Type))
            {
                return false;
            }
        }

        return creation.Initializer is null || !MentionsResolver(creation.Initializer.Syntax);
    }

    /// <summary>
    /// A local initialized with <c>new JsonSerializerOptions(...)</c> (no arguments, or <c>JsonSerializerDefaults.X</c>)
    /// in a body that leaves its resolver alone. Read from syntax only, so that it can be cached per local.
    /// </summary>
    private static bool LocalSetsNoResolver(ISymbol local)
    {
        if (local.DeclaringSyntaxReferences.Length != 1
            || local.DeclaringSyntaxReferences[0].GetSyntax() is not VariableDeclaratorSyntax { Initializer.Value: { } initializer } declarator
            || !IsPlainOptionsCreation(initializer))
        {
            return false;
        }

        var body = declarator.FirstAncestorOrSelf<BlockSyntax>() ?? (SyntaxNode?)declarator.FirstAncestorOrSelf<CompilationUnitSyntax>();
        return body is not null && LeavesResolverAlone(body, local.Name);
    }

    /// <summary>
    /// Whether <paramref name="scope"/> never mentions <c>TypeInfoResolver</c> or <c>TypeInfoResolverChain</c>, and
    /// every use of the options named <paramref name="name"/> in it leaves their resolver alone: none assigns them (<c>o = Create()</c>, <c>ref o</c>, <c>out o</c>), calls a method on them
    /// (<c>o.AddContext&lt;C&gt;()</c>), or passes them to anything but a <c>JsonSerializer</c>-named method
    /// (<c>Configure(o)</c> may set one). Property reads and settings (<c>o.Converters.Add(...)</c>,
    /// <c>o.WriteIndented = true</c>) are fine. One pass over the scope.
    /// </summary>
    private static bool LeavesResolverAlone(SyntaxNode scope, string name)
    {
        foreach (var node in scope.DescendantNodes())
        {
            if (node is not IdentifierNameSyntax identifier)
            {
                continue;
            }

            var text = identifier.Identifier.ValueText;
            if (text is "TypeInfoResolver" or "TypeInfoResolverChain")
            {
                return false;
            }

            if (text != name)
            {
                continue;
            }

            // this.o / Type.o stand for o.
            SyntaxNode use = identifier.Parent is MemberAccessExpressionSyntax { Expression: ThisExpressionSyntax or IdentifierNameSyntax or BaseExpressionSyntax } qualifier && qualifier.Name == identifier
                ? qualifier
                : identifier;
            switch (use.Parent)
            {
                case AssignmentExpressionSyntax assignment when assignment.Left == use:
                case PrefixUnaryExpressionSyntax:
                case PostfixUnaryExpressionSyntax:
                case MemberAccessExpressionSyntax { Parent: InvocationExpressionSyntax } call when call.Expression == use:
                case ArgumentSyntax argument when !argument.RefKindKeyword.IsKind(Microsoft.CodeAnalysis.CSharp.SyntaxKind.None)
                                                  || argument.Parent?.Parent is not InvocationExpressionSyntax { Expression: var callee } || RightmostName(callee) is not { } method || !Methods.Contains(method):
                    return false;
            }
        }

        return true;
    }

    /// <summary>
    /// A readonly field or get-only property (no init) initialized in source with <c>new JsonSerializerOptions(...)</c> (no
    /// arguments, or <c>JsonSerializerDefaults.General/Web</c>), in a type declaration that never mentions a resolver
    /// and never assigns the member, calls a method on it or passes it to a method that could set one.
    /// Read from syntax only, so that the answer is the same from every call site and can be cached per member.
    /// </summary>
    private static bool MemberSetsNoResolver(ISymbol member)
    {
        var stable = member switch
        {
            IFieldSymbol field => field.IsReadOnly,
            // An init accessor can be set from any object initializer: not stable.
            IPropertySymbol property => property.SetMethod is null,
            _ => false,
        };

        if (!stable || member.DeclaringSyntaxReferences.Length != 1)
        {
            return false;
        }

        if (!IsPlainOptionsCreation(Initializer(member.DeclaringSyntaxReferences[0].GetSyntax())))
        {
            return false;
        }

        foreach (var part in member.ContainingType.DeclaringSyntaxReferences)
        {
            if (!LeavesResolverAlone(part.GetSyntax(), member.Name))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>The initializer of a variable declarator or a property declaration.</summary>
    internal static ExpressionSyntax? Initializer(SyntaxNode declaration) => declaration switch
    {
        VariableDeclaratorSyntax declarator => declarator.Initializer?.Value,
        PropertyDeclarationSyntax property => property.Initializer?.Value,
        _ => null,
    };

    /// <summary><c>new JsonSerializerOptions(...)</c> or target-typed <c>new(...)</c>, by syntax.</summary>
    internal static BaseObjectCreationExpressionSyntax? AsOptionsCreation(ExpressionSyntax? expression) => expression switch
    {
        ObjectCreationExpressionSyntax { Type: var type } creation when RightmostName(type) == "JsonSerializerOptions" => creation,
        ImplicitObjectCreationExpressionSyntax creation => creation,
        _ => null,
    };

    private static bool IsPlainOptionsCreation(ExpressionSyntax? expression)
    {
        if (AsOptionsCreation(expression) is not { } creation)
        {
            return false;
        }

        // No arguments, or JsonSerializerDefaults.X; anything else may be options to copy (with their resolver).
        var arguments = creation.ArgumentList;
        return arguments is null || arguments.Arguments.Count == 0
            || arguments.Arguments.Count == 1 && arguments.Arguments[0].Expression is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "General" or "Web" } defaults
               && RightmostName(defaults.Expression) == "JsonSerializerDefaults";
    }

    private static string? RightmostName(SyntaxNode node) => node switch
    {
        IdentifierNameSyntax identifier => identifier.Identifier.ValueText,
        QualifiedNameSyntax qualified => qualified.Right.Identifier.ValueText,
        AliasQualifiedNameSyntax alias => alias.Name.Identifier.ValueText,
        MemberAccessExpressionSyntax access => access.Name.Identifier.ValueText,
        _ => null,
    };

    private static bool MentionsResolver(SyntaxNode node)
    {
        foreach (var descendant in node.DescendantNodesAndSelf())
        {
            if (descendant is IdentifierNameSyntax { Identifier.ValueText: "TypeInfoResolver" or "TypeInfoResolverChain" })
            {
                return true;
            }
        }

        return false;
    }
}
