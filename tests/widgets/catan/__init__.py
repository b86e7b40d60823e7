"""Tests of the Catan views (widgets.catan)."""
