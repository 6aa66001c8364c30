#!/usr/bin/env python3
"""Whether the source files and folders a docs page names exist.

    file-names.py --source ROOT [--build DIR] [--external PREFIX]... PAGE.md...

A name is a `code span` that starts with one of the source tree's top
folders (include/, lib/, tools/, test/, unittests/, python/, docs/,
scripts/, benchmarks/, cmake/) or is one of its top files (CMakeLists.txt,
README.md); a trailing `:LINE`, `#anchor` or `/` is ignored, and a span
holding a command (a space) or a pattern (`*`, `{`, `<`, `...`) is not a
name. A folder written `lib/Emulator/{Semantics,Rewrite,Runtime}` is
checked for each name in braces. With --bare-names, a bare file name of
source (`TileMatmul.cpp`, `Passes.td`, `compare-builds.py`) must be some
file's name in the tree (for pages that name only mcore's files: others
cite upstream's and other projects' files by name). A name may also be in the build tree
(--build: `lib/mcore/rocm-toolkit`, which the build and the install
create); names under an --external prefix are another repository's (a
page citing its sources) and not checked. Prints each missing name with
its page and line; the exit status is 1 when any is missing.
"""

import argparse
import os
import re
import sys

TOP_FOLDERS = ('include/', 'lib/', 'tools/', 'test/', 'unittests/', 'python/',
               'docs/', 'scripts/', 'benchmarks/', 'cmake/')
TOP_FILES = ('CMakeLists.txt', 'README.md')


def names_in(text, bare):
    """(line, name) of every file name in the code spans of `text`."""
    for number, line in enumerate(text.splitlines(), 1):
        for span in re.findall(r'`([^`\n]+)`', line):
            if is_bare_name(span) and not bare:
                continue
            for name in expand(span):
                yield number, name


SOURCE_SUFFIXES = ('.cpp', '.h', '.td', '.def', '.py', '.cmake', '.test',
                   '.mlir', '.hip', '.ll')


def is_bare_name(span):
    """Whether `span` is a bare file name of source (no folder)."""
    return (re.fullmatch(r'[\w.+-]+', span) is not None and
            span.endswith(SOURCE_SUFFIXES))


def expand(span):
    """The names a code span stands for: none, one, or one per brace item."""
    if is_bare_name(span):
        return [span]
    if not span.startswith(TOP_FOLDERS) and span not in TOP_FILES:
        return []
    if any(c in span for c in ' *<[') or '...' in span:
        return []
    span = re.sub(r'(:\d+(-\d+)?|#[\w-]+)$', '', span).rstrip('/')
    braces = re.fullmatch(r'([^{}]*)\{([^{}]+)\}([^{}]*)', span)
    if braces:
        head, items, tail = braces.groups()
        return [head + item + tail for item in items.split(',')]
    if '{' in span or '}' in span:
        return []
    return [span]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--source', required=True)
    parser.add_argument('--build')
    parser.add_argument('--external', action='append', default=[])
    parser.add_argument('--bare-names', action='store_true')
    parser.add_argument('pages', nargs='+')
    args = parser.parse_args()
    missing = checked = 0
    # The file names of the source tree, for bare names.
    basenames = set()
    for folder, dirs, files in os.walk(args.source):
        dirs[:] = [d for d in dirs if not d.startswith('.') and
                   os.path.join(folder, d) != args.build and d != 'build']
        basenames.update(files)
    for page in args.pages:
        with open(page, encoding='utf-8') as f:
            text = f.read()
        shown = os.path.relpath(page, args.source)
        for line, name in names_in(text, args.bare_names):
            if any(name.startswith(p) for p in args.external):
                continue
            checked += 1
            roots = [args.source] + ([args.build] if args.build else [])
            if is_bare_name(name):
                found = name in basenames
            else:
                found = any(os.path.exists(os.path.join(root, name))
                            for root in roots)
            if not found:
                missing += 1
                print(f'{shown}:{line}: `{name}` does not exist')
    print(f'{checked} file names in {len(args.pages)} pages, '
          f'{missing} missing')
    return 1 if missing else 0


if __name__ == '__main__':
    sys.exit(main())
