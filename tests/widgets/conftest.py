import logging

import pytest


@pytest.fixture
def no_callback_errors(caplog):
    """ipywidgets logs (and swallows) exceptions raised in on_msg callbacks; none may happen."""
    caplog.set_level(logging.WARNING)
    yield
    errors = [r.getMessage() for r in caplog.records if "Exception" in r.getMessage()]
    assert errors == []
