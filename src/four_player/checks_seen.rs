//! Who stood in check when Club's mates were last worked out. After a move, only a king the
//! move could have touched — on a line through a square it emptied, or in reach of the square
//! it filled — can have changed; the others keep what they had. So the first round of working
//! out the mates tests one or two kings instead of four.

use super::board::{Piece, PieceKind, Seat, Square};
use super::movegen::MoveUndo;
use super::movegen::{pawn_captures_towards, slides_along};
use super::moves::{Move, MoveKind, direction_towards, tables};
use super::position::{PerSeat, Position};
use super::rules::Rules;

/// Who was in check, and for which pieces and armies. A cache, not part of the position:
/// positions equal in all else are equal whatever it holds.
#[derive(Clone, Copy, Debug, Default)]
pub struct ChecksSeen {
    pieces_key: u64,
    frozen: PerSeat<bool>,
    out: PerSeat<bool>,
    /// `None`: not known (never worked out, or the mates did not settle).
    checked: Option<PerSeat<bool>>,
    /// Each seat's move that last ended its check in a mate test: tried first in the next
    /// (`Position::has_club_move`), which tests it again.
    escapes: PerSeat<Option<(Move, PieceKind)>>,
    /// Per seat, whether its escape answered its mate test for the pieces and armies this
    /// record is for (after a full working out; a mate test elsewhere clears it).
    confirmed: PerSeat<bool>,
}

impl ChecksSeen {
    /// The move that last answered `seat`'s mate test, and the kind of piece that made it.
    pub(super) fn escape(&self, seat: Seat) -> Option<(Move, PieceKind)> {
        self.escapes[seat.index()]
    }

    /// `seat`'s escape, when it answered `seat`'s mate test for the pieces and armies this
    /// record is for.
    pub(super) fn confirmed_escape(&self, seat: Seat) -> Option<Move> {
        let (mv, _) = self.escapes[seat.index()]?;
        self.confirmed[seat.index()].then_some(mv)
    }

    /// Keeps `seat`'s escape for its next mate test (`None`: it had none), found in a position
    /// this record may not be for.
    pub(super) fn keep_escape(&mut self, seat: Seat, escape: Option<(Move, PieceKind)>) {
        self.escapes[seat.index()] = escape;
        self.confirmed[seat.index()] = false;
    }
}

impl PartialEq for ChecksSeen {
    fn eq(&self, _: &ChecksSeen) -> bool {
        true
    }
}

impl Eq for ChecksSeen {}

/// The squares a move changed: the one it left, the one it reached, and the one its capture
/// emptied (en passant's is neither).
#[derive(Clone, Copy, Debug)]
pub struct Touched {
    from: Square,
    to: Square,
    emptied: Square,
}

impl Touched {
    /// What `mv` (played, `undo` its record) changed; `None` for castling, which moves a second
    /// piece (rare enough to test every king).
    pub fn by(mv: Move, undo: &MoveUndo) -> Option<Touched> {
        if let MoveKind::CastleKingSide | MoveKind::CastleQueenSide = mv.kind {
            return None;
        }
        Some(Touched {
            from: mv.from,
            to: mv.to,
            emptied: undo.captured.map_or(mv.to, |(square, _)| square),
        })
    }

    /// What `mv` will change, before it is played: `None` for castling and en passant, whose
    /// second square is known only once played.
    pub fn unplayed(mv: Move) -> Option<Touched> {
        mv.kind.changes_only_its_squares().then_some(Touched {
            from: mv.from,
            to: mv.to,
            emptied: mv.to,
        })
    }

    /// Whether the move may have changed the attacks on a king on `king`: a line through an
    /// emptied square opened, the piece that left attacked it, or the piece on the filled
    /// square reaches it (or is it).
    pub fn may_reach(self, king: Square) -> bool {
        let t = tables();
        let reach = &t.reach_set[king.index()];
        reach.contains(self.from) || reach.contains(self.to) || t.line_set[king.index()].contains(self.emptied)
    }
}

fn offset(a: Square, b: Square) -> (u8, u8) {
    (a.file().abs_diff(b.file()), a.rank().abs_diff(b.rank()))
}

impl Position {
    /// Who is in check (live opponents' attacks), when a Club move or start worked it out for
    /// the pieces and armies as they stand; `None` otherwise (and under the other rule sets).
    pub fn checked_seats(&self) -> Option<PerSeat<bool>> {
        let seen = &self.checks_seen;
        seen.checked
            .filter(|_| seen.pieces_key == self.pieces_key() && seen.frozen == self.frozen && seen.out == self.out)
    }

    /// Remembers who is in check as the position stands (`None`: not known). `worked_out`: the
    /// mates were worked out here (not recalled), so each seat in check and not frozen has its
    /// escape confirmed for the position.
    pub(super) fn remember_checks(&mut self, checked: Option<PerSeat<bool>>, worked_out: bool) {
        let checked_free = |s: usize| checked.is_some_and(|checked| checked[s]) && !self.frozen[s];
        self.checks_seen = ChecksSeen {
            pieces_key: self.pieces_key(),
            frozen: self.frozen,
            out: self.out,
            checked,
            escapes: self.checks_seen.escapes,
            confirmed: std::array::from_fn(|s| worked_out && checked_free(s)),
        };
    }
}

impl Position {
    /// Whether `seat`'s king, not in check before the move `touched` records (with the same
    /// armies frozen), is now: only the piece the move put down, or a slider on a line the move
    /// opened, can have checked it. A king that moved itself is scanned in full.
    pub(super) fn checked_by_move(&self, rules: Rules, seat: Seat, touched: Touched) -> bool {
        let Some(king) = self.king_square(seat) else {
            return false;
        };
        if king == touched.to {
            return self.in_check(rules, seat);
        }
        let checks = |piece: Piece| piece.seat().is_some_and(|owner| self.checks(rules, owner, seat));
        if let Some(piece) = self.piece_at(touched.to)
            && checks(piece)
            && self.piece_attacks(touched.to, piece, king)
        {
            return true;
        }
        [touched.from, touched.emptied]
            .into_iter()
            .filter(|&opened| opened != touched.to)
            .any(|opened| {
                self.first_piece_towards(king, opened)
                    .is_some_and(|(piece, straight)| checks(piece) && slides_along(piece.kind, straight))
            })
    }

    /// Whether `piece`, standing on `from`, attacks `target`.
    fn piece_attacks(&self, from: Square, piece: Piece, target: Square) -> bool {
        let (df, dr) = offset(from, target);
        match piece.kind {
            PieceKind::Knight => matches!((df, dr), (1, 2) | (2, 1)),
            PieceKind::King => df.max(dr) == 1,
            PieceKind::Pawn => piece
                .seat()
                .is_some_and(|owner| pawn_captures_towards(Position::pawn_direction(piece, owner), from, target)),
            kind => {
                let straight = df == 0 || dr == 0;
                (straight || df == dr) && slides_along(kind, straight) && self.clear_between(from, target)
            }
        }
    }

    /// The first piece from `king` on the line through `through` (beyond `king`, in that
    /// direction), and whether the line is a file or rank; `None` if they share no line or the
    /// line is empty.
    fn first_piece_towards(&self, king: Square, through: Square) -> Option<(Piece, bool)> {
        let d = direction_towards(king, through)?;
        let square = tables().first_on_ray(d, king, self.occupied())?;
        // `DIRECTIONS` lists the four straight ones first.
        Some((self.piece_at(square)?, d < 4))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn a_move_reaches_the_kings_on_its_lines_and_a_knights_jump_away() {
        let touched = Touched {
            from: sq("d4"),
            to: sq("f6"),
            emptied: sq("f6"),
        };
        // On a line or a knight's jump from d4 (emptied: the piece that left may have attacked
        // from there) or from f6 (filled).
        for king in ["d11", "k4", "h8", "b6", "f13", "k11", "g8", "h7", "f6", "e6", "b5"] {
            assert!(touched.may_reach(sq(king)), "{king}");
        }
        for king in ["e11", "k5", "h9", "n8", "a9"] {
            assert!(!touched.may_reach(sq(king)), "{king}");
        }
    }

    #[test]
    fn en_passant_opens_the_lines_through_the_taken_pawn() {
        let touched = Touched {
            from: sq("e5"),
            to: sq("f6"),
            emptied: sq("f5"),
        };
        assert!(touched.may_reach(sq("f12")));
        assert!(touched.may_reach(sq("k10")), "the diagonal through f5");
        assert!(!touched.may_reach(sq("j11")));
    }

    /// After every move of random Club games played with a preference for checks (and every
    /// move tried from their positions), the kept answer is who is in check, worked out in full;
    /// none is kept only where the mates did not settle (see `MATE_ROUNDS`).
    #[test]
    fn the_kept_checks_are_the_checks() {
        use crate::engine::random::Rng;
        use crate::four_player::movegen::tests::a_move_preferring_checks;
        use crate::four_player::{Game, Rules, Seat, Setup, Turn};
        let rules = Rules::CLUB;
        let mut rng = Rng::new(5);
        let (mut compared, mut checked, mut unsettled) = (0, 0, 0);
        for _ in 0..12 {
            let mut game = Game::new(rules, Setup::Modern.position());
            for _ in 0..150 {
                let mut pos = game.position().clone();
                for mv in pos.legal_moves(rules) {
                    let undo = pos.make(rules, mv);
                    let full = Seat::ALL.map(|s| !pos.out[s.index()] && pos.in_check(rules, s));
                    match pos.checked_seats() {
                        Some(kept) => assert_eq!(kept, full, "{mv:?} in {}", game.position().to_fen4()),
                        None => unsettled += 1,
                    }
                    compared += 1;
                    checked += usize::from(full.contains(&true));
                    pos.unmake(mv, undo);
                }
                let Some(mv) = a_move_preferring_checks(&game, &mut rng) else {
                    break;
                };
                game.play(Turn::Move(mv)).unwrap();
            }
        }
        assert!(
            compared > 20_000 && checked > 2_000 && unsettled * 1000 < compared,
            "{compared} {checked} {unsettled}"
        );
    }

    #[test]
    fn the_cache_is_no_part_of_a_positions_identity() {
        let mut pos = Position::empty();
        let other = pos.clone();
        pos.remember_checks(Some([true; 4]), false);
        assert_eq!(pos, other);
        assert_eq!(pos.checked_seats(), Some([true; 4]));
        pos.frozen[1] = true;
        assert_eq!(pos.checked_seats(), None, "another frozen set");
    }
}
