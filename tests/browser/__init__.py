"""Real-browser tests (marker ``browser``): see conftest.py and scripts/browser-tests."""
