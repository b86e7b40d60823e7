"""Kutná Hora component data.

Numbers printed in the rule text are tagged ``rulebook``; numbers the text shows only in pictures were designed
by us and are tagged ``approx`` (see ``docs/rules_notes/kutna_hora.md``). Replacing an approx data set with a
transcription of the real components changes data files only, never rules code.
"""
