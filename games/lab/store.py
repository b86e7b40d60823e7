"""Where the lab keeps its games as they arrive: an SQLite file (standard library), one row per game keyed by the
variant's hash (and the bots' seed salt), the line-up, the seed and the seating rotation; beside them an **index of
experiments** (what was run, by whom, when, with which verdicts) and the **claims** of runs at work.

Rows are written as each game (each worker's chunk) finishes, in one short transaction, so an interrupted run
(Ctrl-C, a killed worker or process) loses no finished game, and a rerun on the same file plays only the games that
are missing. Writing is ``INSERT OR IGNORE`` on that key in WAL mode with a busy timeout: runs writing to one file
wait for each other briefly and never corrupt it (a game both played is kept once: it is the same game).

**Sharing the work** (the store's concurrency guarantee, ``docs/lab.md``): a run *claims* a seed of an arm before it
plays it (:meth:`Store.claim`, one ``BEGIN IMMEDIATE`` transaction: a claim is granted to one run only), renews its
claims while it plays (:meth:`Store.renew`) and gives them up when the games are kept (in the same transaction as
the games). A claim expires ``lease`` seconds after its last renewal, so the seeds of a run that died are claimed
and played by another. So any number of runs of one experiment on one file share its seeds, each game is kept
exactly once, and a run killed at any moment loses at most the games it was playing.

``Store(":memory:")`` keeps everything in memory (what runs in the browser, and a lab run with no file).
``Store(path, read_only=True)`` reads a kept file and never writes to it, nor beside it (a lesson reading the figures
a benchmark kept in the repository); :meth:`Store.pack` leaves a file in that shape (one file, no write-ahead log).
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any, Iterable, Iterator

from .playing import GameKey, unpack

SCHEMA_VERSION = 2
#: Schemas this lab reads (1: games and arms only, the lessons' kept files; 2: with the index and the claims).
READABLE = ("1", "2")
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS arms (arm TEXT PRIMARY KEY, variant TEXT NOT NULL, salt INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    arm TEXT NOT NULL, lineup TEXT NOT NULL, seed INTEGER NOT NULL, rotation INTEGER NOT NULL,
    record TEXT NOT NULL, series BLOB, history BLOB,
    PRIMARY KEY (arm, lineup, seed, rotation));
CREATE TABLE IF NOT EXISTS experiments (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, definition TEXT NOT NULL, created REAL NOT NULL, updated REAL NOT NULL,
    authors TEXT NOT NULL, runs INTEGER NOT NULL, status TEXT NOT NULL, games INTEGER NOT NULL,
    verdicts TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS claims (
    arm TEXT NOT NULL, lineup TEXT NOT NULL, seed INTEGER NOT NULL, owner TEXT NOT NULL, expires REAL NOT NULL,
    PRIMARY KEY (arm, lineup, seed));
"""
#: Seconds a claim lasts without renewal (a run renews its claims every few seconds while it plays).
LEASE = 120.0


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
            elif row[0] not in READABLE:
                raise StoreError(f"{self.path}: a lab store of schema {row[0]}, this lab reads {', '.join(READABLE)}")
            elif row[0] != str(SCHEMA_VERSION) and not read_only:
                self._db.execute("UPDATE meta SET value=? WHERE key='schema'", (str(SCHEMA_VERSION),))
            self.schema = int(self._db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()[0])
        except sqlite3.Error as err:
            raise StoreError(f"{self.path}: not a lab store ({err})") from None

    def _initialise(self) -> None:
        """WAL mode and the tables. Two runs opening a new file at once may meet SQLite's "database is locked" here
        (switching a file to WAL takes it whole and does not wait on the busy timeout): the later one tries again."""
        for attempt in range(200):
            try:
                if self.path != ":memory:":
                    # WAL needs shared memory, which the browser's file system (JupyterLite) has not
                    journal = "DELETE" if sys.platform == "emscripten" else "WAL"
                    self._db.execute(f"PRAGMA journal_mode={journal}")
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
    def _rollback(self) -> None:
        """Undo the open transaction, if one is still open: an interruption (Ctrl-C) that lands in COMMIT leaves
        none, and a ROLLBACK then would hide the interruption behind an error of its own."""
        if self._db.in_transaction:
            self._db.execute("ROLLBACK")

    def _writable(self) -> None:
        if self.read_only:
            raise StoreError(f"{self.path} is open read-only: its games can be read, not added")

    def add_arm(self, arm: str, variant: dict[str, Any], salt: int) -> None:
        self._writable()
        with self._lock:
            self._db.execute("INSERT OR IGNORE INTO arms VALUES (?, ?, ?)", (arm, json.dumps(variant), salt))

    def add(self, lineup: str, rows: Iterable[dict[str, Any]], owner: str | None = None) -> int:
        """Keep finished games (rows of :func:`games.lab.playing.play_chunk`) and give up ``owner``'s claims on their
        seeds, in one transaction; returns how many games were new."""
        self._writable()
        rows = list(rows)
        values = [(r["arm"], lineup, r["seed"], r["rotation"], json.dumps(r["record"]), r["series"], r["history"])
                  for r in rows]
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                before = self._db.total_changes
                self._db.executemany("INSERT OR IGNORE INTO games VALUES (?, ?, ?, ?, ?, ?, ?)", values)
                added = self._db.total_changes - before
                if owner is not None:
                    self._db.executemany("DELETE FROM claims WHERE arm=? AND lineup=? AND seed=? AND owner=?",
                                         sorted({(r["arm"], lineup, r["seed"], owner) for r in rows}))
                self._db.execute("COMMIT")
            except BaseException:
                self._rollback()
                raise
            return added

    def put_meta(self, key: str, value: str) -> None:
        """Keep a text beside the games under ``key`` (a search keeps its target there: ``target:<id>``)."""
        self._writable()
        if key == "schema":
            raise StoreError("the store's schema is the store's own")
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    def meta(self, prefix: str = "") -> dict[str, str]:
        """The texts kept beside the games whose key starts with ``prefix``."""
        with self._lock:
            rows = self._db.execute("SELECT key, value FROM meta WHERE key != 'schema' ORDER BY key").fetchall()
        return {k: v for k, v in rows if k.startswith(prefix)}

    # ------------------------------------------------------------------ sharing the work
    @staticmethod
    def new_owner() -> str:
        """A name for one run's claims: this machine, this process, and a random part."""
        try:
            host = socket.gethostname()
        except OSError:  # no network stack (the browser)
            host = "here"
        return f"{host}:{os.getpid()}:{uuid.uuid4().hex[:8]}"

    def claim(self, lineup: str, wanted: Iterable[tuple[str, int]], owner: str, rotations: int, limit: int,
              lease: float = LEASE) -> tuple[list[tuple[str, int]], set[tuple[str, int]]]:
        """Claim up to ``limit`` of the ``(arm, seed)`` pairs ``wanted`` (in that order) for ``owner``: those no
        other run holds (or whose claim expired) and whose ``rotations`` games are not all kept. One transaction, so
        a pair is granted to one run. Returns the pairs claimed and the pairs found complete."""
        self._writable()
        now = time.time()
        claimed: list[tuple[str, int]] = []
        complete: set[tuple[str, int]] = set()
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute("DELETE FROM claims WHERE expires < ?", (now,))
                for arm, seed in wanted:
                    if len(claimed) >= limit:
                        break
                    held = self._db.execute("SELECT owner FROM claims WHERE arm=? AND lineup=? AND seed=?",
                                            (arm, lineup, seed)).fetchone()
                    if held is not None and held[0] != owner:
                        continue
                    kept = self._db.execute("SELECT COUNT(*) FROM games WHERE arm=? AND lineup=? AND seed=?",
                                            (arm, lineup, seed)).fetchone()[0]
                    if kept >= rotations:
                        complete.add((arm, seed))
                        continue
                    self._db.execute("INSERT OR REPLACE INTO claims VALUES (?, ?, ?, ?, ?)",
                                     (arm, lineup, seed, owner, now + lease))
                    claimed.append((arm, seed))
                self._db.execute("COMMIT")
            except BaseException:
                self._rollback()
                raise
        return claimed, complete

    def renew(self, owner: str, lease: float = LEASE) -> int:
        """Push back the expiry of every claim ``owner`` holds; returns how many it holds."""
        self._writable()
        with self._lock:
            return self._db.execute("UPDATE claims SET expires=? WHERE owner=?", (time.time() + lease, owner)).rowcount

    def release(self, owner: str) -> None:
        """Give up every claim ``owner`` holds (a run that ends, or stops, with seeds it will not play)."""
        self._writable()
        with self._lock:
            self._db.execute("DELETE FROM claims WHERE owner=?", (owner,))

    def claims(self, lineup: str | None = None) -> dict[tuple[str, int], tuple[str, float]]:
        """The live claims: ``(arm, seed)`` -> ``(owner, expires)`` (of one line-up, or every one)."""
        if self.schema < 2:
            return {}
        with self._lock:
            rows = self._db.execute("SELECT arm, lineup, seed, owner, expires FROM claims WHERE expires >= ?",
                                    (time.time(),)).fetchall()
        return {(arm, seed): (owner, expires) for arm, line, seed, owner, expires in rows
                if lineup is None or line == lineup}

    # ------------------------------------------------------------------ the index of experiments
    def register(self, experiment_id: str, game: str, definition: dict[str, Any], author: str) -> None:
        """Note a run of an experiment in the index: a new row, or one more run (and author) of a known one."""
        self._writable()
        now = time.time()
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                row = self._db.execute("SELECT authors, runs FROM experiments WHERE id=?", (experiment_id,)).fetchone()
                if row is None:
                    self._db.execute("INSERT INTO experiments VALUES (?, ?, ?, ?, ?, ?, 1, 'running', 0, '[]')",
                                     (experiment_id, game, json.dumps(definition, sort_keys=True), now, now,
                                      json.dumps([author])))
                else:
                    authors = json.loads(row[0])
                    if author not in authors:
                        authors.append(author)
                    self._db.execute("UPDATE experiments SET authors=?, runs=?, updated=?, status='running' "
                                     "WHERE id=?", (json.dumps(authors), row[1] + 1, now, experiment_id))
                self._db.execute("COMMIT")
            except BaseException:
                self._rollback()
                raise

    def note_results(self, experiment_id: str, status: str, games: int, verdicts: list[dict[str, Any]]) -> None:
        """Write where an experiment got to: its ``status`` (done, decided, stopped), ``games`` per arm and its
        verdicts (rows of :class:`games.lab.verdicts.Verdict`)."""
        self._writable()
        with self._lock:
            self._db.execute("UPDATE experiments SET status=?, games=?, verdicts=?, updated=? WHERE id=?",
                             (status, games, json.dumps(verdicts, default=_json_number), time.time(), experiment_id))

    def experiments(self) -> list[dict[str, Any]]:
        """The index: one row per experiment (``id``, ``game``, ``definition``, ``created``, ``updated``,
        ``authors``, ``runs``, ``status``, ``games``, ``verdicts``), the latest first. A store of schema 1 (the
        lessons' kept files) has no index: each line-up it holds is listed as one experiment."""
        if self.schema < 2:
            return self._experiments_of_games()
        with self._lock:
            rows = self._db.execute("SELECT id, game, definition, created, updated, authors, runs, status, games, "
                                    "verdicts FROM experiments ORDER BY updated DESC").fetchall()
        out = []
        for row in rows:
            keys = ("id", "game", "definition", "created", "updated", "authors", "runs", "status", "games", "verdicts")
            item = dict(zip(keys, row, strict=True))
            for name in ("definition", "authors", "verdicts"):
                item[name] = json.loads(item[name])
            out.append(item)
        return out or self._experiments_of_games()

    def _experiments_of_games(self) -> list[dict[str, Any]]:
        arms = self.arms()
        out = []
        for lineup, found in sorted(self.lineups().items()):
            chosen = [key for key in arms if key in found["arms"]]
            definition = {"arms": [{"key": k, "variant": arms[k][0], "salt": arms[k][1]} for k in chosen],
                          "lineup": lineup.split(" | "), "seed": found["seeds"][0],
                          "games": len(found["seeds"]) * len(found["rotations"]),
                          "rotate": len(found["rotations"]) > 1}
            game = arms[chosen[0]][0].get("game", "") if chosen else ""
            out.append({"id": "", "game": game, "definition": definition, "created": 0.0, "updated": 0.0,
                        "authors": [], "runs": 0, "status": "kept", "games": definition["games"], "verdicts": []})
        return out

    def merge(self, other: Store) -> dict[str, int]:
        """Copy every game, arm and experiment of ``other`` into this store (a game both hold is kept once; an
        experiment both know gets both lists of authors and runs). Returns what was new: ``games``, ``arms``,
        ``experiments``."""
        self._writable()
        new = {"games": 0, "arms": 0, "experiments": 0}
        for key, (variant, salt) in other.arms().items():
            with self._lock:
                before = self._db.total_changes
                self._db.execute("INSERT OR IGNORE INTO arms VALUES (?, ?, ?)", (key, json.dumps(variant), salt))
                new["arms"] += self._db.total_changes - before
        with other._lock:
            rows = other._db.execute("SELECT arm, lineup, seed, rotation, record, series, history FROM games")
            batch = rows.fetchmany(500)
            while batch:
                with self._lock:
                    self._db.execute("BEGIN IMMEDIATE")
                    before = self._db.total_changes
                    self._db.executemany("INSERT OR IGNORE INTO games VALUES (?, ?, ?, ?, ?, ?, ?)", batch)
                    new["games"] += self._db.total_changes - before
                    self._db.execute("COMMIT")
                batch = rows.fetchmany(500)
        mine = {e["id"]: e for e in self.experiments() if e["id"]}
        for found in other.experiments():
            if not found["id"]:
                continue
            known = mine.get(found["id"])
            with self._lock:
                if known is None:
                    self._db.execute("INSERT INTO experiments VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                                     (found["id"], found["game"], json.dumps(found["definition"], sort_keys=True),
                                      found["created"], found["updated"], json.dumps(found["authors"]),
                                      found["runs"], found["status"], found["games"],
                                      json.dumps(found["verdicts"], default=_json_number)))
                    new["experiments"] += 1
                else:
                    authors = known["authors"] + [a for a in found["authors"] if a not in known["authors"]]
                    latest = found if found["games"] > known["games"] else known
                    self._db.execute("UPDATE experiments SET authors=?, runs=?, created=?, status=?, games=?, "
                                     "verdicts=? WHERE id=?",
                                     (json.dumps(authors), known["runs"] + found["runs"],
                                      min(known["created"], found["created"]), latest["status"], latest["games"],
                                      json.dumps(latest["verdicts"], default=_json_number), found["id"]))
        return new

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

    def records_at(self, lineup: str, arms: Iterable[str], seeds: Iterable[int],
                   have: Any = frozenset()) -> Iterator[dict[str, Any]]:
        """The records of the games kept for these arms and seeds (what other runs wrote meanwhile), each with its
        ``arm``; keys ``(arm, seed, rotation)`` in ``have`` are skipped unread."""
        arms, seeds = set(arms), sorted(set(seeds))
        if not arms or not seeds:
            return
        found = []
        with self._lock:
            for start in range(0, len(seeds), 500):
                part = seeds[start:start + 500]
                marks = ",".join("?" * len(part))
                keys = self._db.execute(f"SELECT arm, seed, rotation FROM games WHERE lineup=? AND seed IN ({marks})",
                                        (lineup, *part)).fetchall()
                found += [k for k in keys if k[0] in arms and k not in have]
            rows = [(arm, self._db.execute("SELECT record FROM games WHERE arm=? AND lineup=? AND seed=? AND "
                                           "rotation=?", (arm, lineup, seed, rotation)).fetchone()[0])
                    for arm, seed, rotation in found]
        for arm, record in rows:
            out = json.loads(record)
            out["arm"] = arm
            yield out


def _json_number(value: Any) -> Any:
    """What JSON cannot hold as it is (a NaN becomes null through this path only for non-floats)."""
    return None
