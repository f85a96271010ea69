#!/usr/bin/env python3
"""The member that encloses a place in a C# file, read from its text (no compiler): Type.Member() for a method,
constructor or local function's method, Type.Name for a field or property, Outer.Inner.Member for a nested type's,
<top-level> outside any type. Comments and literals are blanked first; of #if/#elif/#else, only the first branch is
read (so that braces opened in two branches are counted once). Used by trial_sites.py and worth/hotpath.py.
"""
import re

TYPE = re.compile(r"\b(?:class|struct|interface|enum|record(?:\s+(?:class|struct))?)\s+(?P<name>[A-Za-z_]\w*)")


def skip_literal(text, i):
    """The index after the comment or string literal at i, or i when there is none."""
    if text.startswith("//", i):
        j = text.find("\n", i)
        return len(text) if j < 0 else j
    if text.startswith("/*", i):
        j = text.find("*/", i + 2)
        return len(text) if j < 0 else j + 2
    m = re.compile(r'(\$+|@|\$+@|@\$+)?("""+)').match(text, i)
    if m:  # a raw string literal: up to the same run of quotes
        j = text.find(m.group(2), m.end())
        return len(text) if j < 0 else j + len(m.group(2))
    m = re.compile(r'(\$?@|@\$)?"|\$"').match(text, i)
    if m:
        verbatim = "@" in (m.group(1) or "")
        j = m.end()
        while j < len(text):
            c = text[j]
            if c == "\\" and not verbatim:
                j += 2
                continue
            if c == '"':
                if verbatim and text.startswith('""', j):
                    j += 2
                    continue
                return j + 1
            if c == "\n" and not verbatim:
                return j
            j += 1
        return j
    if text[i] == "'":
        m = re.compile(r"'(\\.[^']*|[^'\\])'").match(text, i)
        if m:
            return m.end()
    return i


def blank(text):
    """The text with comments and string and char literals replaced by spaces (newlines kept: offsets stay)."""
    parts, i, last = [], 0, 0
    while i < len(text):
        j = skip_literal(text, i)
        if j != i:
            parts.append(text[last:i])
            parts.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = last = j
        else:
            i += 1
    parts.append(text[last:])
    return "".join(parts)


def strip_attributes(header):
    return re.sub(r"^(\s*\[[^\[\]]*(\[[^\[\]]*\][^\[\]]*)*\])+", "", header)


def is_type(header):
    head = strip_attributes(header).split("(")[0]
    return TYPE.search(head) if "=" not in head else None


def member_name(header):
    """The name a member's header declares: the method before '(', the field or property before '=' or '{'."""
    header = strip_attributes(header).strip()
    header = re.sub(r"\s+", " ", header)
    arrow = header.find("=>")
    paren = header.find("(")
    # A tuple return type's parenthesis follows a modifier (or nothing): the parameter list is a later one.
    while paren >= 0 and re.search(r"(^|\b(public|private|protected|internal|static|async|virtual|override|sealed|"
                                   r"abstract|readonly|extern|unsafe|new|partial|ref))\s*$", header[:paren]):
        depth, k = 0, paren
        while k < len(header):
            depth += {"(": 1, ")": -1}.get(header[k], 0)
            if depth == 0:
                break
            k += 1
        paren = header.find("(", k + 1)
    equals = re.search(r"(?<![=!<>])=(?![=>])", header)
    if paren >= 0 and (arrow < 0 or paren < arrow) and (not equals or paren < equals.start()):
        name = header[:paren].rstrip()
        if name.endswith(">"):  # a generic method's type parameters
            depth, k = 0, len(name) - 1
            while k >= 0:
                depth += {">": 1, "<": -1}.get(name[k], 0)
                if depth == 0:
                    break
                k -= 1
            name = name[:k].rstrip()
        m = re.search(r"(operator\s*\S+|this|[A-Za-z_]\w*)$", name)
        return (m.group(1) if m else "?") + "()"
    end = min(x for x in (arrow if arrow >= 0 else len(header), equals.start() if equals else len(header), len(header)))
    m = re.search(r"(this\s*\[[^\]]*\]|[A-Za-z_]\w*)\s*$", header[:end])
    return re.sub(r"\[.*\]", "[]", m.group(1)) if m else "?"


def enclosing_member(text, offset):
    """Type.Member around offset: the types that enclose it, and the member of the innermost one."""
    text = blank(text)
    stack, start, i = [], 0, 0
    line_start, branches = True, []  # branches: per #if, whether the code now read is in its first branch
    while i < offset and i < len(text):
        c = text[i]
        if line_start and c == "#":  # a preprocessor line; of #if/#elif/#else, only the first branch is read
            j = text.find("\n", i)
            directive = re.match(r"#\s*(\w+)", text[i:j if j >= 0 else len(text)])
            word = directive.group(1) if directive else ""
            if word == "if":
                branches.append(True)
            elif word in ("elif", "else") and branches:
                branches[-1] = False
            elif word == "endif" and branches:
                branches.pop()
            i = len(text) if j < 0 else j
            start = i if all(branches) else start
            continue
        if c == "\n":
            line_start = True
            i += 1
            continue
        if not c.isspace():
            line_start = False
        if not all(branches):
            i += 1
            continue
        if c == "{":
            stack.append(text[start:i])
            start = i + 1
        elif c == "}":
            if stack:
                stack.pop()
            start = i + 1
        elif c == ";":
            start = i + 1
        i += 1
    types = [i for i, h in enumerate(stack) if is_type(h)]
    if not types:
        return "<top-level>"
    names = [is_type(stack[i]).group("name") for i in types]
    inner = types[-1]
    header = stack[inner + 1] if inner + 1 < len(stack) else text[start:offset]
    return ".".join(names) + "." + member_name(header)
