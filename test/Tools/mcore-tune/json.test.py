"""Reads mcore-tune --json's output and the table it wrote (json.test)."""
import json
import re
import sys

out_text = open(sys.argv[1]).read()
table_text = open(sys.argv[2]).read()
out = json.loads(out_text)  # one object, nothing else on stdout
table = json.loads(table_text)
print(f"status {out['status']}, {len(out['results'])} result, "
      f"table {out['table']}")
for r in out["results"]:
    print(f"{r['problem']}: space {r['space']}, evaluated {r['evaluated']}, "
          f"best status {r['best']['status']}, check {r['check']['status']}")
    assert r["predicted"] <= r["evaluated"] <= r["space"]
    assert r["best"]["tflops"] > 0 and r["speedup"] >= 1
    if r["entry"] == table["entries"][0]:
        print("the entry is the table's")
# Every number as Python's repr writes it: the shortest text that reads back
# as the same double (an integer as an integer).
for text in (out_text, table_text):
    for token in re.findall(r'(?<=[:\[,\s])-?[0-9][0-9.eE+-]*(?=[,}\]\s])', text):
        value = float(token)
        shortest = str(int(value)) if re.fullmatch(r"-?[0-9]+", token) \
            else repr(value)
        assert token == shortest, f"{token} is not the shortest form {shortest}"
print("every number is in its shortest form")
