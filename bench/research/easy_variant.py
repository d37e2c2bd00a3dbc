"""`easy` with other settings against another level (the commands of
bench/ai.md, 2026-11-24 and after): `level_variant.py --level easy`.

    python bench/research/easy_variant.py --against greedy --games 100 --seed 1 \\
        placements_seen=3 noise=6 settle_chance=0.5
"""

from __future__ import annotations

import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from level_variant import main  # noqa: E402

if __name__ == "__main__":
    sys.argv[1:1] = ["--level", "easy"]
    main()
