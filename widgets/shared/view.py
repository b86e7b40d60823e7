"""What every view does besides drawing: one intent protocol from the browser, answers as a message line, and no
traceback ever reaching the learner.

The browser sends ``{"intent": name, ...arguments}`` (``widgets/shared/static/runtime.js``). A view lists its
intents in :attr:`View.INTENTS` (name -> the arguments it takes, as an example) and handles each in a method
``intent_<name>(**arguments)`` that returns ``True`` when something changed and ``False`` (after saying why with
:meth:`View.refuse`) when not. Anything malformed - not an object, an intent name that is not one of them, missing
or extra arguments, an argument of another kind than its example (a list or an object for a number or a text), a
text longer than :data:`MAX_TEXT` or a number no browser holds - is answered with one sentence naming what was
wrong, before any handler runs; ``None`` for an argument reaches the handler (many take it as "not given"). Every
value quoted back is cut short (:func:`~.text.short`), and an unexpected exception becomes an error message too.
"""

from __future__ import annotations

import inspect
from typing import Any, ClassVar, Mapping

import anywidget
import traitlets

from .text import plural, short

#: Most characters of a text argument (a long variant name is a few dozen; an action text a few words).
MAX_TEXT = 2_000
#: Largest whole number an argument may be: what a browser's number holds exactly (2**53).
MAX_WHOLE = 2 ** 53


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
            self.say(f"Something went wrong in the view: {type(err).__name__}: {_cut(str(err))}", "error")

    def intent_problem(self, intent: Any) -> str | None:
        """Why ``intent`` is not a well-formed intent of this view (``None`` if it is)."""
        if not self.INTENTS:
            return f"this view is a picture (read-only): it takes no clicks, not {short(intent)}."
        if not isinstance(intent, dict):
            return f"an intent is an object like {{'intent': {next(iter(self.INTENTS))!r}}}, not " \
                   f"{type(intent).__name__}."
        name = intent.get("intent")
        if not isinstance(name, str) or name not in self.INTENTS:
            return f"unknown intent {short(name)}; the intents are {', '.join(self.INTENTS)}."
        expected = self.INTENTS[name]
        given = set(intent) - {"intent"}
        extra = sorted(short(k) if not isinstance(k, str) or len(k) > 40 else k for k in given - set(expected))
        if extra:
            return f"'{name}' takes {', '.join(expected) or 'nothing'}, not {', '.join(extra)}."
        for arg in sorted(given):
            problem = argument_problem(intent[arg], expected[arg])
            if problem:
                return f"'{name}' takes {arg} as {problem}."
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


def _cut(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _kind_of(example: Any) -> str:
    if isinstance(example, bool):
        return f"true or false like {str(example).lower()}"
    if isinstance(example, int):
        return f"a whole number like {example}"
    if isinstance(example, float):
        return f"a number like {example}"
    if isinstance(example, str):
        return f"a text like {example!r}"
    return "a list" if isinstance(example, list) else "an object"


def argument_problem(value: Any, example: Any) -> str | None:
    """Why ``value`` cannot be an argument whose example is ``example`` (``None`` if it can): a list or an object
    where the example is a plain value (or the other way round), a text over :data:`MAX_TEXT` characters, a whole
    number beyond :data:`MAX_WHOLE`. Plain values of another kind (``"3"`` for ``3``) are left to the handler, which
    says what it expected in its own words; ``None`` too."""
    if value is None:
        return None
    plain = (bool, int, float, str)
    if isinstance(example, plain) and not isinstance(value, plain):
        return f"{_kind_of(example)}, not {short(value)}"
    if isinstance(example, (list, dict)) and not isinstance(value, type(example)):
        return f"{_kind_of(example)}, not {short(value)}"
    if isinstance(value, str) and len(value) > MAX_TEXT:
        return f"a text of at most {MAX_TEXT:,} characters, not {len(value):,}"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_WHOLE:
        return f"{_kind_of(example)}, not a number of about {plural(int(value.bit_length() * 0.30103), 'digit')}"
    return None
