//! A four-player position: the pieces on the 160 squares and the state FEN4 carries — whose turn,
//! who is out, castling rights, points, the halfmove counter and en passant squares — and (Club)
//! which armies stand frozen by a mate. Turned pawns and one-point queens are marks on pieces.

use super::board::{Owner, Piece, PieceKind, Seat, Square, SquareSet};
use super::checks_seen::ChecksSeen;
use super::mates_memo::{MatesMemo, MemoSlot};

/// Per seat, in the order Red, Blue, Yellow, Green.
pub type PerSeat<T> = [T; 4];

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    /// Indexed by `Square::index` (`file + 14 · rank`); the corners stay empty.
    pub(super) board: [Option<Piece>; 196],
    pub turn: Seat,
    pub out: PerSeat<bool>,
    pub castle_king_side: PerSeat<bool>,
    pub castle_queen_side: PerSeat<bool>,
    pub points: PerSeat<u32>,
    /// Plies since the last capture or pawn move (the 50-move rule is 200 plies).
    pub halfmove: u32,
    /// Per seat: the square its last double step skipped, and where that pawn stands.
    pub en_passant: PerSeat<Option<(Square, Square)>>,
    /// Per seat (Club): its army is mated and frozen (it passes; its pieces are inert). Worked
    /// out after every move, and from scratch for a position read from FEN4.
    pub frozen: PerSeat<bool>,
    /// Where each seat's (live) king stands, kept by `put` and `remove`.
    kings: PerSeat<Option<Square>>,
    /// The squares of each seat's pieces (grey ones are nobody's), kept by `put` and `remove`:
    /// the generator and the evaluation visit an army's 16 squares, not the board's 160.
    armies: PerSeat<SquareSet>,
    /// The squares holding any piece (grey ones too), kept by `put` and `remove`: rays find
    /// their first piece by a bit scan.
    occupied: SquareSet,
    /// Per piece kind (`PieceKind::index`), the squares holding one, anyone's, kept by `put`
    /// and `remove`: the evaluation visits a seat's sliders and knights, not its pawns.
    kinds: [SquareSet; 6],
    /// Per seat, its pieces' worth where they stand under both scales (`placement`), kept by
    /// `put` and `remove`.
    placed: PerSeat<[i32; 2]>,
    /// The Zobrist key of the pieces, kept by `put` and `remove` (`key` adds the rest).
    board_key: u64,
    /// Club: who was in check when the mates were last worked out (a cache, kept by `play`).
    pub(super) checks_seen: ChecksSeen,
    /// A search's memo of Club's mates, lent while it searches this position (none otherwise).
    pub(super) mates_memo: MemoSlot,
}

impl Position {
    /// An empty board, Red to move, everyone in, no rights.
    pub fn empty() -> Position {
        Position {
            board: [None; 196],
            turn: Seat::Red,
            out: [false; 4],
            castle_king_side: [false; 4],
            castle_queen_side: [false; 4],
            points: [0; 4],
            halfmove: 0,
            en_passant: [None; 4],
            frozen: [false; 4],
            kings: [None; 4],
            armies: [SquareSet::EMPTY; 4],
            occupied: SquareSet::EMPTY,
            kinds: [SquareSet::EMPTY; 6],
            placed: [[0; 2]; 4],
            board_key: 0,
            checks_seen: ChecksSeen::default(),
            mates_memo: MemoSlot::default(),
        }
    }

    /// Whether `seat` is in the game and not frozen: its pieces move, check and can be taken
    /// as its own (a seat out has turned grey).
    pub fn live(&self, seat: Seat) -> bool {
        !self.out[seat.index()] && !self.frozen[seat.index()]
    }

    /// The Zobrist key of the pieces alone.
    pub(super) fn pieces_key(&self) -> u64 {
        self.board_key
    }

    /// The Zobrist key: the pieces, the seat to move, rights, who is out or frozen, en passant.
    pub fn key(&self) -> u64 {
        self.board_key ^ self.state_key()
    }

    /// The key of everything but the pieces: the seat to move, rights, who is out, en passant.
    fn state_key(&self) -> u64 {
        use super::zobrist::{en_passant_key, seat_flags_key, turn_key};
        let mut key = turn_key(self.turn);
        for seat in Seat::ALL {
            let i = seat.index();
            key ^= seat_flags_key(
                seat,
                self.castle_king_side[i],
                self.castle_queen_side[i],
                self.out[i],
                self.frozen[i],
            );
            if let Some((skipped, _)) = self.en_passant[i] {
                key ^= en_passant_key(seat, skipped);
            }
        }
        key
    }

    /// The key computed from scratch (tests check the kept one against it).
    pub fn compute_key(&self) -> u64 {
        self.placements()
            .fold(0, |key, (s, p)| key ^ super::zobrist::piece_key(p, s))
            ^ self.state_key()
    }

    /// Lends a search's memo of Club's mates to this position, which then recalls what it
    /// remembers instead of working the mates out again (`mates_memo`).
    pub fn lend_mates_memo(&mut self, memo: MatesMemo) {
        self.mates_memo.lend(memo);
    }

    /// Takes back the memo lent to this position, if any.
    pub fn take_mates_memo(&mut self) -> Option<MatesMemo> {
        self.mates_memo.take()
    }

    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board[square.index()]
    }

    pub fn put(&mut self, square: Square, piece: Piece) {
        self.remove(square);
        if let Owner::Seat(seat) = piece.owner {
            self.armies[seat.index()].insert(square);
            let worth = super::placement::placed(seat, piece, square);
            let sum = &mut self.placed[seat.index()];
            sum[0] += worth[0];
            sum[1] += worth[1];
            if piece.kind == PieceKind::King {
                self.kings[seat.index()] = Some(square);
            }
        }
        self.occupied.insert(square);
        self.kinds[piece.kind.index()].insert(square);
        self.board_key ^= super::zobrist::piece_key(piece, square);
        self.board[square.index()] = Some(piece);
    }

    pub fn remove(&mut self, square: Square) -> Option<Piece> {
        let piece = self.board[square.index()].take()?;
        self.occupied.remove(square);
        self.kinds[piece.kind.index()].remove(square);
        if let Owner::Seat(seat) = piece.owner {
            self.armies[seat.index()].remove(square);
            let worth = super::placement::placed(seat, piece, square);
            let sum = &mut self.placed[seat.index()];
            sum[0] -= worth[0];
            sum[1] -= worth[1];
        }
        self.forget_king(square, piece);
        self.board_key ^= super::zobrist::piece_key(piece, square);
        Some(piece)
    }

    fn forget_king(&mut self, square: Square, piece: Piece) {
        if let (Owner::Seat(seat), PieceKind::King) = (piece.owner, piece.kind)
            && self.kings[seat.index()] == Some(square)
        {
            self.kings[seat.index()] = None;
        }
    }

    /// Where `seat`'s king stands (the last one placed, if a position holds several).
    pub fn king_square(&self, seat: Seat) -> Option<Square> {
        self.kings[seat.index()]
    }

    /// Every piece with its square, rank 1 first.
    pub fn placements(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::list().iter().filter_map(|&s| self.piece_at(s).map(|p| (s, p)))
    }

    /// The squares of `seat`'s pieces, in mailbox order (rank 1 first, as `placements`).
    pub fn army(&self, seat: Seat) -> SquareSet {
        self.armies[seat.index()]
    }

    /// The worth of `seat`'s pieces where they stand, on `scale` (`placement`).
    pub fn placed_worth(&self, seat: Seat, scale: super::placement::Scale) -> i32 {
        self.placed[seat.index()][scale as usize]
    }

    /// The squares holding a piece of `kind`, anyone's.
    pub fn of_kind(&self, kind: PieceKind) -> SquareSet {
        self.kinds[kind.index()]
    }

    /// The squares holding a piece, anyone's.
    pub fn occupied(&self) -> SquareSet {
        self.occupied
    }

    /// How many kings `seat` has on the board (a live seat has exactly one).
    pub fn kings_of(&self, seat: Seat) -> usize {
        self.placements().filter(|(_, p)| p.is(seat, PieceKind::King)).count()
    }
}

/// The two starting arrays of `FOURPLAYER.md`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Setup {
    /// chess.com's array today (`StartFen4 "4PC"`): Blue's king on a7, Green's on n8.
    Modern,
    /// chess.com's older array (`"4PCo"`): Blue's king on a8 and queen on a7, Green's king on n7.
    Classic,
}

impl Setup {
    pub const fn fen4(self) -> &'static str {
        match self {
            Setup::Modern => concat!(
                "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-",
                "x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/",
                "bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/",
                "bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/",
                "x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x"
            ),
            Setup::Classic => concat!(
                "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-",
                "x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/",
                "bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bK,bP,10,gP,gQ/bQ,bP,10,gP,gK/",
                "bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/",
                "x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x"
            ),
        }
    }

    /// The `StartFen4` tag's short name.
    pub const fn tag(self) -> &'static str {
        match self {
            Setup::Modern => "4PC",
            Setup::Classic => "4PCo",
        }
    }

    pub fn position(self) -> Position {
        Position::from_fen4(self.fen4()).expect("the setups are valid FEN4")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::random::Rng;
    use crate::four_player::movegen::tests::a_move_preferring_checks;
    use crate::four_player::rules::Rules;
    use crate::four_player::{Game, Turn};

    /// The sets `put` and `remove` keep (each army, the occupied squares, each kind's squares)
    /// are the board's, walked square by square, over random games of all three rule sets.
    #[test]
    fn the_kept_sets_are_the_board_walked() {
        let mut rng = Rng::new(5);
        let mut checked = 0;
        for rules in [Rules::TEAMS, Rules::FFA, Rules::CLUB] {
            for _ in 0..15 {
                let mut game = Game::new(rules, Setup::Modern.position());
                for _ in 0..200 {
                    let pos = game.position();
                    let walked = |keep: &dyn Fn(Piece) -> bool| {
                        pos.placements()
                            .filter(|&(_, p)| keep(p))
                            .fold(SquareSet::EMPTY, |mut set, (s, _)| {
                                set.insert(s);
                                set
                            })
                    };
                    assert_eq!(pos.occupied(), walked(&|_| true), "{}", pos.to_fen4());
                    for seat in Seat::ALL {
                        assert_eq!(pos.army(seat), walked(&|p| p.seat() == Some(seat)), "{}", pos.to_fen4());
                    }
                    for kind in PieceKind::ALL {
                        assert_eq!(pos.of_kind(kind), walked(&|p| p.kind == kind), "{}", pos.to_fen4());
                    }
                    checked += 1;
                    let Some(mv) = a_move_preferring_checks(&game, &mut rng) else {
                        break;
                    };
                    game.play(Turn::Move(mv)).unwrap();
                }
            }
        }
        assert!(checked > 3_000, "{checked}");
    }
}
