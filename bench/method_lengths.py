#!/usr/bin/env python3
"""Main source files over 400 lines and methods over 80 lines, from the tracked Java sources.

A method is a declaration line (modifiers, a return type, a name and an opening parenthesis) and
its body up to the matching closing brace; string and character literals and line comments are
skipped when the braces are counted. A rough scan, not a parser: it prints what to look at.

Usage: bench/method_lengths.py [MAX_METHOD_LINES [MAX_FILE_LINES]]   (defaults 80 and 400)
"""
import re
import subprocess
import sys

MAX_METHOD = int(sys.argv[1]) if len(sys.argv) > 1 else 80
MAX_FILE = int(sys.argv[2]) if len(sys.argv) > 2 else 400
DECL = re.compile(
    r"^\s+(?:(?:public|private|protected|static|final|synchronized|abstract|default)\s+)*"
    r"(?:<[^>]+>\s+)?[\w.<>\[\], ?]+\s+(\w+)\s*\(")
NOT_A_METHOD = ("return", "new", "throw", "else", "if", "for", "while", "switch", "case")


def code(line):
    line = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line)
    line = re.sub(r"'(?:[^'\\]|\\.)*'", "''", line)
    return line.split("//")[0]


def methods(lines):
    i = 0
    while i < len(lines):
        line = lines[i]
        m = DECL.match(line)
        if (not m or line.strip().startswith(NOT_A_METHOD) or "=" in line.split("(")[0]
                or re.search(r"\b(record|class|interface|enum)\b", line)):
            i += 1
            continue
        depth, started, j = 0, False, i
        while j < len(lines):
            s = code(lines[j])
            if ";" in s and not started and "{" not in s:
                break
            for ch in s:
                depth += ch == "{"
                depth -= ch == "}"
                started = started or ch == "{"
            if started and depth == 0:
                yield m.group(1), i + 1, j - i + 1
                break
            j += 1
        i = j + 1 if started else i + 1


def main():
    files = subprocess.run(["git", "ls-files", "*/src/main/java/*.java"], capture_output=True,
                           text=True, check=True).stdout.split()
    found = 0
    for f in files:
        lines = open(f, encoding="utf-8").read().split("\n")
        if len(lines) - 1 > MAX_FILE:
            print(f"{f}: {len(lines) - 1} lines")
            found += 1
        for name, at, n in methods(lines):
            if n > MAX_METHOD:
                print(f"{f}:{at}: {name}, {n} lines")
                found += 1
    print(f"{len(files)} main files: {found} over {MAX_FILE} lines a file or {MAX_METHOD} a method")


main()
