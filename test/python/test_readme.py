"""The Python example of README.md runs as written, in a fresh interpreter
(so that it cannot rot)."""
import os
import pathlib
import re
import subprocess
import sys

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"


def python_blocks(text):
    return re.findall(r"^```python\n(.*?)^```", text, re.S | re.M)


def test_readme_example_runs():
    text = README.read_text()
    section = text.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    blocks = python_blocks(section)
    assert len(blocks) == 1
    code = blocks[0]
    # The README promises a ten-line example.
    assert len([l for l in code.splitlines() if l.strip()]) <= 10
    out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, cwd=README.parent, timeout=300,
                         env=dict(os.environ))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "swmmac_f32_16x16x32_f16_w32"
    assert lines[1].startswith("max |error| vs numpy:")
    assert float(lines[1].split(":")[1]) < 1e-4
    # The README also says how to import the package.
    assert 'PYTHONPATH=build/python /usr/bin/python3 -c "import mcore"' \
        in section
