import comm
import pytest


@pytest.fixture(autouse=True)
def dummy_comm(monkeypatch):
    monkeypatch.setattr(comm, "create_comm", comm.DummyComm)  # also beats pytest-ipywidgets' comm
