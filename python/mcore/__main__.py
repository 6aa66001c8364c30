"""``python3 -m mcore cache [info|clear]``: the persistent kernel cache
(mcore._diskcache, docs/Python.md)."""

import argparse
import sys

from . import _diskcache


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m mcore")
    commands = parser.add_subparsers(dest="command", required=True)
    cache = commands.add_parser("cache", help="the persistent kernel cache")
    cache.add_argument("action", choices=["info", "clear"], nargs="?",
                       default="info")
    args = parser.parse_args(argv)
    if args.action == "clear":
        print(f"removed {_diskcache.clear()} kernels from "
              f"{_diskcache.cache_dir()}")
        return 0
    info = _diskcache.info()
    print(f"{info['disk_dir']}: {info['disk_entries']} kernels, "
          f"{info['disk_bytes']} bytes of at most {info['disk_max_bytes']}"
          f"{'' if info['disk_max_bytes'] else ' (off)'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
