"""Catan component data: numbers tagged with where they come from (``rulebook.py``) and the rules (``rules.json``)."""
