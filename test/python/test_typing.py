"""The package's version and typing: mcore.__version__ is the CMake
project's (what the tools' --version prints), the package is marked typed
(PEP 561 py.typed), and the stubs of the native module (_mcore.pyi) name
exactly what it defines, class attributes included."""
import ast
import os
import subprocess

import mcore
from mcore import _mcore

TOOLS = os.environ.get("MCORE_TOOLS_DIR", "")
PACKAGE = os.path.dirname(mcore.__file__)


def test_version_is_what_the_tools_print():
    assert isinstance(mcore.__version__, str) and mcore.__version__
    out = subprocess.run([os.path.join(TOOLS, "mcore-opt"), "--version"],
                         capture_output=True, text=True, check=True)
    assert out.stdout.splitlines()[0] == \
        f"mcore-opt (mcore) {mcore.__version__}"


def test_marked_typed():
    assert os.path.isfile(os.path.join(PACKAGE, "py.typed"))


def stub():
    with open(os.path.join(PACKAGE, "_mcore.pyi")) as f:
        return ast.parse(f.read())


def public(names):
    return {n for n in names if not n.startswith("_")}


def test_stub_names_what_the_module_defines():
    tree = stub()
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets)
    assert "__version__" in names
    module = public(dir(_mcore))
    assert module - names == set(), "not in _mcore.pyi"
    assert public(names) - module == set(), "in _mcore.pyi, not in _mcore"


def test_stub_classes_name_their_attributes():
    for node in stub().body:
        if not isinstance(node, ast.ClassDef) or node.name in (
                "Error", "PipelineOptions"):
            continue
        declared = {f.name for f in node.body if isinstance(f, ast.FunctionDef)}
        native = public(dir(getattr(_mcore, node.name)))
        assert public(declared) == native, node.name
