"""mcore without PyTorch: with torch hidden, mcore imports and runs as
before, and mcore.torch says what it needs (docs/Python.md, "PyTorch").
Runs whether torch is installed or not."""
import os
import subprocess
import sys
import textwrap


def test_without_torch():
    """With torch hidden, mcore imports and runs as before, and mcore.torch
    says what it needs."""
    code = textwrap.dedent("""
        import sys
        sys.modules["torch"] = None   # import torch fails
        import numpy as np, mcore
        a = np.ones((16, 32), np.float16)
        assert (mcore.matmul(a, a.T.copy(), chip="gfx942",
                             backend="emu") == 32).all()
        try:
            import mcore.torch
        except ImportError as e:
            print(e)
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, env=dict(os.environ), timeout=600)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ("mcore.torch needs PyTorch (Debian: "
                                  "python3-torch); the rest of mcore works "
                                  "without it")
