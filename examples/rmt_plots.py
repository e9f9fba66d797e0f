"""Write the rmt figures and tables (PNG + Markdown + JSON) to a folder.

    python examples/rmt_plots.py [OUT_DIR] [--d 400] [--seeds 0,1,2] [--mu-points 9]

OUT_DIR defaults to out/rmt.  The same report as ``attnlogic rmt plot``; the test suite
runs it with tiny sizes."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="out/rmt", help="output folder")
    parser.add_argument("--d", type=int, default=400, help="dimension (default 400)")
    parser.add_argument("--seeds", default="0,1,2", help="comma-separated seeds")
    parser.add_argument("--mu-points", type=int, default=9, help="points per ‖μ‖ sweep")
    args = parser.parse_args(argv)

    from attnlogic.rmt.report import write_report

    seeds = tuple(int(s) for s in args.seeds.split(","))
    files = write_report(args.out, d=args.d, seeds=seeds, mu_points=args.mu_points)
    for name, path in files.items():
        print(f"{name}: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
