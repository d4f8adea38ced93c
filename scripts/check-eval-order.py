#!/usr/bin/env python3
#===- check-eval-order.py - Find IR-building calls in one argument list ---===#
#
# Part of the tileir project, under the Apache License v2.0 with LLVM
# Exceptions. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
#===----------------------------------------------------------------------===#
#
# C++ leaves the order in which a call's arguments are evaluated unspecified.
# When two arguments of one call each build IR (create an op through a
# builder), GCC and Clang insert those ops in different orders, and the
# compiler's output depends on the host compiler that built it. This scanner
# reports every call whose argument list has two or more arguments that
# build IR. Braced initializer lists are evaluated left to right and are not
# reported; lambdas are not evaluated at the call.
#
# An argument "builds IR" when it contains a call that takes a builder (`b`,
# `rewriter`, `builder`, ...), a `::create(`, `.create<`, or a call of a
# local lambda whose body does one of these.
#
# Usage: check-eval-order.py FILE_OR_DIR...   (exit 1 when anything is found)
#
#===----------------------------------------------------------------------===#
import os
import re
import sys

BUILDERS = r"(?:b|rewriter|builder|bodyBuilder|eb)"
BUILD_CALL = re.compile(
    r"(?:[(,]\s*" + BUILDERS + r"\s*[,)])|(?:::create\s*\()|(?:\.create\s*<)")


def strip(text):
    """Blanks comments and string/char literals, keeping offsets and lines."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == 'R' and text.startswith('R"', i):
            m = re.match(r'R"([^(]*)\(', text[i:])
            if not m:
                out.append(c)
                i += 1
                continue
            end = ")" + m.group(1) + '"'
            j = text.find(end, i)
            j = n if j < 0 else j + len(end)
            out.append('""' + re.sub(r"[^\n]", " ", text[i + 2:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(c + " " * max(0, j - i - 2) + c)
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


OPEN = {"(": ")", "[": "]", "{": "}"}


def split_args(s):
    """Splits the inside of a parenthesized list at top-level commas."""
    args, depth, start = [], 0, 0
    for i, c in enumerate(s):
        if c in OPEN:
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0:
            args.append((start, s[start:i]))
            start = i + 1
    args.append((start, s[start:]))
    return args


def builds_ir(arg, local_builders):
    a = arg.strip()
    if a.startswith("["):  # a lambda: evaluated later, not at the call
        return False
    # Drop lambda bodies nested in the argument.
    a = re.sub(r"\[[^\]]*\]\s*(\([^)]*\))?\s*(->\s*[\w:<>]+\s*)?\{", "{", a)
    depth, kept = 0, []
    for c in a:
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif depth == 0:
            kept.append(c)
    kept = "".join(kept)
    if BUILD_CALL.search(kept):
        return True
    return any(re.search(r"(?<![\w.:>])" + name + r"\s*\(", kept)
               for name in local_builders)


LAMBDA = re.compile(r"\bauto\s+([A-Za-z_]\w*)\s*=\s*\[[^\]]*\]")


def lambda_builders(text):
    """Names of the file's local lambdas whose bodies build IR: calling one
    builds IR as much as calling a builder does."""
    names = set()
    for m in LAMBDA.finditer(text):
        k = text.find("{", m.end())
        if k < 0:
            continue
        end = matching(text, k)
        if end > 0 and BUILD_CALL.search(text[k:end]):
            names.add(m.group(1))
    return names


def matching(s, i):
    """Index of the bracket closing the one at s[i]."""
    close = OPEN[s[i]]
    depth = 0
    for j in range(i, len(s)):
        if s[j] in OPEN:
            depth += 1
        elif s[j] in ")]}":
            depth -= 1
            if depth == 0:
                return j if s[j] == close else -1
    return -1


KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "catch",
            "decltype", "alignof", "static_assert", "defined"}


def scan(path):
    text = strip(open(path, encoding="utf-8", errors="replace").read())
    found = []
    local_builders = lambda_builders(text)
    for i, c in enumerate(text):
        if c != "(":
            continue
        before = text[:i].rstrip()
        m = re.search(r"([A-Za-z_][\w:]*|>)$", before)
        if not m or m.group(1) in KEYWORDS:
            continue
        j = matching(text, i)
        if j < 0:
            continue
        args = split_args(text[i + 1:j])
        building = [a for _, a in args if builds_ir(a, local_builders)]
        if len(building) >= 2:
            line = text.count("\n", 0, i) + 1
            found.append((line, "arguments of one call each build IR"))
    return found


def main(argv):
    paths = []
    for p in argv[1:] or ["lib", "include", "tools"]:
        if os.path.isdir(p):
            for root, _, files in os.walk(p):
                paths += [os.path.join(root, f) for f in files
                          if f.endswith((".cpp", ".h"))]
        else:
            paths.append(p)
    count = 0
    for path in sorted(paths):
        for line, what in scan(path):
            print(f"{path}:{line}: {what}: their order is unspecified; "
                  "build each value in its own statement")
            count += 1
    if count:
        print(f"check-eval-order: {count} call(s) with IR built in "
              "unspecified order")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
