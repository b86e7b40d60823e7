"""What every view does besides drawing: one intent protocol from the browser, answers as a message line, and no
traceback ever reaching the learner.

The browser sends ``{"intent": name, ...arguments}`` (``widgets/shared/static/runtime.js``). A view lists its
intents in :attr:`View.INTENTS` (name -> the arguments it takes, as an example) and handles each in a method
``intent_<name>(**arguments)`` that returns ``True`` when something changed and ``False`` (after saying why with
:meth:`View.refuse`) when not. Anything malformed - not an object, an unknown intent, missing or extra arguments -
is answered with a message naming what was wrong; an unexpected exception becomes an error message too.
"""

from __future__ import annotations

import inspect
from typing import Any, ClassVar, Mapping

import anywidget
import traitlets

from .text import short


class View(anywidget.AnyWidget):
    """Base of every view: the message traits and the intent dispatch (module docstring)."""

    #: Intent name -> its arguments with example values (``{"marker": {"space": 3}}``).
    INTENTS: ClassVar[Mapping[str, Mapping[str, Any]]] = {}

    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("info").tag(sync=True)
    #: Counts the answers, so the same refusal twice still reaches (and flashes in) the view.
    message_seq = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._on_browser_msg)

    # ------------------------------------------------------------------ answers
    def say(self, text: str, kind: str = "info") -> None:
        """Show ``text`` in the view's message line (``kind`` ``"info"`` or ``"error"``)."""
        with self.hold_sync():
            self.message = text
            self.message_kind = kind
            self.message_seq += 1

    def refuse(self, text: str) -> bool:
        """Say why an intent changed nothing; returns ``False`` for the handler to return."""
        self.say(text, "error")
        return False

    # ------------------------------------------------------------------ intents
    def _on_browser_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self.handle_intent(content)
        except Exception as err:  # a bug must not vanish into the JupyterLab log console
            self.say(f"Something went wrong in the view: {type(err).__name__}: {err}", "error")

    def intent_problem(self, intent: Any) -> str | None:
        """Why ``intent`` is not a well-formed intent of this view (``None`` if it is)."""
        if not isinstance(intent, dict):
            return f"an intent is an object like {{'intent': {next(iter(self.INTENTS), 'act')!r}}}, not " \
                   f"{type(intent).__name__}."
        name = intent.get("intent")
        if name not in self.INTENTS:
            return f"unknown intent {short(name)}; the intents are {', '.join(self.INTENTS)}."
        expected = self.INTENTS[name]
        given = set(intent) - {"intent"}
        extra = sorted(map(str, given - set(expected)))
        if extra:
            return f"'{name}' takes {', '.join(expected) or 'nothing'}, not {', '.join(extra)}."
        handler = inspect.signature(getattr(self, f"intent_{name}"))
        missing = [p for p, spec in handler.parameters.items() if spec.default is spec.empty and p not in given]
        if missing:
            example = ", ".join(f"{k!r}: {v!r}" for k, v in expected.items())
            return f"'{name}' needs {', '.join(missing)}, like {{'intent': {name!r}, {example}}}."
        return None

    def handle_intent(self, intent: Any) -> bool:
        """Carry out one intent as the browser sends it; a malformed one is answered with a message."""
        problem = self.intent_problem(intent)
        if problem:
            return self.refuse(f"Not understood: {problem}")
        args = {k: v for k, v in intent.items() if k != "intent"}
        return bool(getattr(self, f"intent_{intent['intent']}")(**args))
