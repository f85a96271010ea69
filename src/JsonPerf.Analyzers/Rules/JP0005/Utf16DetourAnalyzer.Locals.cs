namespace JsonPerf.Analyzers;

/// <summary>
/// JP0005 through a local: <c>var json = JsonSerializer.Serialize(x); ... Encoding.UTF8.GetBytes(json)</c>, where the
/// local is read nowhere else (a string that is also logged, stored or returned is needed anyway). Fixed like the inline
/// shape, the declaration folded into the call, where nothing runs between the two that the move could reorder.
/// </summary>
public sealed partial class Utf16DetourAnalyzer
{
    private static void AnalyzeGetBytesOfLocal(OperationAnalysisContext context, JsonSymbols symbols, INamedTypeSymbol serializer, IInvocationOperation getBytes)
    {
        if (getBytes.TargetMethod.Parameters[0].Type.SpecialType != SpecialType.System_String
            || getBytes.Arguments.Length != 1
            || getBytes.Arguments[0].Value.WalkDownConversions() is not ILocalReferenceOperation { Local: { IsConst: false, IsUsing: false, RefKind: RefKind.None } local }
            || !IsEncodingUtf8(getBytes.Instance, symbols)
            || DeclarationReadOnlyAt(local, getBytes.Arguments[0].Syntax, context.CancellationToken) is not { Parent.Parent: LocalDeclarationStatementSyntax declaration } declarator
            || getBytes.SemanticModel?.GetOperation(declarator.Initializer!.Value, context.CancellationToken) is not { } value
            || SerializeToString(value, serializer) is not { } serialize
            || symbols.IsInsideExpressionTree(getBytes))
        {
            return;
        }

        var fixable = CanRenameToUtf8Bytes(serialize) && RunsRightAfter(declaration, getBytes.Syntax);
        // The declaration the fix folds is where it edits too (EveryTargetNote reads it under #if).
        Report(context, getBytes, "Encoding.UTF8.GetBytes(json) with json = JsonSerializer.Serialize(...)", "call JsonSerializer.SerializeToUtf8Bytes(...) instead", fixable ? Utf16DetourFix.FoldLocalToUtf8Bytes : null, declaration.GetLocation());
    }

    /// <summary>
    /// The reading counterpart: <c>var json = Encoding.UTF8.GetString(bytes); ... JsonSerializer.Deserialize&lt;T&gt;(json)</c>
    /// (or <c>File.ReadAllText</c>, <c>await content.ReadAsStringAsync()</c>, ...), the local read nowhere else: reported at
    /// the Deserialize call like the inline shape, and like it without a fix.
    /// </summary>
    private static void AnalyzeDeserializeOfLocal(OperationAnalysisContext context, JsonSymbols symbols, IInvocationOperation deserialize)
    {
        var method = deserialize.TargetMethod;
        if (method.Parameters.Length == 0
            || method.Parameters[0].Type.SpecialType != SpecialType.System_String
            || ArgumentValue(deserialize, method.Parameters[0]) is not ILocalReferenceOperation { Local: { IsConst: false, IsUsing: false, RefKind: RefKind.None } local } argument
            || symbols.IsInsideExpressionTree(deserialize))
        {
            return;
        }

        if (DeclarationReadOnlyAt(local, argument.Syntax, context.CancellationToken) is not { } declarator
            || deserialize.SemanticModel?.GetOperation(declarator.Initializer!.Value, context.CancellationToken) is not { } value)
        {
            AnalyzeDeserializeOfLine(context, symbols, deserialize, argument);
            return;
        }

        if (symbols.JsonSerializer is { } serializer && SerializeToString(value, serializer) is { } serialize)
        {
            // The local becomes the UTF-8 bytes, which only this call reads: its span overload takes them.
            var fixable = CanRenameToUtf8Bytes(serialize) && !deserialize.HasNamedArgument() && HasSpanOverload(method)
                && declarator.Parent is VariableDeclarationSyntax { Type: IdentifierNameSyntax { IsVar: true } or PredefinedTypeSyntax { Keyword.RawKind: (int)SyntaxKind.StringKeyword } };
            Report(context, deserialize, "JsonSerializer.Deserialize(json) with json = JsonSerializer.Serialize(...)", "serialize it with JsonSerializer.SerializeToUtf8Bytes(...)", fixable ? Utf16DetourFix.RoundTripLocal : null, declarator.Parent!.Parent!.GetLocation());
            return;
        }

        if (Decoded(value.WalkDownConversions(), symbols, deserialize) is not var (what, instead, reason))
        {
            return;
        }

        const string Prefix = "JsonSerializer.Deserialize(";
        var source = what.StartsWith(Prefix, StringComparison.Ordinal) ? what.Substring(Prefix.Length, what.Length - Prefix.Length - 1) : what;
        Report(context, deserialize, "JsonSerializer.Deserialize(json) with json = " + source, instead, fix: null, reason: reason);
    }

    /// <summary>The local's one declarator, a call initializer in a block, when its name appears nowhere else in its scope but at <paramref name="use"/>.</summary>
    private static VariableDeclaratorSyntax? DeclarationReadOnlyAt(ILocalSymbol local, SyntaxNode use, CancellationToken cancellationToken)
        => local.DeclaringSyntaxReferences.Length == 1
           && local.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is VariableDeclaratorSyntax
           {
               Initializer.Value: InvocationExpressionSyntax or ParenthesizedExpressionSyntax or CastExpressionSyntax or AwaitExpressionSyntax,
               Parent: VariableDeclarationSyntax { Variables.Count: 1, Parent: LocalDeclarationStatementSyntax { Parent: BlockSyntax or SwitchSectionSyntax or GlobalStatementSyntax } declaration },
           } declarator
           && declarator.SyntaxTree == use.SyntaxTree
           && OnlyReadIn(declaration, declarator, use)
            ? declarator
            : null;

    /// <summary>The local's name appears nowhere in its scope but in its declaration and at <paramref name="use"/>.</summary>
    private static bool OnlyReadIn(LocalDeclarationStatementSyntax declaration, VariableDeclaratorSyntax declarator, SyntaxNode use)
    {
        var scope = declaration.Parent is GlobalStatementSyntax global ? global.Parent! : declaration.Parent!;
        var name = declarator.Identifier.ValueText;
        foreach (var token in scope.DescendantTokens())
        {
            if (token.IsKind(SyntaxKind.IdentifierToken) && token.ValueText == name && token != declarator.Identifier && !use.Span.Contains(token.Span))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// The declaration is the statement right before the one holding <paramref name="getBytes"/>, and nothing that
    /// statement evaluates before the call has an effect the later serialization could see: the call is returned,
    /// assigned to a local, or passed as an argument after plain reads to a method of a plain receiver.
    /// </summary>
    private static bool RunsRightAfter(LocalDeclarationStatementSyntax declaration, SyntaxNode getBytes)
    {
        var node = getBytes;
        while (node.Parent is { } parent && parent is not StatementSyntax)
        {
            var plain = parent switch
            {
                ParenthesizedExpressionSyntax or CastExpressionSyntax or AwaitExpressionSyntax or EqualsValueClauseSyntax or VariableDeclaratorSyntax or VariableDeclarationSyntax => true,
                AssignmentExpressionSyntax { Left: IdentifierNameSyntax } assignment => assignment.Right == node,
                ArgumentSyntax => true,
                ArgumentListSyntax list => list.Arguments.TakeWhile(a => a != node).All(a => IsPlainRead(a.Expression)),
                InvocationExpressionSyntax invocation => invocation.ArgumentList == node && IsPlainRead(invocation.Expression),
                _ => false,
            };
            if (!plain)
            {
                return false;
            }

            node = parent;
        }

        var statement = node.Parent is StatementSyntax s ? s : null;
        var holder = statement?.Parent is GlobalStatementSyntax g ? (SyntaxNode)g : statement;
        var declared = declaration.Parent is GlobalStatementSyntax d ? (SyntaxNode)d : declaration;
        return statement is ReturnStatementSyntax or ExpressionStatementSyntax or LocalDeclarationStatementSyntax
               && holder?.Parent == declared.Parent
               && declared.Parent!.ChildNodes().SkipWhile(n => n != declared).Skip(1).FirstOrDefault() == holder;
    }

    private static bool IsPlainRead(ExpressionSyntax expression) => expression switch
    {
        IdentifierNameSyntax or ThisExpressionSyntax or LiteralExpressionSyntax or PredefinedTypeSyntax => true,
        MemberAccessExpressionSyntax { Expression: var inner } => IsPlainRead(inner),
        _ => false,
    };
}
