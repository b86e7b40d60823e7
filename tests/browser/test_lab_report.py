"""The design lab's report to hand in, opened in Chromium with every other host blocked: the page opens, it asks for
nothing but itself, and every chart draws (plotly's script is inlined).

The report is made by the command from the lesson 13 experiment the repository keeps
(``python -m games.lab report bench/results/lab_13_price_economy.sqlite -o report.html``) and served from
127.0.0.1; the guarded page aborts and records any request to another host.
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from . import support

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
KEPT = ROOT / "bench" / "results" / "lab_13_price_economy.sqlite"


@pytest.fixture
def report_server(tmp_path):
    done = subprocess.run([sys.executable, "-m", "games.lab", "report", str(KEPT), "-o", str(tmp_path / "report.html")],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/report.html"
    server.shutdown()
    server.server_close()


def test_the_report_opens_offline_and_its_charts_draw(guarded, report_server):
    page = guarded.page
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(report_server)
    page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot .main-svg').length > 0",
                           timeout=support.SLOW_MS)
    charts = page.locator("[data-chart]")
    count = charts.count()
    assert count >= 3  # win rates, the differences and at least one fan chart
    traces = page.evaluate("() => [...document.querySelectorAll('[data-chart] .js-plotly-plot')]"
                           ".map(n => (n.data || []).length)")
    assert len(traces) == count and all(t > 0 for t in traces), traces
    drawn = page.evaluate("() => [...document.querySelectorAll('[data-chart] .js-plotly-plot')]"
                          ".map(n => n.querySelectorAll('.scatterlayer .trace, .barlayer .trace').length)")
    assert all(d > 0 for d in drawn), drawn
    text = page.locator("body").inner_text()
    assert "ore falls faster" in text and "The verdicts" in text and "the rules it touches" in text
    assert "prices" in text and "125 cells" in text  # the 125-cell price rule folded to one row
    assert [url for url in requests if not url.startswith("http://127.0.0.1:")] == []
    assert requests == [report_server], requests  # the page asked for nothing but itself
    support.SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(support.SCREENSHOTS / "lab-report.png"), full_page=False)
    guarded.check()
