"""Playing a learner at the ipywidgets controls of a sandbox or an exercise box."""

from __future__ import annotations

from typing import Any


def from_browser(widget: Any, **state: Any) -> None:
    """What the front end sends when the learner picks an option, types or ticks a box."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
                        "buffers": []})
