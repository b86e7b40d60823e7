"""No committed file names a path of one machine (a home folder, a temporary folder, a workplace's checkout): the
repository cites nothing outside itself, and a command in a docstring works on every checkout."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # every test here takes seconds (tests/README.md)

ROOT = Path(__file__).resolve().parents[1]
#: The roots of paths that exist on one machine only ("/" written apart, so this file does not name them itself).
MACHINE_ROOTS = ("work", "tmp", "home", "root", "Users", "var/folders")
MACHINE_PATH = re.compile(r"(?<![\w.~-])/(?:" + "|".join(MACHINE_ROOTS) + r")/[\w.-]")


def committed_files() -> list[Path]:
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, timeout=60).stdout
    except (OSError, subprocess.CalledProcessError) as err:
        pytest.skip(f"not a git checkout, so the committed files are unknown: {err}")
    return [ROOT / name for name in out.decode().split("\0") if name]


def test_no_committed_file_names_a_machine_path():
    found = []
    for path in committed_files():
        if path.suffix in {".png", ".jpg", ".ico", ".woff2"} or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix == ".ipynb":  # a notebook's pictures are base64 text that may hold anything
            text = re.sub(r'"image/png": "[^"]*"', "", text)
        found += [f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)}"
                  for m in MACHINE_PATH.finditer(text)]
    assert not found, "machine paths in committed files:\n" + "\n".join(found)
