"""Every notebook in notebooks/ opened in JupyterLab, run top to bottom, and every view in it clicked.

Which view checks run is decided by the notebook itself (support.check_notebook_views): the kernel is asked how
many PriceStand and plotly FigureWidget views its displayed widgets contain, the page must render them, and every
PriceStand view gets the legal / refused / nonsense click checks. The fixture notebook gets the same checks at the
end of its own test (test_fixture_notebook.py).
"""

from __future__ import annotations

import time

import pytest

from . import support

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("notebook", support.lesson_params())
def test_notebook_runs_and_its_views_answer_clicks_in_jupyterlab(lab_page, notebook):
    page = lab_page.page
    t0 = time.monotonic()
    support.open_in_app(page, support.rel(notebook))
    t_open = time.monotonic()
    support.run_all(page)
    t_run = time.monotonic()
    log = support.check_notebook_views(lab_page, notebook, "lab")
    lab_page.check()
    print(f"\n{support.rel(notebook)}: open {t_open - t0:.1f}s, run all {t_run - t_open:.1f}s, "
          f"views {time.monotonic() - t_run:.1f}s")
    print("\n".join(log))
