//! Four-player chess, built so far: the contract's perft vectors, each movement rule by a
//! constructed position, make/unmake over random games, and the command line.

use std::process::Command;

use tesseract_chess::engine::random::Rng;
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
