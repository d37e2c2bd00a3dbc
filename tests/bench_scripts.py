"""The benchmark and research scripts under bench/ are files, not a package:
the tests that check them load them by path."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parent.parent / "bench"


def load_script(relative: str, name: str) -> ModuleType:
    """The script `bench/<relative>` as module `name` (kept in `sys.modules`:
    dataclasses look their module up while the script runs)."""
    spec = importlib.util.spec_from_file_location(name, BENCH / relative)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
