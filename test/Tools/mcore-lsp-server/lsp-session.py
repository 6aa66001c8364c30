"""An editor's session with mcore-lsp-server over stdio, framed as LSP
frames it (Content-Length headers, no -lit-test): initialize, open an mcore
file with a verifier error, read the diagnostics, fix the file, see the
diagnostics go, hover over the op, add a chunk the upstream parser crashes
on and see an error for it, hover again, shut down.

    lsp-session.py MCORE_LSP_SERVER
"""

import json
import subprocess
import sys

server = subprocess.Popen([sys.argv[1]], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)


def send(message):
    body = json.dumps(dict(jsonrpc="2.0", **message)).encode()
    server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    server.stdin.flush()


def receive():
    length = None
    while True:
        line = server.stdout.readline()
        if not line:
            sys.exit("error: the server closed its output")
        line = line.strip()
        if not line:
            break
        name, _, value = line.partition(b":")
        if name.lower() == b"content-length":
            length = int(value)
    if length is None:
        sys.exit("error: a message without Content-Length")
    return json.loads(server.stdout.read(length))


def wait_for(predicate, what):
    for _ in range(20):
        message = receive()
        if predicate(message):
            return message
    sys.exit("error: no " + what)


def check(condition, what, got):
    if not condition:
        sys.exit("error: %s; got %s" % (what, json.dumps(got, indent=1)))
    print("ok:", what, flush=True)


URI = "file:///tmp/tile.mlir"
BAD = """func.func @tile(%a: vector<16x16xi32>, %b: vector<16x16xf16>,
                %c: vector<16x16xf32>) -> vector<16x16xf32> {
  %d = mcore.mma %a, %b, %c : vector<16x16xi32>, vector<16x16xf16> into vector<16x16xf32>
  return %d : vector<16x16xf32>
}
"""
GOOD = BAD.replace("vector<16x16xi32>, %b", "vector<16x16xf16>, %b").replace(
    "%c : vector<16x16xi32>, vector", "%c : vector<16x16xf16>, vector")

send(dict(id=1, method="initialize",
          params=dict(processId=None, rootUri=None, capabilities={})))
reply = wait_for(lambda m: m.get("id") == 1, "reply to initialize")
check(reply["result"]["capabilities"].get("hoverProvider") is True,
      "initialize: the server hovers", reply)
send(dict(method="initialized", params={}))

send(dict(method="textDocument/didOpen", params=dict(textDocument=dict(
    uri=URI, languageId="mlir", version=1, text=BAD))))
diagnostics = wait_for(
    lambda m: m.get("method") == "textDocument/publishDiagnostics",
    "diagnostics after didOpen")["params"]["diagnostics"]
check(len(diagnostics) == 1 and diagnostics[0]["severity"] == 1 and
      "A element type 'i32' is not a matrix-instruction input"
      in diagnostics[0]["message"] and
      diagnostics[0]["range"]["start"] == dict(line=2, character=7),
      "one error from mcore.mma's verifier, at the op", diagnostics)

send(dict(method="textDocument/didChange", params=dict(
    textDocument=dict(uri=URI, version=2),
    contentChanges=[dict(text=GOOD)])))
diagnostics = wait_for(
    lambda m: m.get("method") == "textDocument/publishDiagnostics",
    "diagnostics after didChange")["params"]["diagnostics"]
check(diagnostics == [], "the fixed file has no diagnostics", diagnostics)

send(dict(id=2, method="textDocument/hover", params=dict(
    textDocument=dict(uri=URI), position=dict(line=2, character=10))))
hover = wait_for(lambda m: m.get("id") == 2, "reply to hover")
check('"mcore.mma"' in hover["result"]["contents"]["value"],
      "hover names mcore.mma", hover)

# A chunk upstream's parser crashes on (test/Tools/mcore-opt/
# upstream-parser-crash.mlir): an error at the op, and the server lives on.
CRASH = GOOD + """// -----
func.func @f(%A: memref<3x64x96xf16>, %B: memref<3x96x80xf16>, %C: memref<64x80xindex>) {
  linalg.batch_reduce_matmul ins(%A, %B : memref<3x64x96xf16>, memref<3x96x80xf16>) outs(%C : memref<64x80xindex>)
  return
}
"""
send(dict(method="textDocument/didChange", params=dict(
    textDocument=dict(uri=URI, version=3),
    contentChanges=[dict(text=CRASH)])))
diagnostics = wait_for(
    lambda m: m.get("method") == "textDocument/publishDiagnostics",
    "diagnostics after the crashing didChange")["params"]["diagnostics"]
check(len(diagnostics) == 1 and diagnostics[0]["severity"] == 1 and
      diagnostics[0]["message"].startswith(
          "the MLIR parser crashed on this input") and
      diagnostics[0]["range"]["start"] == dict(line=7, character=2),
      "a parser crash is an error at the op", diagnostics)
send(dict(id=4, method="textDocument/hover", params=dict(
    textDocument=dict(uri=URI), position=dict(line=2, character=10))))
hover = wait_for(lambda m: m.get("id") == 4, "reply to hover")
check('"mcore.mma"' in hover["result"]["contents"]["value"],
      "the server still hovers", hover)

send(dict(id=3, method="shutdown"))
wait_for(lambda m: m.get("id") == 3, "reply to shutdown")
send(dict(method="exit"))
server.stdin.close()
status = server.wait(timeout=30)
check(status == 0, "the server exits with status 0 after exit", status)
