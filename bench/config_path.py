#!/usr/bin/env python3
"""The path of a PoP's configuration through the modules, read from the compiled classes.

Starting at PopDaemon.start, follows every call whose callee takes a piece of the PoP's
configuration (PopConfig and the types of its fields, transitively) and every constructor a
constructor or a start/create/of factory on that path calls, and counts the modules the path
passes through and its moves from one module to another. A move is one method of another module
reached from a module (a method called from several places of one module counts once): a call
that hands a piece of the configuration down (a part started or built from it), or a read of
another module's configuration section (an accessor, a builder).

Usage: bench/config_path.py [REPO]   (REPO: a built checkout, default: this one; needs javap)
"""
import os
import re
import signal
import subprocess
import sys
from collections import defaultdict

signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet when piped into head
ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
START = ("dev/alm/pop/PopDaemon", "start")
SEED = "dev/alm/pop/PopConfig"


def class_files():
    for module in sorted(os.listdir(ROOT)):
        classes = os.path.join(ROOT, module, "target", "classes")
        if not os.path.isdir(classes):
            continue
        for d, _, files in os.walk(classes):
            for f in files:
                if f.endswith(".class"):
                    yield module, os.path.join(d, f)


def javap(paths):
    out = []
    for i in range(0, len(paths), 200):
        out.append(subprocess.run(["javap", "-c", "-p", "-s"] + paths[i:i + 200],
                                  capture_output=True, text=True, check=True).stdout)
    return "\n".join(out)


CLASS = re.compile(r"^(?:.*\s)?(?:class|interface|enum)\s+([\w.$]+)(?:\s+extends\s+([\w.$]+))?")
FIELD = re.compile(r"^\s+(?:private |public |protected )?final ([\w.$<>, \[\]?]+) \w+;")
DESC = re.compile(r"^\s+descriptor: (\(.*)$")
HEAD = re.compile(r"^  \S.*\);?$|^  \S.*\) throws .*;$")
CALL = re.compile(r"// (?:Interface)?Method (?:([\w/$]+)\.)?([\w<>$\"]+):(\([^)]*\)\S*)")
NAME = re.compile(r"([\w<>$]+)\(")
TYPE = re.compile(r"L([\w/$]+);")


def main():
    by_module = defaultdict(list)
    for module, path in class_files():
        by_module[module].append(path)
    module_of, methods, record_fields, kinds = {}, {}, defaultdict(set), {}
    for module, paths in by_module.items():
        cls, method = None, None
        for line in javap(paths).splitlines():
            m = CLASS.match(line)
            if m and not line.startswith(" "):
                cls = m.group(1).replace(".", "/")
                module_of[cls] = module
                kinds[cls] = m.group(2) or ""
                method = None
                continue
            f = FIELD.match(line)
            if f and cls and "(" not in line:
                for t in re.findall(r"dev\.alm\.[\w.$]+", f.group(1)):
                    record_fields[cls].add(t.replace(".", "/"))
                continue
            if HEAD.match(line) and "(" in line:
                n = NAME.search(line.split("throws")[0])
                name = n.group(1) if n else "?"
                if name.replace("/", ".").endswith(cls.replace("/", ".").split("/")[-1]):
                    name = "<init>"
                method = [cls, name, None, []]
                continue
            d = DESC.match(line)
            if d and method is not None and method[2] is None:
                method[2] = d.group(1)
                methods[(cls, method[1], method[2])] = method[3]
                continue
            c = CALL.search(line)
            if c and method is not None:
                owner, name, desc = c.group(1) or cls, c.group(2).strip('"'), c.group(3)
                if owner.startswith("dev/alm/"):
                    method[3].append((owner, name, desc))
    config = {SEED}
    frontier = [SEED]
    while frontier:
        t = frontier.pop()
        for ft in record_fields.get(t, ()):
            if ft.startswith("dev/alm/") and ft in module_of and ft not in config:
                config.add(ft)
                frontier.append(ft)

    def takes_config(desc):
        return any(t in config for t in TYPE.findall(desc.split(")")[0]))

    def builds(caller, callee):
        """A call that builds a part while the PoP is put together: a constructor or a lambda, called
        from a constructor or a start/create/of factory on the path."""
        wiring = caller[1] in ("<init>", "start", "create", "of") or caller[1].startswith("lambda$")
        return wiring and (callee[1] == "<init>" or callee[1].startswith("lambda$"))

    def short(key):
        return key[0].split("/")[-1] + "." + key[1]

    def lambdas(cls, name):
        return [k for k in methods if k[0] == cls and k[1].startswith("lambda$" + name + "$")]

    moves, calls, seen, visited = [], [], set(), set()
    roots = [k for k in methods if (k[0], k[1]) == START and takes_config(k[2])]

    def walk(key):
        if key in visited:
            return
        visited.add(key)
        here = module_of[key[0]]
        seen.add(here)
        for callee in methods.get(key, []) + [(l[0], l[1], l[2]) for l in lambdas(key[0], key[1])]:
            if callee[0] not in module_of:
                continue
            reads = callee[0].split("$")[0] in config
            follows = not reads and (takes_config(callee[2]) or builds(key, callee))
            if not (reads or follows):
                continue
            there = module_of[callee[0]]
            if there != here:
                seen.add(there)
                edge = (here, there, here, short(callee))
                if edge not in moves:
                    moves.append(edge)
                    if follows:
                        calls.append(edge)
            if follows:
                walk(callee)

    for r in roots:
        walk(r)
    print(f"configuration types: {len(config)}")
    if os.environ.get("VERBOSE"):
        print("  " + " ".join(sorted(c.split("/")[-1] for c in config)))
    print(f"modules: {len(seen)} ({', '.join(sorted(seen))})")
    reads = [e for e in moves if e not in calls]
    print(f"moves between modules: {len(moves)}")
    print(f"  calls that hand a piece of the configuration to another module (starting or building"
          f" a part from it): {len(calls)}")
    print(f"  reads of another module's configuration section (accessors, builders): {len(reads)}")
    for e in sorted(moves):
        print(f"  {e[0]} -> {e[3]}{'  (call)' if e in calls else ''}")


main()
