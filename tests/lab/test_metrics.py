"""The per-game metrics on hand-made games (notes of each seat's standing, turn by turn; the last is the final score).
"""

from __future__ import annotations

from games.lab.metrics import (
    ahead_share,
    decided_at,
    drama,
    game_metrics,
    lead_changes,
    places,
    win_shares,
    winner_worst_place,
)

# Three seats. Seat 2 leads early, seat 0 overtakes at the fourth note and wins; seat 1 is never ahead.
NOTES = [(0, 0, 0), (1, 0, 2), (2, 1, 4), (5, 1, 4), (6, 2, 5), (9, 3, 7)]


def test_places_and_win_shares_rank_winners_first_then_scores():
    assert places([9, 3, 7], [0]) == [1, 3, 2]
    assert places([9, 9, 7], [0, 1]) == [1, 1, 3]
    assert places([5, 9, 7], [0]) == [1, 2, 3]  # a winner by a tie-break is ahead of a higher score
    assert win_shares(3, [0, 1]) == [0.5, 0.5, 0.0]


def test_lead_changes_count_changes_of_the_sole_leader_and_ignore_ties():
    assert lead_changes(NOTES) == 1
    assert lead_changes([(0, 0), (1, 0), (1, 1), (1, 2), (3, 2)]) == 2  # 0 -> (tie) -> 1 -> 0
    assert lead_changes([(0, 0, 0)]) == 0


def test_drama_is_the_share_of_notes_the_winner_was_not_leading():
    assert drama(NOTES, [0]) == 2 / 5  # behind at notes 1 and 2 of the five after the first
    assert drama(NOTES, [2]) == 3 / 5
    assert drama([(0, 0)], [0]) == 0.0


def test_winner_worst_place():
    assert winner_worst_place(NOTES, [0]) == 2
    assert winner_worst_place([(0, 0, 0), (0, 1, 2), (3, 2, 1)], [0]) == 3
    assert winner_worst_place(NOTES, [2]) == 2 and winner_worst_place([(0, 0), (2, 1)], [0]) == 1


def test_decided_at_is_when_the_winner_took_the_lead_for_good():
    assert decided_at(NOTES, [0]) == 2 / 5
    assert decided_at([(0, 0), (1, 0), (2, 0)], [0]) == 0.0
    assert decided_at([(0, 0), (0, 1), (1, 0)], [0]) == 1 / 2  # led only at the final note
    assert decided_at([(0, 0), (1, 1), (2, 2)], [0, 1]) == 0.0  # a shared lead of the two winners


def test_ahead_share_counts_pairs_and_ties_half():
    assert ahead_share([0], [2], [1, 3, 2]) == 1.0
    assert ahead_share([0, 1], [2], [1, 2, 2]) == 0.75


def test_game_metrics_put_them_together():
    m = game_metrics(NOTES, [9, 3, 7], [0], first_seat=2, lineup_seats=([0], [1]))
    assert m["first_player_win"] == 0.0 and m["draw"] == 0.0
    assert (m["spread_second"], m["spread_last"]) == (2, 6)
    assert m["lead_changes"] == 1 and m["drama"] == 0.4 and m["winner_worst_place"] == 2
    assert m["skill_gap"] == 1.0 and m["place"] == [1, 3, 2] and m["win"] == [1.0, 0.0, 0.0]
    tied = game_metrics([(0, 0), (3, 3)], [3, 3], [0, 1], first_seat=0)
    assert tied["draw"] == 1.0 and tied["first_player_win"] == 0.5 and tied["skill_gap"] is None
    assert tied["spread_second"] == 0
