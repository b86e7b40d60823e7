"""Where the lab keeps its games as they arrive: an SQLite file (standard library), one row per game keyed by the
variant's hash (and the bots' seed salt), the line-up, the seed and the seating rotation.

Rows are written as each game (each worker's chunk) finishes, in one short transaction, so an interrupted run
(Ctrl-C, a killed worker or process) loses no finished game, and a rerun on the same file plays only the games that
are missing. Writing is ``INSERT OR IGNORE`` on that key in WAL mode with a busy timeout: two runs writing to one
file wait for each other briefly and never corrupt it (a game both played is kept once: it is the same game).

``Store(":memory:")`` keeps everything in memory (what runs in the browser, and a lab run with no file).
``Store(path, read_only=True)`` reads a kept file and never writes to it, nor beside it (a lesson reading the figures
a benchmark kept in the repository); :meth:`Store.pack` leaves a file in that shape (one file, no write-ahead log).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Iterable, Iterator

from .playing import GameKey, unpack

SCHEMA_VERSION = 1
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS arms (arm TEXT PRIMARY KEY, variant TEXT NOT NULL, salt INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    arm TEXT NOT NULL, lineup TEXT NOT NULL, seed INTEGER NOT NULL, rotation INTEGER NOT NULL,
    record TEXT NOT NULL, series BLOB, history BLOB,
    PRIMARY KEY (arm, lineup, seed, rotation));
"""


class StoreError(ValueError):
    """A store file the lab cannot use (another kind of file, a newer schema), with the sentence why."""


class Store:
    """An SQLite file of lab games (module docstring). Safe to share between the threads of one process."""

    def __init__(self, path: str | Path = ":memory:", read_only: bool = False) -> None:
        self.path = str(path)
        self.read_only = read_only
        self._lock = threading.Lock()
        try:
            if read_only:
                if not Path(self.path).is_file():
                    raise StoreError(f"{self.path}: no such lab store")
                # A packed file (no write-ahead log) is read as immutable: nothing is written beside it. A file a
                # run still writes (WAL: header bytes 18-19 are 2) is read with its log, as any reader would.
                with open(self.path, "rb") as head:
                    live = head.read(20)[18:20] == b"\x02\x02"
                mode = "mode=ro" if live else "mode=ro&immutable=1"
                self._db = sqlite3.connect(f"{Path(self.path).resolve().as_uri()}?{mode}", uri=True,
                                           check_same_thread=False, isolation_level=None)
            else:
                self._db = sqlite3.connect(self.path, timeout=60, check_same_thread=False, isolation_level=None)
                self._initialise()
            row = self._db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
            if row is None and read_only:
                raise StoreError(f"{self.path}: not a lab store (it has no schema)")
            if row is None:
                self._db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            elif row[0] != str(SCHEMA_VERSION):
                raise StoreError(f"{self.path}: a lab store of schema {row[0]}, this lab reads {SCHEMA_VERSION}")
        except sqlite3.Error as err:
            raise StoreError(f"{self.path}: not a lab store ({err})") from None

    def _initialise(self) -> None:
        """WAL mode and the tables. Two runs opening a new file at once may meet SQLite's "database is locked" here
        (switching a file to WAL takes it whole and does not wait on the busy timeout): the later one tries again."""
        for attempt in range(200):
            try:
                if self.path != ":memory:":
                    self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA busy_timeout=60000")
                self._db.executescript(_SCHEMA)
                return
            except sqlite3.OperationalError as err:
                if "locked" not in str(err) or attempt == 199:
                    raise
                time.sleep(0.05)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def pack(self) -> None:
        """Fold the write-ahead log into the file and leave it as one file (``journal_mode=DELETE``, vacuumed): what
        a file kept in a repository and opened read-only needs."""
        with self._lock:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._db.execute("PRAGMA journal_mode=DELETE")
            self._db.execute("VACUUM")

    # ------------------------------------------------------------------ writing
    def _writable(self) -> None:
        if self.read_only:
            raise StoreError(f"{self.path} is open read-only: its games can be read, not added")

    def add_arm(self, arm: str, variant: dict[str, Any], salt: int) -> None:
        self._writable()
        with self._lock:
            self._db.execute("INSERT OR IGNORE INTO arms VALUES (?, ?, ?)", (arm, json.dumps(variant), salt))

    def add(self, lineup: str, rows: Iterable[dict[str, Any]]) -> int:
        """Keep finished games (rows of :func:`games.lab.playing.play_chunk`); returns how many were new."""
        self._writable()
        values = [(r["arm"], lineup, r["seed"], r["rotation"], json.dumps(r["record"]), r["series"], r["history"])
                  for r in rows]
        with self._lock:
            before = self._db.total_changes
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.executemany("INSERT OR IGNORE INTO games VALUES (?, ?, ?, ?, ?, ?, ?)", values)
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            return self._db.total_changes - before

    # ------------------------------------------------------------------ reading
    def done(self, arms: Iterable[str], lineup: str) -> set[GameKey]:
        """The keys of the games already kept for these arms and line-up."""
        arms = list(arms)
        marks = ",".join("?" * len(arms))
        with self._lock:
            rows = self._db.execute(f"SELECT arm, seed, rotation FROM games WHERE lineup=? AND arm IN ({marks})",
                                    (lineup, *arms)).fetchall()
        return {GameKey(arm, lineup, seed, rotation) for arm, seed, rotation in rows}

    def records(self, arm: str, lineup: str) -> Iterator[dict[str, Any]]:
        """The records of one arm's games, by seed and rotation."""
        with self._lock:
            rows = self._db.execute("SELECT record FROM games WHERE arm=? AND lineup=? ORDER BY seed, rotation",
                                    (arm, lineup)).fetchall()
        for (record,) in rows:
            yield json.loads(record)

    def series(self, arm: str, lineup: str, seeds: Iterable[int] | None = None) -> Iterator[tuple[int, int, Any]]:
        """``(seed, rotation, series)`` of one arm's games (all, or those of ``seeds``)."""
        with self._lock:
            rows = self._db.execute("SELECT seed, rotation, series FROM games WHERE arm=? AND lineup=? "
                                    "ORDER BY seed, rotation", (arm, lineup)).fetchall()
        wanted = None if seeds is None else set(seeds)
        for seed, rotation, blob in rows:
            if wanted is None or seed in wanted:
                yield seed, rotation, unpack(blob)

    def history(self, key: GameKey) -> list[str]:
        """The action texts of one game."""
        with self._lock:
            row = self._db.execute("SELECT history FROM games WHERE arm=? AND lineup=? AND seed=? AND rotation=?",
                                   (key.arm, key.lineup, key.seed, key.rotation)).fetchone()
        if row is None:
            raise KeyError(f"no game {key} in {self.path}")
        return unpack(row[0])

    def arms(self) -> dict[str, tuple[dict[str, Any], int]]:
        """Every arm kept, in the order it was first added (a run adds its baseline first): key -> (variant JSON,
        salt)."""
        with self._lock:
            rows = self._db.execute("SELECT arm, variant, salt FROM arms ORDER BY rowid").fetchall()
        return {arm: (json.loads(variant), salt) for arm, variant, salt in rows}

    def lineups(self) -> dict[str, dict[str, Any]]:
        """Per line-up kept: its ``arms`` (keys), ``seeds`` and ``rotations`` (the distinct ones, sorted)."""
        with self._lock:
            rows = self._db.execute("SELECT lineup, arm, seed, rotation FROM games").fetchall()
        out: dict[str, dict[str, Any]] = {}
        for lineup, arm, seed, rotation in rows:
            found = out.setdefault(lineup, {"arms": set(), "seeds": set(), "rotations": set()})
            found["arms"].add(arm)
            found["seeds"].add(seed)
            found["rotations"].add(rotation)
        return {k: {name: sorted(v) for name, v in found.items()} for k, found in out.items()}

    def count(self) -> int:
        with self._lock:
            return self._db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
