"""Deeply nested inputs for the tests of mcore/Support/Nesting.h:

    deep.py KIND LEVELS

prints, nested LEVELS deep:
  attr       a function with an attribute of nested arrays ([[[...]]])
  regions    nested scf.execute_region ops (generic form)
  affine     an affine map whose expression chains LEVELS additions
  transform  a transform library (transform.with_named_sequence) whose
             module carries the nested attribute
  json       a tuning table whose "entries" nest
  lsp        an mcore-lsp-server -lit-test session: initialize, didOpen of
             `attr`, shutdown
  lsp-json   the same session with an editor message whose JSON nests
  asm        a gfx942 kernel (assembly, for mcore-perf) one of whose
             operands nests parentheses
"""
import json
import sys

kind, n = sys.argv[1], int(sys.argv[2])


def nested_attr(n):
    return ("func.func @f() attributes {a = " + "[" * n + "]" * n +
            "} {\n  return\n}\n")


def session(messages):
    out = []
    for m in [{"jsonrpc": "2.0", "id": 0, "method": "initialize",
               "params": {"processId": 1, "rootUri": "test",
                          "capabilities": {}, "trace": "off"}}] + messages + [
            {"jsonrpc": "2.0", "id": 3, "method": "shutdown"},
            {"jsonrpc": "2.0", "method": "exit"}]:
        out.append(m if isinstance(m, str) else json.dumps(m))
    return "\n// -----\n".join(out) + "\n"


if kind == "attr":
    sys.stdout.write(nested_attr(n))
elif kind == "regions":
    sys.stdout.write("func.func @f() {\n" +
                     '"scf.execute_region"() ({\n' * n +
                     '"scf.yield"() : () -> ()\n' +
                     '}) : () -> ()\n"scf.yield"() : () -> ()\n' * (n - 1) +
                     "}) : () -> ()\n  return\n}\n")
elif kind == "affine":
    sys.stdout.write("#m = affine_map<(d0) -> (" + " + ".join(["d0"] * n) +
                     ")>\nfunc.func @f() attributes {m = #m} {\n  return\n}\n")
elif kind == "transform":
    sys.stdout.write(
        "module attributes {transform.with_named_sequence, test.deep = " + "[" * n +
        "]" * n + "} {\n  transform.named_sequence @__transform_main("
        "%m: !transform.any_op {transform.readonly}) {\n    transform.yield\n"
        "  }\n}\n")
elif kind == "json":
    sys.stdout.write('{"mcore_tuning_table": 1, "entries": ' + "[" * n +
                     "]" * n + "}\n")
elif kind == "lsp":
    sys.stdout.write(session([{
        "jsonrpc": "2.0", "method": "textDocument/didOpen",
        "params": {"textDocument": {"uri": "test:///deep.mlir",
                                    "languageId": "mlir", "version": 1,
                                    "text": nested_attr(n)}}}]))
elif kind == "lsp-json":
    sys.stdout.write(session([
        '{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ' +
        "[" * n + "]" * n + "}",
        {"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover",
         "params": {"textDocument": {"uri": "test:///none.mlir"},
                    "position": {"line": 0, "character": 0}}}]))
elif kind == "asm":
    sys.stdout.write('.amdgcn_target "amdgcn-amd-amdhsa--gfx942"\n\t.text\n'
                     "\t.globl k\n\t.type k,@function\nk:\n"
                     "\ts_mov_b32 s0, " + "(" * n + "1" + ")" * n +
                     "\n\ts_endpgm\n")
else:
    sys.exit("deep.py: unknown kind " + kind)
