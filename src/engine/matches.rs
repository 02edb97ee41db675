//! The match runner both games' self-play uses: games played on several threads (each game by
//! index, so a game is the same whatever thread plays it), seats rotated game by game, and
//! ratings for the players from their pairwise results (Glicko-2).

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::rating::{GameResult, Rating};

/// Plays `count` games on `threads` threads (`play(index)` plays game `index`); the records come
/// back in index order.
pub fn run_indexed<R: Send>(count: usize, threads: usize, play: impl Fn(usize) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let records = Mutex::new(Vec::with_capacity(count));
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, count.max(1)) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= count {
                        break;
                    }
                    let record = play(index);
                    records
                        .lock()
                        .expect("no thread panicked holding the lock")
                        .push((index, record));
                }
            });
        }
    });
    let mut records = records.into_inner().expect("no thread panicked holding the lock");
    records.sort_by_key(|(index, _)| *index);
    records.into_iter().map(|(_, record)| record).collect()
}

/// The players of game `index` when seats are rotated: game 0 as given, game 1 with every player
/// one seat on, and so on, so that over `N` games each player sits at every seat.
pub fn rotated<T: Copy, const N: usize>(players: [T; N], index: usize) -> [T; N] {
    std::array::from_fn(|seat| players[(seat + N - index % N) % N])
}

/// One result between two players (by index): `score` is the first's, 1 a win, ½ a draw.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Pairing {
    pub first: usize,
    pub second: usize,
    pub score: f64,
}

/// Ratings for `players` from their pairwise results: everyone starts at 1500 and each is rated
/// in one Glicko-2 period against the others' current ratings, repeated until the ratings settle;
/// then all are shifted so player 0 (the anchor, usually the weakest level) stays at `anchor`.
/// Each round moves a rating halfway to what its period gives: taken whole, two players swing
/// between two answers for ever (each round rates one against where the other stood), and
/// until 2026-12-03 a two-player table printed its stronger player lower.
pub fn pairwise_ratings(players: usize, results: &[Pairing], anchor: f64) -> Vec<Rating> {
    let mut ratings = vec![Rating::START; players];
    // Each round uses the previous round's ratings for the opponents, towards a fixed point.
    for _ in 0..200 {
        let next: Vec<Rating> = (0..players)
            .map(|player| {
                let games: Vec<(Rating, GameResult)> = results
                    .iter()
                    .filter_map(|p| {
                        let (opponent, score) = if p.first == player {
                            (p.second, p.score)
                        } else if p.second == player {
                            (p.first, 1.0 - p.score)
                        } else {
                            return None;
                        };
                        let result = if score > 0.75 {
                            GameResult::Win
                        } else if score < 0.25 {
                            GameResult::Loss
                        } else {
                            GameResult::Draw
                        };
                        Some((ratings[opponent], result))
                    })
                    .collect();
                let period = Rating::START.after_period(&games);
                Rating {
                    rating: (ratings[player].rating + period.rating) / 2.0,
                    ..period
                }
            })
            .collect();
        let settled = next
            .iter()
            .zip(&ratings)
            .all(|(a, b)| (a.rating - b.rating).abs() < 0.5);
        ratings = next;
        if settled {
            break;
        }
    }
    let shift = ratings.first().map_or(0.0, |r| anchor - r.rating);
    for r in &mut ratings {
        r.rating += shift;
    }
    ratings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_come_back_in_order_from_any_number_of_threads() {
        let squares = run_indexed(25, 3, |i| i * i);
        assert_eq!(squares, (0..25).map(|i| i * i).collect::<Vec<_>>());
        assert!(run_indexed(0, 4, |i| i).is_empty());
    }

    #[test]
    fn rotation_puts_every_player_at_every_seat() {
        let players = ['a', 'b', 'c', 'd'];
        assert_eq!(rotated(players, 0), players);
        assert_eq!(rotated(players, 1), ['d', 'a', 'b', 'c']);
        for seat in 0..4 {
            let sat: Vec<char> = (0..4).map(|g| rotated(players, g)[seat]).collect();
            let mut sorted = sat.clone();
            sorted.sort();
            assert_eq!(sorted, players, "seat {seat}: {sat:?}");
        }
    }

    /// Two players, the first scoring 53.2% over 1,600 results (about 22 Elo): the ratings settle
    /// that far apart, the first higher. Taken whole each round, the ratings of so many results
    /// swung between two answers and ended with the first 23 below.
    #[test]
    fn two_players_settle_at_their_difference() {
        let results: Vec<Pairing> = (0..1600)
            .map(|game| Pairing {
                first: 0,
                second: 1,
                score: match game {
                    0..848 => 1.0,
                    848..856 => 0.5,
                    _ => 0.0,
                },
            })
            .collect();
        let ratings = pairwise_ratings(2, &results, 1500.0);
        let gap = ratings[0].rating - ratings[1].rating;
        assert!((17.0..28.0).contains(&gap), "{ratings:?}");
    }

    #[test]
    fn the_stronger_player_is_rated_higher() {
        // Player 1 wins 8 of 10 against player 0; player 2 wins 9 of 10 against player 1.
        let mut results = Vec::new();
        for game in 0..10 {
            results.push(Pairing {
                first: 1,
                second: 0,
                score: if game < 8 { 1.0 } else { 0.0 },
            });
            results.push(Pairing {
                first: 2,
                second: 1,
                score: if game < 9 { 1.0 } else { 0.0 },
            });
        }
        let ratings = pairwise_ratings(3, &results, 1500.0);
        assert!((ratings[0].rating - 1500.0).abs() < 1e-9);
        assert!(ratings[1].rating > ratings[0].rating + 100.0, "{ratings:?}");
        assert!(ratings[2].rating > ratings[1].rating + 100.0, "{ratings:?}");
    }
}
