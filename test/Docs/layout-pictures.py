"""The layout pictures of docs/: docs/layouts/NAME.svg is
`mcore-layout NAME --format=svg`, docs/layouts/NAME.matrix.svg the same with
--view=matrix. Checks that each is current, well-formed XML and embedded in
a page of docs/, and that every picture a page embeds exists; with
--render, that rsvg-convert renders each to a PNG. --update rewrites them
(`ninja -C build mcore-docs` runs that).

    layout-pictures.py MCORE_LAYOUT DOCS_DIR [--update] [--render RSVG_CONVERT]
"""

import argparse
import difflib
import glob
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

parser = argparse.ArgumentParser()
parser.add_argument("tool")
parser.add_argument("docs")
parser.add_argument("--update", action="store_true")
parser.add_argument("--render")
args = parser.parse_args()

pictures = sorted(glob.glob(os.path.join(args.docs, "layouts", "*.svg")))
if not pictures:
    sys.exit("error: no pictures in " + os.path.join(args.docs, "layouts"))
errors = []


def generate(path):
    base = os.path.basename(path)[:-len(".svg")]
    name, _, view = base.partition(".")
    command = [args.tool, name, "--format=svg"]
    if view:
        command.append("--view=" + view)
    return subprocess.run(command, check=True, capture_output=True,
                          text=True).stdout


for path in pictures:
    rel = os.path.relpath(path, os.path.dirname(args.docs))
    want = generate(path)
    with open(path) as f:
        have = f.read()
    if have != want:
        if args.update:
            with open(path, "w") as f:
                f.write(want)
            print("updated", rel)
            continue
        diff = list(difflib.unified_diff(have.splitlines(), want.splitlines(),
                                         rel, "mcore-layout", lineterm="",
                                         n=0))
        errors.append(f"{rel} is stale (run `ninja -C build mcore-docs`):\n" +
                      "\n".join(diff[:12]))
        continue
    try:
        ET.fromstring(have)
    except ET.ParseError as e:
        errors.append(f"{rel} is not well-formed XML: {e}")

# Every picture is shown somewhere, and every picture shown exists.
embedded = set()
for page in glob.glob(os.path.join(args.docs, "*.md")):
    with open(page) as f:
        for target in re.findall(r"!\[[^\]]*\]\((layouts/[^)]+\.svg)\)",
                                 f.read()):
            embedded.add(target)
            if not os.path.exists(os.path.join(args.docs, target)):
                errors.append(f"{os.path.basename(page)} shows {target}, "
                              "which does not exist")
for path in pictures:
    if "layouts/" + os.path.basename(path) not in embedded:
        errors.append(f"no page of docs/ shows layouts/"
                      f"{os.path.basename(path)}")

if args.render and not args.update:
    with tempfile.TemporaryDirectory() as tmp:
        for path in pictures:
            png = os.path.join(tmp, os.path.basename(path) + ".png")
            r = subprocess.run([args.render, "--format=png", "-o", png, path],
                               capture_output=True, text=True)
            with open(png, "rb") if os.path.exists(png) else open(os.devnull,
                                                                  "rb") as f:
                header = f.read(24)
            if r.returncode or not header.startswith(b"\x89PNG"):
                errors.append(f"rsvg-convert cannot render {path}: "
                              f"{r.stderr.strip()}")
                continue
            width = int.from_bytes(header[16:20], "big")
            height = int.from_bytes(header[20:24], "big")
            print(f"rendered {os.path.basename(path)}: {width}x{height}")

if errors:
    sys.exit("error: " + "\nerror: ".join(errors))
print(f"{len(pictures)} layout pictures current")
