"""Checks `mcore-layout NAME --format=svg` against `--format=json` for every
intrinsic of the catalog, in both views: the SVG is well-formed XML, has a
panel per operand (the index too for sparse intrinsics), and every cell
sits in the lane row and register column (registers view) or the tile row
and column (matrix view) that the JSON layout gives, naming the element
(registers view) or the lanes and register bits (matrix view) the JSON
names. Colours follow the legend: in the registers view one colour per row
of A, C and the index and per column of B, different rows different
colours; in the matrix view one colour per lane, different lanes different
colours.

    check-picture.py MCORE_LAYOUT [NAME...]
"""

import json
import subprocess
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
tool = sys.argv[1]


def run(*args):
    return subprocess.run([tool, *args], check=True, capture_output=True,
                          text=True).stdout


def fail(message):
    sys.exit("error: " + message)


class Columns:
    """Column headings by the x of their centre (cells match the nearest)."""

    def __init__(self, headings):
        self.headings = headings

    def __getitem__(self, x):
        nearest = min(self.headings, key=lambda h: abs(h - x))
        if abs(nearest - x) > 1:
            fail(f"a cell at x={x} is under no column heading")
        return self.headings[nearest]


def parse_panel(panel):
    """Column headings by x, and per row its heading and the cells as
    (x, [lines of text], fill): text from the tspans of each line, the fill
    of the rectangle under it (a rectangle may span a run of cells)."""
    headings = {}
    for t in panel.findall(NS + "text"):
        if t.get("class") == "h":
            headings.setdefault(float(t.get("x")), []).append(t.text)
    corner_x = min(headings)
    del headings[corner_x]  # the corner: "lane" or "row\\k"
    rows = []
    for g in panel.findall(NS + "g"):
        if g.get("class") != "row":
            continue
        children = list(g)
        head = children[0].text
        rects = [(float(r.get("x")), float(r.get("width")), r.get("class"))
                 for r in g.findall(NS + "rect")]
        cells = {}
        for line in g.findall(NS + "text")[1:]:
            for span in line.findall(NS + "tspan"):
                x = float(span.get("x"))
                cells.setdefault(x, []).append(span.text)
        row = []
        for x, texts in sorted(cells.items()):
            under = [c for x0, w, c in rects if x0 <= x <= x0 + w]
            if len(under) != 1:
                fail(f"{len(under)} rectangles under the text at x={x}")
            row.append((x, texts, under[0]))
        rows.append((head, row))
    return Columns(headings), rows


def check(name):
    layout = json.loads(run(name, "--format=json"))
    sparse = "index" in layout
    # D is a panel of its own where it differs from C (gfx1250's bf16f32).
    operands = (["A", "B", "C"] + (["index"] if sparse else []) +
                (["D"] if "D" in layout else []))
    coords = {"A": ("row", "k"), "B": ("k", "col"), "C": ("row", "col"),
              "index": ("row", "k"), "D": ("row", "col")}

    # Registers view: rows are lanes, columns register fields.
    svg = ET.fromstring(run(name, "--format=svg"))
    title = svg.find(NS + "text").text
    if not title.startswith(name + ":"):
        fail(f"{name}: title '{title}'")
    panels = {p.get("id"): p for p in svg.iter(NS + "g")
              if p.get("class") == "panel"}
    if sorted(panels) != sorted(operands):
        fail(f"{name}: panels {sorted(panels)}, expected {operands}")
    for op in operands:
        c0, c1 = coords[op]
        want = {(e["lane"], e.get("vgpr", 0), e["bit_lo"]): (e[c0], e[c1])
                for e in layout[op]}
        columns, rows = parse_panel(panels[op])
        fills = {}
        seen = 0
        if [int(h) for h, _ in rows] != list(range(layout["wave_size"])):
            fail(f"{name} {op}: row headings are not the lanes")
        for head, cells in rows:
            lane = int(head)
            for x, texts, fill in cells:
                reg, bits = columns[x]
                vgpr = 0 if op == "index" else int(reg[1:])
                lo = int(bits.strip("[]").split(":")[1])
                got = tuple(int(v) for v in texts[0].split(","))
                if want.get((lane, vgpr, lo)) != got:
                    fail(f"{name} {op}: lane {lane} {reg}{bits} shows {got}, "
                         f"the layout has {want.get((lane, vgpr, lo))}")
                seen += 1
                key = got[1] if op == "B" else got[0]
                if fills.setdefault(key, fill) != fill:
                    fail(f"{name} {op}: {c0 if op != 'B' else c1} {key} "
                         "in two colours")
        if seen != len(want):
            fail(f"{name} {op}: {seen} cells drawn, {len(want)} in the layout")
        if len(set(fills.values())) != len(fills):
            fail(f"{name} {op}: two rows (columns) share a colour")

    # Matrix view: the tiles, each cell naming lanes and register bits.
    svg = ET.fromstring(run(name, "--format=svg", "--view=matrix"))
    panels = {p.get("id"): p for p in svg.iter(NS + "g")
              if p.get("class") == "panel"}
    for op in operands:
        c0, c1 = coords[op]
        want = {}
        for e in layout[op]:
            reg = ("" if op == "index" else f"v{e['vgpr']}") + \
                f"[{e['bit_lo'] + e['bits'] - 1}:{e['bit_lo']}]"
            lanes, regs = want.setdefault((e[c0], e[c1]), ([], []))
            lanes.append(str(e["lane"]))
            if reg not in regs:
                regs.append(reg)
        columns, rows = parse_panel(panels[op])
        lane_fill = {}
        seen = 0
        for head, cells in rows:
            i = int(head)
            for x, texts, fill in cells:
                j = int(columns[x][0])
                lanes, regs = want[(i, j)]
                if texts != [",".join(lanes), ",".join(regs)]:
                    fail(f"{name} {op} matrix: ({i}, {j}) shows {texts}, the "
                         f"layout has lanes {lanes} in {regs}")
                seen += 1
                if lane_fill.setdefault(lanes[0], fill) != fill:
                    fail(f"{name} {op} matrix: lane {lanes[0]} in two colours")
        if seen != len(want):
            fail(f"{name} {op} matrix: {seen} cells drawn, {len(want)} "
                 "elements in the layout")
        if len(set(lane_fill.values())) != len(lane_fill):
            fail(f"{name} {op} matrix: two lanes share a colour")


names = sys.argv[2:] or [i["name"] for i in
                         json.loads(run("--list", "--format=json"))]
for name in names:
    check(name)
print(f"{len(names)} intrinsics: pictures agree with the layouts")
