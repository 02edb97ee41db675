//! Property tests over random legal games, checked against an independent, deliberately slow
//! reading of RULES.md that works on coordinates alone (no tables, no bitboards).

use proptest::prelude::*;
use tesseract_chess::fourfold::rules::lan::{Strictness, format_move, parse_move};
use tesseract_chess::fourfold::rules::*;

/// Coordinates of a square as signed numbers.
fn c(s: Square) -> [i32; 4] {
    s.coords().map(i32::from)
}

/// Does the piece on `from` attack `to` by the rules text: count the coordinates that change.
fn slow_attacks(pos: &Position, from: Square, to: Square) -> bool {
    let piece = pos.piece_at(from).expect("a piece");
    let (a, b) = (c(from), c(to));
    let d: Vec<i32> = (0..4).map(|i| b[i] - a[i]).collect();
    let changed: Vec<i32> = d.iter().copied().filter(|&v| v != 0).map(i32::abs).collect();
    if changed.is_empty() {
        return false;
    }
    let equal = changed.iter().all(|&m| m == changed[0]);
    let path_clear = || {
        let steps = changed[0];
        (1..steps).all(|k| {
            let p: Vec<u8> = (0..4).map(|i| (a[i] + d[i].signum() * k) as u8).collect();
            pos.piece_at(Square::new(p[0], p[1], p[2], p[3]).unwrap()).is_none()
        })
    };
    match piece.kind {
        PieceKind::Rook => changed.len() == 1 && path_clear(),
        PieceKind::Bishop => changed.len() == 2 && equal && path_clear(),
        PieceKind::Queen => equal && path_clear(),
        PieceKind::King => changed.iter().all(|&m| m == 1),
        PieceKind::Knight => {
            changed.len() == 2 && changed.contains(&2) && changed.contains(&1) && (d[0].abs() == 2 || d[1].abs() == 2)
        }
        PieceKind::Pawn => {
            let forward = if piece.color == Color::White { 1 } else { -1 };
            d[1] == forward && d[0].abs() + d[2].abs() + d[3].abs() == 1
        }
    }
}

fn slow_in_check(pos: &Position, color: Color) -> bool {
    let Some(king) = Square::all().find(|&s| pos.piece_at(s) == Some(Piece::new(color, PieceKind::King))) else {
        return false;
    };
    Square::all().any(|s| matches!(pos.piece_at(s), Some(p) if p.color != color) && slow_attacks(pos, s, king))
}

/// Every legal move by the slow reading: geometry, no own captures, no king captures, king safe.
fn slow_legal_moves(pos: &Position) -> Vec<Move> {
    let us = pos.side_to_move();
    let mut moves = Vec::new();
    for from in Square::all() {
        let Some(piece) = pos.piece_at(from) else { continue };
        if piece.color != us {
            continue;
        }
        for to in Square::all() {
            let target = pos.piece_at(to);
            let geometric = match (piece.kind, target) {
                (_, Some(t)) if t.color == us || t.kind == PieceKind::King => false,
                (PieceKind::Pawn, None) => {
                    let (a, b) = (c(from), c(to));
                    let forward = if us == Color::White { 1 } else { -1 };
                    b[1] - a[1] == forward && a[0] == b[0] && a[2] == b[2] && a[3] == b[3]
                }
                _ => slow_attacks(pos, from, to),
            };
            if !geometric {
                continue;
            }
            let mut after = pos.clone();
            after.make(Move::new(from, to));
            if !slow_in_check(&after, us) {
                moves.push(Move::new(from, to));
            }
        }
    }
    moves.sort_by_key(|m| (m.from, m.to));
    moves
}

fn fast_legal_moves(pos: &Position) -> Vec<Move> {
    let mut moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
    moves.sort_by_key(|m| (m.from, m.to));
    moves
}

/// Plays up to `plies` random legal moves (choices from `picks`), stopping when the game ends.
fn random_game(setup: Setup, picks: &[u16]) -> Game {
    let mut game = Game::from_setup(setup);
    for &pick in picks {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.position().legal_moves();
        let mv = moves.as_slice()[pick as usize % moves.len()];
        game.play(mv).unwrap();
    }
    game
}

fn setups() -> impl Strategy<Value = Setup> {
    prop_oneof![Just(Setup::Classic), Just(Setup::Full)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn generated_moves_match_the_slow_reading_of_the_rules(setup in setups(), picks in prop::collection::vec(any::<u16>(), 0..120)) {
        let game = random_game(setup, &picks);
        let mut pos = game.start().clone();
        for &mv in game.moves() {
            prop_assert_eq!(fast_legal_moves(&pos), slow_legal_moves(&pos), "in {}", pos.to_fen());
            prop_assert_eq!(pos.in_check(), slow_in_check(&pos, pos.side_to_move()));
            pos.make(mv);
        }
        prop_assert_eq!(fast_legal_moves(&pos), slow_legal_moves(&pos), "in {}", pos.to_fen());
    }

    #[test]
    fn gives_check_agrees_with_playing_the_move(setup in setups(), picks in prop::collection::vec(any::<u16>(), 0..160)) {
        let game = random_game(setup, &picks);
        let mut pos = game.start().clone();
        for &mv in game.moves() {
            for &other in pos.legal_moves().iter() {
                let predicted = pos.gives_check(other);
                let undo = pos.make(other);
                prop_assert_eq!(predicted, pos.in_check(), "{} in {}", other, game.start().to_fen());
                pos.unmake(other, undo);
            }
            pos.make(mv);
        }
    }

    #[test]
    fn make_then_unmake_restores_the_position_and_its_key(setup in setups(), picks in prop::collection::vec(any::<u16>(), 0..200)) {
        let game = random_game(setup, &picks);
        let mut pos = game.start().clone();
        for &mv in game.moves() {
            let before = pos.clone();
            for &other in pos.legal_moves().iter() {
                let undo = pos.make(other);
                prop_assert_eq!(pos.key(), pos.compute_key(), "incremental key after {}", other);
                pos.unmake(other, undo);
                prop_assert_eq!(&pos, &before);
            }
            pos.make(mv);
            prop_assert_eq!(pos.key(), pos.compute_key());
        }
    }

    #[test]
    fn fen_round_trips_every_position_of_a_game(setup in setups(), picks in prop::collection::vec(any::<u16>(), 0..200)) {
        let game = random_game(setup, &picks);
        for ply in 0..=game.moves().len() {
            let pos = game.position_after(ply);
            let text = pos.to_fen();
            let parsed = Position::from_fen(&text).unwrap();
            prop_assert_eq!(&parsed, &pos);
            prop_assert_eq!(parsed.to_fen(), text);
        }
    }

    #[test]
    fn pgn_round_trips_a_game(setup in setups(), picks in prop::collection::vec(any::<u16>(), 0..300)) {
        let game = random_game(setup, &picks);
        let text = pgn::export(&game, &[("White", "Ann \"the rook\""), ("Event", "back\\slash")]);
        let record = pgn::import(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(record.game.moves(), game.moves());
        prop_assert_eq!(record.game.position(), game.position());
        prop_assert_eq!(record.tag("White"), Some("Ann \"the rook\""));
        prop_assert_eq!(record.tag("Event"), Some("back\\slash"));
        prop_assert_eq!(pgn::export(&record.game, &[("White", "Ann \"the rook\""), ("Event", "back\\slash")]), text);
    }

    #[test]
    fn lan_round_trips_every_legal_move(setup in setups(), picks in prop::collection::vec(any::<u16>(), 0..150)) {
        let game = random_game(setup, &picks);
        let pos = game.position();
        for &mv in pos.legal_moves().iter() {
            let text = format_move(pos, mv);
            prop_assert_eq!(parse_move(pos, &text, Strictness::Record), Ok(mv));
            prop_assert_eq!(parse_move(pos, &mv.to_string(), Strictness::Lenient), Ok(mv));
        }
    }

    #[test]
    fn parsers_never_panic_on_random_text(text in "\\PC{0,80}") {
        let _ = Position::from_fen(&text);
        let _ = pgn::import(&text);
        let _ = text.parse::<Square>();
        let _ = parse_move(&Setup::Classic.position(), &text, Strictness::Lenient);
        let _ = parse_move(&Setup::Classic.position(), &text, Strictness::Record);
    }

    #[test]
    fn parsers_never_panic_on_mangled_records(cut in 0usize..2000, insert in "[\\[\\]{}();$0-9a-dx@\\-=+#*. \"\\\\\\n]{0,6}", at in 0usize..2000) {
        let base = pgn::SAMPLE;
        let mut text: String = base.chars().take(cut % (base.len() + 1)).collect();
        let pos = text.char_indices().map(|(i, _)| i).nth(at % (text.chars().count() + 1)).unwrap_or(text.len());
        text.insert_str(pos, &insert);
        let _ = pgn::import(&text);
        let fen = Setup::Full.fen();
        let mut fen_text: String = fen.chars().take(cut % (fen.len() + 1)).collect();
        let pos = at % (fen_text.len() + 1);
        fen_text.insert_str(pos, &insert);
        let _ = Position::from_fen(&fen_text);
    }
}
