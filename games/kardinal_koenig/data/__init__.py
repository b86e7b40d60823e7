"""Kardinal & König card game component data: printed numbers and our designed card sheet (``approx``)."""
