"""Chartres component data: ``rulebook`` numbers printed in the rule text, and the designed ``approx`` set."""
