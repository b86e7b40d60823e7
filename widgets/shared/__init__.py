"""What every game's views share.

* :mod:`.table` - :class:`GameTable`, the table driver: human seat, seeded bots, undo, reset, time travel, watch
  mode, play to end / a round, refusals as messages. A game's table writes only its state and its intents.
* :mod:`.view` - :class:`View`, the base of every view: one intent protocol, the message line, no tracebacks.
* :mod:`.frontend` - composes each view's ES module from the runtime (``static/runtime.js``) and the boards'
  renderers, at import time (no build step).
* :mod:`.exercises` - :class:`Exercise`, :class:`ExerciseBox`, :class:`Feedback`: self-checking exercises.
* :mod:`.palette` - the one palette of seat colours; :mod:`.text` - message helpers.
* :mod:`.tournament` - seeded bot tournaments as pandas tables.
* :mod:`.frames` - :func:`~.frames.table`: a pandas DataFrame where pandas is installed, else a small table showing
  the same (the offline classroom site has no pandas).
* :mod:`.lazy_names` - the names ``widgets`` and ``widgets.lab`` offer, each imported on first use.
"""
