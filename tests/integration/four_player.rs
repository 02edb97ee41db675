//! Four-player chess, built so far: the contract's perft vectors, each movement rule by a
//! constructed position, make/unmake over random games, and the command line.

use std::process::Command;

use tesseract_chess::ai::random::Rng;
use tesseract_chess::four_player::notation::format_move;
use tesseract_chess::four_player::*;

pub fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// Four kings out of each other's way, `turn` to move, and the given pieces.
pub fn position(turn: Seat, pieces: &[(&str, Seat, PieceKind)]) -> Position {
    let mut pos = Position::empty();
    for (name, seat) in [
        ("h1", Seat::Red),
        ("a7", Seat::Blue),
        ("g14", Seat::Yellow),
        ("n8", Seat::Green),
    ] {
        pos.put(sq(name), Piece::new(seat, PieceKind::King));
    }
    for &(name, seat, kind) in pieces {
        pos.put(sq(name), Piece::new(seat, kind));
    }
    pos.turn = turn;
    pos
}

/// The legal moves of a game's seat to move as records write them.
pub fn game_texts(game: &Game) -> Vec<String> {
    game.legal_moves()
        .iter()
        .map(|&m| format_move(game.position(), m))
        .collect()
}

/// Plays the legal move written `text`.
pub fn play_text(game: &mut Game, text: &str) {
    let mv = *game
        .legal_moves()
        .iter()
        .find(|&&m| format_move(game.position(), m) == text)
        .unwrap_or_else(|| {
            panic!(
                "{text} is not legal in {}: {:?}",
                game.position().to_fen4(),
                game_texts(game)
            )
        });
    game.play(Turn::Move(mv)).unwrap();
}

/// Blue's king on a7 boxed in by its own pawns and knight; `rook_owner`'s rook on d4 can close
/// the box from a4.
pub fn box_for_blue(rook_owner: Seat, turn: Seat, extra: &[(&str, Seat, PieceKind)]) -> Position {
    let mut pieces = vec![
        ("d4", rook_owner, PieceKind::Rook),
        ("b6", Seat::Blue, PieceKind::Pawn),
        ("b7", Seat::Blue, PieceKind::Pawn),
        ("b8", Seat::Blue, PieceKind::Pawn),
        ("a8", Seat::Blue, PieceKind::Knight),
    ];
    pieces.extend_from_slice(extra);
    position(turn, &pieces)
}

fn texts(pos: &Position, rules: Rules) -> Vec<String> {
    pos.legal_moves(rules).iter().map(|&m| format_move(pos, m)).collect()
}

#[test]
fn teams_partners_neither_capture_nor_check_each_other() {
    // A red rook on h7 with a yellow knight on h9 and a blue knight on j7.
    let pos = position(
        Seat::Red,
        &[
            ("h7", Seat::Red, PieceKind::Rook),
            ("h9", Seat::Yellow, PieceKind::Knight),
            ("j7", Seat::Blue, PieceKind::Knight),
        ],
    );
    let teams = texts(&pos, Rules::TEAMS);
    assert!(teams.contains(&"Rh7xNj7".to_string()) && !teams.contains(&"Rh7xNh9".to_string()));
    let ffa = texts(&pos, Rules::FFA);
    assert!(ffa.contains(&"Rh7xNj7".to_string()) && ffa.contains(&"Rh7xNh9".to_string()));
    // Yellow's queen facing Red's king: check in FFA, nothing in Teams.
    let pos = position(Seat::Blue, &[("h5", Seat::Yellow, PieceKind::Queen)]);
    assert!(!pos.in_check(Rules::TEAMS, Seat::Red));
    assert!(pos.in_check(Rules::FFA, Seat::Red));
}

#[test]
fn en_passant_by_opponents_and_not_by_a_partner() {
    // Blue's pawn has just gone b5-d5 (skipping c5); Red's pawn on d4 and Green's on d6 could take it.
    let mut pos = position(
        Seat::Red,
        &[
            ("d5", Seat::Blue, PieceKind::Pawn),
            ("d4", Seat::Red, PieceKind::Pawn),
            ("d6", Seat::Green, PieceKind::Pawn),
        ],
    );
    pos.en_passant[Seat::Blue.index()] = Some((sq("c5"), sq("d5")));
    let capture = pos
        .legal_moves(Rules::TEAMS)
        .into_iter()
        .find(|m| m.kind == MoveKind::EnPassant)
        .expect("Red takes en passant");
    assert_eq!(format_move(&pos, capture), "d4xc5");
    let mut after = pos.clone();
    after.make(Rules::TEAMS, capture);
    assert_eq!(after.piece_at(sq("d5")), None, "the double-stepper is taken");
    // Green is Blue's partner in Teams: no en passant; in FFA it may.
    pos.turn = Seat::Green;
    assert!(
        pos.legal_moves(Rules::TEAMS)
            .iter()
            .all(|m| m.kind != MoveKind::EnPassant)
    );
    assert!(
        pos.legal_moves(Rules::FFA)
            .iter()
            .any(|m| m.kind == MoveKind::EnPassant)
    );
}

#[test]
fn a_double_step_opens_en_passant_until_its_owner_moves_again() {
    let rules = Rules::TEAMS;
    let mut pos = Setup::Modern.position();
    let play = |pos: &mut Position, text: &str| {
        let mv = pos
            .legal_moves(rules)
            .into_iter()
            .find(|&m| format_move(pos, m) == text)
            .unwrap_or_else(|| panic!("{text} is legal"));
        pos.make(rules, mv);
    };
    play(&mut pos, "e2-e4");
    assert_eq!(pos.en_passant[Seat::Red.index()], Some((sq("e3"), sq("e4"))));
    play(&mut pos, "b7-c7");
    play(&mut pos, "g13-g12");
    play(&mut pos, "m8-l8");
    play(&mut pos, "h2-h3");
    assert_eq!(pos.en_passant[Seat::Red.index()], None, "Red moved again");
}

#[test]
fn castling_both_ways_and_its_refusals() {
    let rules = Rules::TEAMS;
    let mut pos = Setup::Modern.position();
    for name in ["e1", "f1", "g1", "i1", "j1"] {
        pos.remove(sq(name));
    }
    let moves = texts(&pos, rules);
    assert!(
        moves.contains(&"O-O".to_string()) && moves.contains(&"O-O-O".to_string()),
        "{moves:?}"
    );
    let long = pos
        .legal_moves(rules)
        .into_iter()
        .find(|m| m.kind == MoveKind::CastleQueenSide)
        .unwrap();
    let mut after = pos.clone();
    after.make(rules, long);
    assert_eq!(after.piece_at(sq("f1")), Some(Piece::new(Seat::Red, PieceKind::King)));
    assert_eq!(after.piece_at(sq("g1")), Some(Piece::new(Seat::Red, PieceKind::Rook)));
    assert!(
        !after.castle_king_side[0] && !after.castle_queen_side[0],
        "the king moved"
    );
    // A blue rook on f5 with the f-file open guards f1: no queen-side castling, king-side still.
    let mut guarded = pos.clone();
    guarded.remove(sq("f2"));
    guarded.put(sq("f5"), Piece::new(Seat::Blue, PieceKind::Rook));
    let moves = texts(&guarded, rules);
    assert!(
        moves.contains(&"O-O".to_string()) && !moves.contains(&"O-O-O".to_string()),
        "{moves:?}"
    );
    // A piece between, or a right lost, refuses it too.
    let mut blocked = pos.clone();
    blocked.put(sq("e1"), Piece::new(Seat::Red, PieceKind::Knight));
    assert!(!texts(&blocked, rules).contains(&"O-O-O".to_string()));
    let mut no_right = pos.clone();
    no_right.castle_king_side[0] = false;
    assert!(!texts(&no_right, rules).contains(&"O-O".to_string()));
    // Every seat castles both ways from the modern array with its back row cleared.
    for seat in Seat::ALL {
        let mut open = Setup::Modern.position();
        let back: Vec<Square> = open
            .placements()
            .filter(|(s, p)| {
                p.owner == Owner::Seat(seat)
                    && p.kind != PieceKind::Pawn
                    && p.kind != PieceKind::King
                    && p.kind != PieceKind::Rook
                    && seat.progress(*s) == 0
            })
            .map(|(s, _)| s)
            .collect();
        for s in back {
            open.remove(s);
        }
        open.turn = seat;
        let moves = texts(&open, rules);
        assert!(
            moves.contains(&"O-O".to_string()) && moves.contains(&"O-O-O".to_string()),
            "{seat:?}: {moves:?}"
        );
    }
}

#[test]
fn promotion_on_the_eighth_in_ffa_and_the_eleventh_in_teams() {
    let pos = position(
        Seat::Red,
        &[("e7", Seat::Red, PieceKind::Pawn), ("e10", Seat::Red, PieceKind::Pawn)],
    );
    let ffa = texts(&pos, Rules::FFA);
    assert!(
        ffa.contains(&"e7-e8=Q".to_string()) && !ffa.contains(&"e7-e8=R".to_string()),
        "{ffa:?}"
    );
    assert!(ffa.contains(&"e10-e11".to_string()));
    let teams = texts(&pos, Rules::TEAMS);
    for piece in ["Q", "R", "B", "N"] {
        assert!(teams.contains(&format!("e10-e11={piece}")), "{teams:?}");
    }
    assert!(teams.contains(&"e7-e8".to_string()));
}

#[test]
fn make_and_unmake_restore_every_position_and_key_of_random_games() {
    let mut capture_king = Rules::FFA;
    capture_king.options.capture_king = true;
    let mut both_mated = Rules::TEAMS;
    both_mated.options.both_mated = true;
    for (rules, seed, games) in [
        (Rules::TEAMS, 1, 30),
        (Rules::FFA, 2, 30),
        (Rules::CLUB, 3, 8),
        (capture_king, 4, 10),
        (both_mated, 5, 10),
    ] {
        let mut rng = Rng::new(seed);
        for _ in 0..games {
            let mut pos = Setup::Modern.position();
            for _ in 0..60 {
                let moves = pos.legal_moves(rules);
                if moves.is_empty() {
                    break;
                }
                for &mv in &moves {
                    let before = pos.clone();
                    let undo = pos.make(rules, mv);
                    assert_eq!(pos.key(), pos.compute_key(), "the kept key after {mv:?}");
                    assert_ne!(pos.key(), before.key(), "a move changes the key");
                    pos.unmake(mv, undo);
                    assert_eq!(pos, before, "{mv:?}");
                    assert_eq!(pos.key(), before.key());
                }
                let mv = moves[rng.below(moves.len() as u64) as usize];
                pos.make(rules, mv);
                let text = pos.to_fen4();
                assert_eq!(Position::from_fen4(&text).map(|p| p.to_fen4()), Ok(text));
            }
        }
    }
}

#[test]
fn the_command_line_counts_and_lists() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_tesseract-chess"))
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&["four-player", "perft", "3"]);
    assert!(String::from_utf8(out.stdout).unwrap().starts_with("nodes 7800\ntime "));
    let out = run(&["four-player", "moves"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 20);
    let path = format!(
        "{}/tests/data/fourplayer/teams-26780486.pgn4",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = run(&["four-player", "pgn", &path]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("fen4 "), "{text}");
    assert!(
        text.ends_with("\nstatus out: Yellow (resigned); result 0-1 Blue and Green win: Yellow resigned\n"),
        "{text}"
    );
    let out = run(&["four-player", "pgn", "/dev/zero"]);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["four-player", "moves", "--fen4", "R-0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("invalid FEN4"));
}

pub fn record(name: &str) -> String {
    // Copies of ../shared/fourplayer: chess.com exports, MIT licence (SOURCES.md beside them).
    std::fs::read_to_string(format!("{}/tests/data/fourplayer/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn the_public_teams_records_import_and_replay() {
    let record_ = pgn4::import(&record("teams-26780486.pgn4")).unwrap();
    let game = &record_.game;
    assert_eq!(game.rules, Rules::TEAMS);
    let moves = game.turns().iter().filter(|t| matches!(t.turn, Turn::Move(_))).count();
    assert_eq!(
        (moves, game.turns().len()),
        (122, 123),
        "31 rounds, 122 moves and the resignation"
    );
    let last = game.turns().last().unwrap();
    assert_eq!((last.seat, last.turn), (Seat::Yellow, Turn::Resign));
    assert!(game.position().out[Seat::Yellow.index()]);
    assert_eq!(record_.tag("Result"), Some("0-1"), "Yellow's team lost");
    let castling = pgn4::import(&record("teams-castling.pgn4")).unwrap();
    let castled: Vec<(Seat, MoveKind)> = castling
        .game
        .turns()
        .iter()
        .filter_map(|played| match played.turn {
            Turn::Move(m) if matches!(m.kind, MoveKind::CastleKingSide | MoveKind::CastleQueenSide) => {
                Some((played.seat, m.kind))
            }
            _ => None,
        })
        .collect();
    assert_eq!(castled.len(), 4, "every seat castles: {castled:?}");
    assert!(
        castled.iter().any(|&(_, k)| k == MoveKind::CastleKingSide)
            && castled.iter().any(|&(_, k)| k == MoveKind::CastleQueenSide)
    );
    assert!(
        castling.game.position().piece_at(sq("a5")) == Some(Piece::new(Seat::Blue, PieceKind::King)),
        "Blue castled king-side to a5"
    );
}

#[test]
fn a_bad_record_names_its_line_round_and_seat() {
    let text = record("teams-castling.pgn4").replace("Qa8-b9", "Qa8-b8");
    let error = pgn4::import(&text).unwrap_err();
    assert_eq!(error.line, Some(8));
    assert!(
        matches!(
            error.kind,
            pgn4::Pgn4ErrorKind::Illegal {
                round: 3,
                seat: Seat::Blue,
                ..
            }
        ),
        "{error:?}"
    );
    assert!(error.to_string().contains("round 3, Blue: 'Qa8-b8'"), "{error}");
    let skipped = record("teams-castling.pgn4").replace("\n3. ", "\n4. ");
    assert!(matches!(
        pgn4::import(&skipped).unwrap_err().kind,
        pgn4::Pgn4ErrorKind::RoundNumber { expected: 3, .. }
    ));
    let unclosed = record("teams-castling.pgn4").replace("h2-h3", "{ h2-h3");
    assert!(matches!(
        pgn4::import(&unclosed).unwrap_err().kind,
        pgn4::Pgn4ErrorKind::UnclosedComment
    ));
    let with_extras = record("teams-castling.pgn4").replace("h2-h3 ..", "h2-h3 { [%clk 0:01:59] } (h2-h4) ..");
    assert_eq!(pgn4::import(&with_extras).unwrap().game.turns().len(), 32);
}

/// An independent, deliberately slow reading of FOURPLAYER.md's movement rules on plain
/// (file, rank) coordinates, sharing no code with the engine's generator: the moves it finds
/// must be exactly the engine's.
mod reference {
    use super::*;

    type Board = std::collections::HashMap<(i32, i32), Piece>;
    type Coords = (i32, i32);
    /// A move before the legality test: from, to, promotion, the square of what it captures,
    /// and a castling rook's move.
    type Candidate = (
        Coords,
        Coords,
        Option<PieceKind>,
        Option<Coords>,
        Option<(Coords, Coords)>,
    );

    fn exists(f: i32, r: i32) -> bool {
        let corner = |v: i32| !(3..=10).contains(&v);
        (0..14).contains(&f) && (0..14).contains(&r) && !(corner(f) && corner(r))
    }

    fn forward(seat: Seat) -> (i32, i32) {
        match seat {
            Seat::Red => (0, 1),
            Seat::Blue => (1, 0),
            Seat::Yellow => (0, -1),
            Seat::Green => (-1, 0),
        }
    }

    fn opposes(rules: Rules, a: Seat, b: Seat) -> bool {
        a != b && (rules.kind == RuleKind::Ffa || (a.index() + 2) % 4 != b.index())
    }

    /// Squares `piece` on `at` attacks (for pawns: its two capture squares).
    fn attacks(board: &Board, piece: Piece, at: (i32, i32), seat: Seat) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        let slide = |out: &mut Vec<(i32, i32)>, dirs: &[(i32, i32)]| {
            for &(df, dr) in dirs {
                let (mut f, mut r) = (at.0 + df, at.1 + dr);
                while exists(f, r) {
                    out.push((f, r));
                    if board.contains_key(&(f, r)) {
                        break;
                    }
                    f += df;
                    r += dr;
                }
            }
        };
        let straight = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let diagonal = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        match piece.kind {
            PieceKind::Rook => slide(&mut out, &straight),
            PieceKind::Bishop => slide(&mut out, &diagonal),
            PieceKind::Queen => {
                slide(&mut out, &straight);
                slide(&mut out, &diagonal);
            }
            PieceKind::King => {
                for df in -1..=1 {
                    for dr in -1..=1 {
                        if (df, dr) != (0, 0) && exists(at.0 + df, at.1 + dr) {
                            out.push((at.0 + df, at.1 + dr));
                        }
                    }
                }
            }
            PieceKind::Knight => {
                for (df, dr) in [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)] {
                    if exists(at.0 + df, at.1 + dr) {
                        out.push((at.0 + df, at.1 + dr));
                    }
                }
            }
            PieceKind::Pawn => {
                let (ff, fr) = forward(seat);
                for side in [-1, 1] {
                    let (f, r) = if ff == 0 {
                        (at.0 + side, at.1 + fr)
                    } else {
                        (at.0 + ff, at.1 + side)
                    };
                    if exists(f, r) {
                        out.push((f, r));
                    }
                }
            }
        }
        out
    }

    fn attacked(board: &Board, rules: Rules, out: &[bool; 4], target: (i32, i32), victim: Seat) -> bool {
        board.iter().any(|(&at, &p)| match p.owner {
            Owner::Seat(s) if opposes(rules, s, victim) && !out[s.index()] => {
                attacks(board, p, at, s).contains(&target)
            }
            _ => false,
        })
    }

    fn coords(s: Square) -> (i32, i32) {
        (s.file() as i32, s.rank() as i32)
    }

    /// Every legal move as (from, to, promotion letter).
    pub fn moves(pos: &Position, rules: Rules) -> Vec<(String, String, Option<char>)> {
        let seat = pos.turn;
        let board: Board = pos.placements().map(|(s, p)| (coords(s), p)).collect();
        let name = |(f, r): (i32, i32)| format!("{}{}", (b'a' + f as u8) as char, r + 1);
        let takeable = |p: &Piece| match p.owner {
            Owner::Grey => true,
            Owner::Seat(o) => opposes(rules, seat, o) && p.kind != PieceKind::King,
        };
        let mut candidates: Vec<Candidate> = Vec::new();
        let promotion_row = if rules.kind == RuleKind::Ffa { 7 } else { 10 };
        let progress = |(f, r): (i32, i32)| match seat {
            Seat::Red => r,
            Seat::Blue => f,
            Seat::Yellow => 13 - r,
            Seat::Green => 13 - f,
        };
        let choices: &[PieceKind] = if rules.kind == RuleKind::Ffa {
            &[PieceKind::Queen]
        } else {
            &[PieceKind::Queen, PieceKind::Rook, PieceKind::Bishop, PieceKind::Knight]
        };
        for (&at, &p) in &board {
            if p.owner != Owner::Seat(seat) {
                continue;
            }
            if p.kind == PieceKind::Pawn {
                let (ff, fr) = forward(seat);
                let mut add = |to: (i32, i32), victim: Option<(i32, i32)>| {
                    if progress(to) == promotion_row {
                        for &k in choices {
                            candidates.push((at, to, Some(k), victim, None));
                        }
                    } else {
                        candidates.push((at, to, None, victim, None));
                    }
                };
                let one = (at.0 + ff, at.1 + fr);
                if exists(one.0, one.1) && !board.contains_key(&one) {
                    add(one, None);
                    let two = (one.0 + ff, one.1 + fr);
                    if progress(at) == 1 && exists(two.0, two.1) && !board.contains_key(&two) {
                        add(two, None);
                    }
                }
                for to in attacks(&board, p, at, seat) {
                    match board.get(&to) {
                        Some(v) if takeable(v) => add(to, Some(to)),
                        Some(_) => {}
                        None if rules.en_passant => {
                            for owner in Seat::ALL {
                                if let Some((skipped, pawn)) = pos.en_passant[owner.index()]
                                    && coords(skipped) == to
                                    && opposes(rules, seat, owner)
                                    && board.get(&coords(pawn)) == Some(&Piece::new(owner, PieceKind::Pawn))
                                {
                                    add(to, Some(coords(pawn)));
                                }
                            }
                        }
                        None => {}
                    }
                }
                continue;
            }
            for to in attacks(&board, p, at, seat) {
                match board.get(&to) {
                    None => candidates.push((at, to, None, None, None)),
                    Some(v) if takeable(v) => candidates.push((at, to, None, Some(to), None)),
                    Some(_) => {}
                }
            }
            if p.kind == PieceKind::King && progress(at) == 0 {
                // Castling: a rook of the seat's own in a back-row corner 3 (king-side) or 4
                // (queen-side) squares away, the right kept, the squares between empty, and the
                // king not in check, not passing or landing on an attacked square.
                for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    for (distance, right) in [
                        (3, pos.castle_king_side[seat.index()]),
                        (4, pos.castle_queen_side[seat.index()]),
                    ] {
                        let rook = (at.0 + df * distance, at.1 + dr * distance);
                        let corner = progress(rook) == 0 && [3, 10].contains(&if dr == 0 { rook.0 } else { rook.1 });
                        if !right || !corner || board.get(&rook) != Some(&Piece::new(seat, PieceKind::Rook)) {
                            continue;
                        }
                        let between = (1..distance).all(|k| !board.contains_key(&(at.0 + df * k, at.1 + dr * k)));
                        let pass = (at.0 + df, at.1 + dr);
                        let land = (at.0 + 2 * df, at.1 + 2 * dr);
                        let safe = [at, pass, land]
                            .iter()
                            .all(|&s| !attacked(&board, rules, &pos.out, s, seat));
                        if between && safe {
                            candidates.push((at, land, None, None, Some((rook, pass))));
                        }
                    }
                }
            }
        }
        candidates
            .into_iter()
            .filter(|&(from, to, promotion, victim, rook)| {
                let mut after = board.clone();
                if let Some(v) = victim {
                    after.remove(&v);
                }
                let mut piece = after.remove(&from).expect("a piece");
                if let Some(k) = promotion {
                    piece.kind = k;
                }
                after.insert(to, piece);
                if let Some((r_from, r_to)) = rook {
                    let r = after.remove(&r_from).expect("the rook");
                    after.insert(r_to, r);
                }
                let king = after
                    .iter()
                    .find(|(_, p)| **p == Piece::new(seat, PieceKind::King))
                    .map(|(&s, _)| s);
                king.is_none_or(|k| !attacked(&after, rules, &pos.out, k, seat))
            })
            .map(|(from, to, promotion, _, _)| (name(from), name(to), promotion.map(|k| k.letter())))
            .collect()
    }
}

#[test]
fn the_generator_agrees_with_a_slow_reading_of_the_rules_over_random_games() {
    for (rules, seed) in [(Rules::TEAMS, 5), (Rules::FFA, 6)] {
        let mut rng = Rng::new(seed);
        let mut compared = 0;
        for _ in 0..12 {
            let mut pos = Setup::Modern.position();
            for _ in 0..80 {
                let fast = pos.legal_moves(rules);
                let mut got: Vec<(String, String, Option<char>)> = fast
                    .iter()
                    .map(|m| {
                        let promotion = match m.kind {
                            MoveKind::Promotion(k) => Some(k.letter()),
                            _ => None,
                        };
                        (m.from.to_string(), m.to.to_string(), promotion)
                    })
                    .collect();
                let mut want = reference::moves(&pos, rules);
                got.sort();
                want.sort();
                assert_eq!(got, want, "{:?} in {}", rules.kind, pos.to_fen4());
                compared += 1;
                if fast.is_empty() {
                    break;
                }
                pos.make(rules, fast[rng.below(fast.len() as u64) as usize]);
            }
        }
        assert!(compared > 500, "{compared} positions");
    }
}

#[test]
fn teams_games_end_on_a_mate_on_the_mated_seats_turn_and_on_leaving() {
    use tesseract_chess::four_player::game::{Draw, Loss, Team};
    // Blue's king a7 boxed in by its own pieces; a Red rook gives check along the a-file. Blue
    // to move cannot answer: mated on its own turn, Red and Yellow win.
    let pos = position(
        Seat::Blue,
        &[
            ("a4", Seat::Red, PieceKind::Rook),
            ("b6", Seat::Blue, PieceKind::Pawn),
            ("b7", Seat::Blue, PieceKind::Pawn),
            ("b8", Seat::Blue, PieceKind::Pawn),
            ("a8", Seat::Blue, PieceKind::Queen),
            ("c4", Seat::Red, PieceKind::Rook),
        ],
    );
    let game = Game::new(Rules::TEAMS, pos.clone());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            team: Team::RedYellow,
            because: Loss::Mated(Seat::Blue)
        }),
        "{}",
        pos.to_fen4()
    );
    assert_eq!(game.result_token(), "1-0");
    // Resigning loses for the team; kings alone draw.
    let mut game = Game::new(Rules::TEAMS, Setup::Modern.position());
    game.play(Turn::Resign).unwrap();
    assert_eq!(game.result_token(), "0-1");
    let kings = Game::new(Rules::TEAMS, position(Seat::Red, &[]));
    assert_eq!(kings.outcome(), Some(Outcome::Draw(Draw::KingsOnly)));
    // The public record replays to Yellow's resignation and its Result tag agrees.
    let replayed = pgn4::import(&record("teams-26780486.pgn4")).unwrap();
    assert_eq!(replayed.game.result_token(), "0-1");
    let wrong = record("teams-26780486.pgn4").replace("[Result \"0-1\"]", "[Result \"1-0\"]");
    assert!(matches!(
        pgn4::import(&wrong).unwrap_err().kind,
        pgn4::Pgn4ErrorKind::ResultMismatch { .. }
    ));
}
