//! PGN4D import and export: the sample, the accepted extras, and every rejection of RULES.md.

use tesseract_chess::fourfold::rules::pgn::{self, SAMPLE};
use tesseract_chess::fourfold::rules::*;

fn error(text: &str) -> String {
    pgn::import(text).unwrap_err().to_string()
}

/// The sample with its movetext replaced.
fn with_moves(movetext: &str) -> String {
    let head = SAMPLE.split("\n\n").next().unwrap();
    format!("{head}\n\n{movetext}\n")
}

#[test]
fn the_sample_record_imports() {
    let record = pgn::import(SAMPLE).unwrap();
    assert_eq!(record.game.moves().len(), 4);
    assert_eq!(record.tag("Event"), Some("Across four boards"));
    assert_eq!(record.game.outcome(), None);
    assert_eq!(record.game.position().side_to_move(), Color::White);
    assert_eq!(record.game.position().fullmove_number(), 3);
}

#[test]
fn crlf_bom_comments_nags_and_annotations_are_accepted() {
    let noisy = with_moves(
        "{opening} 1. Bb1@10-b1@01!? $1 Rb4@01xb1@01 ; a capture\n2. Kc1@00xb1@01?! {king takes} d3@11-d2@11 *",
    );
    let windows = format!("\u{feff}{}", noisy.replace('\n', "\r\n"));
    let record = pgn::import(&windows).unwrap();
    assert_eq!(record.game.moves(), pgn::import(SAMPLE).unwrap().game.moves());
    // Move numbers are optional, but checked when present; Black's number uses "...".
    assert!(pgn::import(&with_moves("Bb1@10-b1@01 Rb4@01xb1@01 *")).is_ok());
    assert!(pgn::import(&with_moves("1. Bb1@10-b1@01 1... Rb4@01xb1@01 *")).is_ok());
    assert!(pgn::import(&with_moves("1.Bb1@10-b1@01 Rb4@01xb1@01 *")).is_ok());
}

#[test]
fn a_record_starting_with_black_numbers_its_first_move_with_dots() {
    let start = Position::from_fen("4/4/PPPP/RNKQ|4/4/4/1BR1|1rb1/4/4/4|qknr/pppp/4/4 b 3 12").unwrap();
    let mut game = Game::new(start);
    let first = game.position().legal_moves().as_slice()[0];
    game.play(first).unwrap();
    let text = pgn::export(&game, &[]);
    assert!(text.contains("\n\n12... "), "{text}");
    let record = pgn::import(&text).unwrap();
    assert_eq!(record.game.moves(), &[first]);
    assert!(error(&text.replace("12... ", "12. ")).contains("wrong move number 12., expected 12..."));
}

#[test]
fn variations_and_several_games_are_rejected() {
    assert!(error(&with_moves("1. Bb1@10-b1@01 (1. Ra1@00-a1@01) Rb4@01xb1@01 *")).contains("variations"));
    let two = format!("{SAMPLE}\n{SAMPLE}");
    assert!(error(&two).contains("one game"));
    assert!(error(&with_moves("1. Bb1@10-b1@01 * 1-0")).contains("after the result"));
}

#[test]
fn wrong_move_numbers_are_rejected() {
    let e = error(&with_moves("2. Bb1@10-b1@01 Rb4@01xb1@01 *"));
    assert!(
        e.contains("ply 1 (move 1.)") && e.contains("wrong move number 2."),
        "{e}"
    );
    assert!(error(&with_moves("1. Bb1@10-b1@01 1. Rb4@01xb1@01 *")).contains("expected 1..."));
    assert!(error(&with_moves("1.. Bb1@10-b1@01 *")).contains("'...'"));
    assert!(error(&with_moves("1. Bb1@10-b1@01 1... *")).contains("no move after it"));
}

#[test]
fn wrong_markers_are_rejected() {
    let cases = [
        ("1. Bb1@10xb1@01 *", "captures nothing"),
        ("1. Bb1@10-b1@01 Rb4@01-b1@01 *", "write 'x'"),
        ("1. b1@10-b1@01 *", "needs its letter B"),
        ("1. Bb1@10-b1@01+ *", "no check"),
        ("1. Nb1@10-b1@01 *", "not a knight"),
    ];
    for (movetext, expected) in cases {
        let e = error(&with_moves(movetext));
        assert!(e.contains(expected), "{movetext}: {e}");
        assert!(e.contains("ply 1") || e.contains("ply 2"), "{movetext}: {e}");
    }
    // A check marker that is missing: after 2. Kc1@00xb1@01 d3@11-d2@11, is there a check? Use a
    // position where a move gives check and leave the '+' out.
    let fen = "4/4/4/K3|4/4/4/4|4/4/4/4|3k/4/4/R3 w 0 1";
    let record = format!(
        "[Result \"*\"]\n[Variant \"Fourfold-4x4x2x2\"]\n[Format \"PGN4D\"]\n[FormatVersion \"1\"]\n[Notation \"LAN4D\"]\n[SetUp \"1\"]\n[FEN4D \"{fen}\"]\n\n1. Ra1@11-a4@11 *\n"
    );
    assert!(error(&record).contains("gives check: end it with '+'"));
    assert!(pgn::import(&record.replace("a4@11 *", "a4@11+ *")).is_ok());
}

#[test]
fn illegal_moves_name_the_ply_and_move_number() {
    let e = error(&with_moves("1. Bb1@10-b1@01 Rb4@01xb1@01 2. Kc1@00-c3@00 *"));
    assert!(e.contains("ply 3 (move 2.)"), "{e}");
    assert!(e.contains("illegal move"), "{e}");
    let e = error(&with_moves("1. Bb1@10-b1@01 Ra1@00-a1@01 *"));
    assert!(e.contains("ply 2 (move 1...)") && e.contains("White's"), "{e}");
}

#[test]
fn results_must_match_the_tag_and_the_position() {
    assert!(error(&with_moves("1. Bb1@10-b1@01 1-0")).contains("differs from the Result tag"));
    let claimed = with_moves("1. Bb1@10-b1@01 1-0").replace("[Result \"*\"]", "[Result \"1-0\"]");
    assert!(error(&claimed).contains("must be *"));
    assert!(error(&with_moves("1. Bb1@10-b1@01")).contains("result token"));
    // A finished game must carry its result, and no move may follow the end.
    let fen = "4/4/4/k1K1|4/4/2Q1/4|4/4/4/4|4/4/4/4 w 0 1";
    let head = format!(
        "[Variant \"Fourfold-4x4x2x2\"]\n[Format \"PGN4D\"]\n[FormatVersion \"1\"]\n[Notation \"LAN4D\"]\n[SetUp \"1\"]\n[FEN4D \"{fen}\"]\n"
    );
    let mate = format!("{head}[Result \"1-0\"]\n\n1. Qc2@10-b2@00# 1-0\n");
    let record = pgn::import(&mate).unwrap();
    assert_eq!(record.game.outcome(), Some(Outcome::Checkmate { winner: Color::White }));
    assert!(error(&mate.replace("1-0", "*")).contains("must be 1-0"));
    assert!(error(&mate.replace("b2@00#", "b2@00+")).contains("mates: end it with '#'"));
    let after_mate = mate.replace("b2@00# 1-0", "b2@00# Ka1@00-a2@00 1-0");
    assert!(error(&after_mate).contains("follows the end of the game"));
}

#[test]
fn tags_are_checked() {
    assert!(error(&SAMPLE.replace("Fourfold-4x4x2x2", "Other")).contains("tag Variant"));
    assert!(error(&SAMPLE.replace("[Format \"PGN4D\"]\n", "")).contains("missing required tag Format"));
    assert!(error(&SAMPLE.replace("[FormatVersion \"1\"]", "[FormatVersion \"2\"]")).contains("FormatVersion"));
    assert!(error(&SAMPLE.replace("[Site \"?\"]", "[Site \"?\"]\n[Site \"x\"]")).contains("duplicate tag Site"));
    assert!(error(&SAMPLE.replace("[Result \"*\"]\n", "")).contains("missing required tag Result"));
    assert!(error(&SAMPLE.replace("RNKQ|", "RNKK|")).contains("tag FEN4D"));
    assert!(error(&SAMPLE.replace("[Site \"?\"]", "[Site ?]")).contains("line 2"));
}

#[test]
fn comments_must_be_closed_and_flat() {
    assert!(error(&with_moves("1. Bb1@10-b1@01 {open * ")).contains("never closed"));
    assert!(error(&with_moves("1. Bb1@10-b1@01 {a {b} c} *")).contains("nested"));
    assert!(error(&with_moves("1. Bb1@10-b1@01 } *")).contains("without an opening"));
}

#[test]
fn size_and_length_limits_are_enforced() {
    let big = format!("{SAMPLE}{}", " ".repeat(pgn::MAX_BYTES));
    assert!(error(&big).contains("256 KiB"));
    let many = with_moves(&format!("{} *", "Bb1@10-b1@01 ".repeat(pgn::MAX_PLIES + 1)));
    assert!(many.len() < pgn::MAX_BYTES);
    assert!(error(&many).contains("4097 plies"), "{}", error(&many));
}

#[test]
fn export_writes_every_required_tag_and_numbered_moves() {
    let record = pgn::import(SAMPLE).unwrap();
    let text = pgn::export(
        &record.game,
        &[
            ("Event", "Across four boards"),
            ("White", "Demo White"),
            ("Black", "Demo Black"),
        ],
    );
    for tag in [
        "Variant \"Fourfold-4x4x2x2\"",
        "Format \"PGN4D\"",
        "FormatVersion \"1\"",
        "Notation \"LAN4D\"",
        "SetUp \"1\"",
        "Result \"*\"",
    ] {
        assert!(text.contains(tag), "{tag} in {text}");
    }
    assert!(
        text.ends_with("1. Bb1@10-b1@01 Rb4@01xb1@01 2. Kc1@00xb1@01 d3@11-d2@11 *\n"),
        "{text}"
    );
}

#[test]
fn a_game_at_the_fullmove_limit_exports_only_what_imports() {
    // White to move at move 1,000,000: White may move, Black may not (move 1,000,001 has no FEN4D).
    let start = Position::from_fen("4/4/4/K3|4/4/4/4|4/4/4/4|3k/4/4/R3 w 0 1000000").unwrap();
    let mut game = Game::new(start);
    let white = game.position().legal_moves().as_slice()[0];
    game.play(white).unwrap();
    let black = game.position().legal_moves().as_slice()[0];
    assert_eq!(game.play(black), Err(PlayError::RecordFull));
    let text = pgn::export(&game, &[]);
    let back = pgn::import(&text).unwrap();
    assert_eq!(back.game.moves(), game.moves());
    assert_eq!(back.game.position().to_fen(), game.position().to_fen());
    // A record that goes past the limit is refused on import with the ply named.
    let past = text.replace(
        " *",
        &format!(
            " {} *",
            tesseract_chess::fourfold::rules::lan::format_move(game.position(), black)
        ),
    );
    let typed = pgn::import(&past).unwrap_err();
    assert!(
        matches!(
            typed.kind,
            pgn::PgnErrorKind::Refused {
                at: pgn::Ply { ply: 2, .. },
                error: PlayError::RecordFull
            }
        ),
        "{typed:?}"
    );
    let why = error(&past);
    assert!(why.contains("ply 2") && why.contains("record is full"), "{why}");
}

#[test]
fn the_duplicate_tag_check_names_the_line_among_thousands() {
    let head = SAMPLE.split("\n\n").next().unwrap();
    let many: String = (0..12_000).map(|i| format!("[Extra{i} \"x\"]\n")).collect();
    let text = format!("{head}\n{many}[Extra7 \"again\"]\n\n1. Bb1@10-b1@01 *\n");
    let typed = pgn::import(&text).unwrap_err();
    assert_eq!(typed.line, Some(12014));
    assert_eq!(typed.kind, pgn::PgnErrorKind::DuplicateTag("Extra7".into()));
    let why = error(&text);
    assert!(why.contains("line 12014: duplicate tag Extra7"), "{why}");
}
