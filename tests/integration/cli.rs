//! The command line as a user runs it: output formats, exit codes and one-line errors.

use std::path::PathBuf;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tesseract-chess"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// Asserts a clean failure: exit code 2, one line on stderr containing `expected`, no panic.
fn assert_fails(args: &[&str], expected: &str) {
    let out = run(args);
    let err = String::from_utf8(out.stderr.clone()).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line, got {err:?}");
    assert!(err.contains(expected), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

fn temp_file(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tesseract-chess-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn perft_prints_nodes_then_time_and_speed() {
    let out = run(&["perft", "3"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert_eq!(lines[0], "nodes 74569");
    let fields: Vec<&str> = lines[1].split(' ').collect();
    assert_eq!((fields[0], fields[2]), ("time", "nps"), "{text}");
    assert!(
        fields[1].parse::<f64>().is_ok() && fields[3].parse::<f64>().is_ok(),
        "{text}"
    );
}

#[test]
fn perft_divide_lists_every_root_move() {
    let text = stdout(&run(&["perft", "2", "--divide"]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 41 + 2);
    let sum: u64 = lines[..41]
        .iter()
        .map(|l| l.rsplit(": ").next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 1671);
    assert_eq!(lines[41], "nodes 1671");
    assert!(lines.iter().any(|l| l.starts_with("Kc1@00-c1@01: ")));
}

#[test]
fn perft_takes_a_setup_or_a_fen() {
    assert!(stdout(&run(&["perft", "2", "--setup", "full"])).starts_with("nodes 2120\n"));
    let fen = "4/4/PPPP/RNBQ|4/4/PPPP/KBNR|rnbk/pppp/4/4|qbnr/pppp/4/4 w 0 1";
    assert!(stdout(&run(&["perft", "1", "--fen", fen])).starts_with("nodes 48\n"));
    assert!(stdout(&run(&["perft", "0"])).starts_with("nodes 1\n"));
}

#[test]
fn moves_lists_the_legal_moves_in_lan4d() {
    let text = stdout(&run(&["moves"]));
    assert_eq!(text.lines().count(), 41);
    assert!(text.lines().any(|l| l == "Bb1@10-b1@01"));
    let stalemate = stdout(&run(&["moves", "--fen", "4/4/4/kBK1|4/4/4/4|4/4/4/4|4/Q3/4/4 b 0 1"]));
    assert_eq!(stalemate, "");
}

#[test]
fn pgn_prints_the_final_position_and_result() {
    let sample = temp_file("sample.pgn4d", tesseract_chess::fourfold::rules::pgn::SAMPLE);
    let text = stdout(&run(&["pgn", sample.to_str().unwrap()]));
    assert_eq!(
        text,
        "fen 4/4/PPPP/RN1Q|4/4/4/2R1|2b1/4/4/1K2|qknr/ppp1/3p/4 w 0 3\nresult * ongoing\n"
    );
    let mate = "[Result \"1-0\"]\n[Variant \"Fourfold-4x4x2x2\"]\n[Format \"PGN4D\"]\n[FormatVersion \"1\"]\n[Notation \"LAN4D\"]\n[SetUp \"1\"]\n[FEN4D \"4/4/4/k1K1|4/4/2Q1/4|4/4/4/4|4/4/4/4 w 0 1\"]\n\n1. Qc2@10-b2@00# 1-0\n";
    let text = stdout(&run(&["pgn", temp_file("mate.pgn4d", mate).to_str().unwrap()]));
    assert!(text.ends_with("result 1-0 checkmate\n"), "{text}");
}

#[test]
fn bad_input_fails_with_one_line_and_exit_code_2() {
    assert_fails(&["perft", "x"], "invalid value 'x'");
    assert_fails(&["perft", "99"], "99");
    assert_fails(&["perft"], "DEPTH");
    assert_fails(&["perft", "2", "--fen", "4/4/4/4 w 0 1"], "invalid FEN4D");
    assert_fails(&["perft", "2", "--setup", "huge"], "huge");
    assert_fails(&["perft", "2", "--setup", "full", "--fen", "x"], "cannot be used with");
    assert_fails(
        &["moves", "--fen", "4/4/4/K3|4/4/4/4|4/4/4/k3|4/4/4/4 w 0 1"],
        "in check",
    );
    assert_fails(&["frobnicate"], "frobnicate");
    assert_fails(
        &["pgn", "/nonexistent/game.pgn4d"],
        "cannot read /nonexistent/game.pgn4d",
    );
    let broken = temp_file(
        "broken.pgn4d",
        &tesseract_chess::fourfold::rules::pgn::SAMPLE.replace("Rb4@01xb1@01", "Rb4@01-b1@01"),
    );
    assert_fails(&["pgn", broken.to_str().unwrap()], "ply 2 (move 1...)");
    let binary = temp_file("binary.pgn4d", "\u{0}\u{0}");
    std::fs::write(&binary, [0xff, 0xfe, 0x00]).unwrap();
    assert_fails(&["pgn", binary.to_str().unwrap()], "not UTF-8");
    let large = temp_file(
        "large.pgn4d",
        &" ".repeat(tesseract_chess::fourfold::rules::pgn::MAX_BYTES + 1),
    );
    assert_fails(&["pgn", large.to_str().unwrap()], "over the limit of 262144 bytes");
}

#[cfg(unix)]
#[test]
fn endless_and_special_files_are_refused_at_once() {
    let fifo = std::env::temp_dir().join(format!("tesseract-chess-cli-fifo-{}", std::process::id()));
    let _ = std::fs::remove_file(&fifo);
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    for path in ["/dev/zero", fifo.to_str().unwrap()] {
        let started = std::time::Instant::now();
        assert_fails(&["pgn", path], "not a regular file");
        assert!(started.elapsed().as_secs() < 5, "{path} refused at once");
    }
    std::fs::remove_file(fifo).unwrap();
}

/// `bestmove` with the game so far: a winning side that would repeat the position without
/// knowing the history picks another move once `--moves` tells it the position was seen.
#[test]
fn bestmove_with_the_moves_so_far_avoids_a_repetition_when_ahead() {
    use tesseract_chess::fourfold::rules::lan::format_move;
    use tesseract_chess::fourfold::rules::{Game, Move, Position};

    // King and queen against king, a mate too deep for four plies.
    let fen = "K3/4/4/4|4/4/4/4|4/4/4/4|4/4/1k2/3Q w 0 1";
    let best = |moves: &str| {
        let out = stdout(&run(&["bestmove", "--fen", fen, "--moves", moves, "--depth", "4"]));
        let last = out.lines().last().unwrap_or("").to_string();
        (last.strip_prefix("bestmove ").unwrap_or("").to_string(), out)
    };
    let (alone, _) = best("");
    // The history that returns to the start: the move chosen, a reply, both taken back.
    let start = Position::from_fen(fen).unwrap();
    let reverse = |pos: &Position, mv: Move| {
        pos.legal_moves()
            .iter()
            .copied()
            .find(|m| m.from == mv.to && m.to == mv.from)
    };
    let chosen = start
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| format_move(&start, m) == alone)
        .unwrap();
    let mut history = None;
    let mut after_chosen = start.clone();
    after_chosen.make(chosen);
    for reply in after_chosen.legal_moves().iter().copied() {
        let mut line = vec![chosen, reply];
        let mut game = Game::new(start.clone());
        game.play(chosen).unwrap();
        game.play(reply).unwrap();
        let Some(back) = reverse(game.position(), chosen) else {
            continue;
        };
        game.play(back).unwrap();
        let Some(reply_back) = reverse(game.position(), reply) else {
            continue;
        };
        game.play(reply_back).unwrap();
        line.extend([back, reply_back]);
        assert_eq!(game.position().key(), start.key());
        let mut pos = start.clone();
        let texts: Vec<String> = line
            .iter()
            .map(|&mv| {
                let text = format_move(&pos, mv);
                pos.make(mv);
                text
            })
            .collect();
        history = Some(texts.join(" "));
        break;
    }
    let history = history.expect("a reply that can be taken back");
    let (with_history, out) = best(&history);
    assert_ne!(with_history, alone, "{history}: {out}");
    let last_score = out.lines().rev().find_map(|l| l.split(" score ").nth(1)).unwrap_or("");
    let winning = last_score.starts_with("mate ") && !last_score.starts_with("mate -")
        || last_score
            .strip_prefix("cp ")
            .and_then(|rest| rest.split(' ').next()?.parse::<i32>().ok())
            .is_some_and(|cp| cp > 300);
    assert!(winning, "still winning: {out}");
    assert_fails(&["bestmove", "--moves", "b1@00-b9@00"], "--moves: move 1");
    assert_fails(&["bestmove", "--pgn", "x.pgn", "--fen", fen], "cannot be used with");
}

#[test]
fn puzzles_prints_the_set_and_proves_it() {
    let listed = run(&["puzzles"]);
    assert!(listed.status.success());
    let lines = String::from_utf8(listed.stdout).unwrap();
    let count = lines.lines().count();
    assert!(count >= 300, "{count} puzzles");
    for line in lines.lines() {
        let fields: Vec<&str> = line.split(';').collect();
        assert_eq!(fields.len(), 3, "{line}");
        assert!(fields[2].parse::<u32>().is_ok(), "{line}");
    }
    let proved = run(&["puzzles", "--verify"]);
    assert!(proved.status.success());
    assert_eq!(String::from_utf8(proved.stdout).unwrap(), lines);
    assert!(
        String::from_utf8(proved.stderr)
            .unwrap()
            .contains(&format!("{count} puzzles proved"))
    );
    // A seed is for building a set.
    let refused = run(&["puzzles", "--seed", "3"]);
    assert_eq!(refused.status.code(), Some(2));
}

/// Between players that replay (node limits, no noise, one thread) an opening played twice is the
/// same game twice: a sequential test on such a match is refused, a plain match is played with a
/// warning, and the summary counts the openings the games played, the book's repeats included.
#[test]
fn selfplay_refuses_a_test_on_replayed_games_and_warns_of_a_match() {
    let book = temp_file(
        "two-openings.txt",
        "classic Nb1@00-c3@00 a3@11-a2@11 Qd1@00-d1@11 Nc4@11-b2@11 # +0 cp\n\
         classic Nb1@00-b3@10 Qa4@11-a4@01 Qd1@00-d1@11 c3@11-c2@11 # +0 cp\n",
    );
    let book = book.to_str().unwrap();
    let match_of = |games: &'static str| {
        vec![
            "selfplay",
            "--white",
            "master",
            "--black",
            "strong",
            "--games",
            games,
            "--swap",
            "--nodes",
            "200",
            "--openings",
            book,
        ]
    };
    let mut test = match_of("6");
    test.extend(["--sprt", "0,10"]);
    assert_fails(&test, "3 openings but only 2 distinct");
    let repeated = run(&match_of("6"));
    let err = String::from_utf8(repeated.stderr.clone()).unwrap();
    assert!(repeated.status.success(), "{err}");
    assert!(err.starts_with("warning: ") && err.contains("at most 4"), "{err}");
    assert!(
        stdout(&repeated).contains("openings: 2 distinct of 3"),
        "{}",
        stdout(&repeated)
    );
    let bad = temp_file("bad-book.txt", "classic Zz9@00-a1@00\n");
    assert_fails(&["ladder", "--openings", bad.to_str().unwrap()], "line 1, move 1");
    let once = run(&match_of("4"));
    assert!(once.status.success() && once.stderr.is_empty(), "{once:?}");
    assert!(stdout(&once).contains("openings: 2 distinct of 2"), "{}", stdout(&once));
}

/// A match far from even stops at its first look: the master level (300 nodes a move) against the
/// 2-ply opponent of the original page, tested between +0 and +100 Elo, decides within the first
/// 100 of at most 1,000 games, and says so after the batch and at the end.
#[test]
fn selfplay_stops_when_the_sequential_test_decides() {
    let book = concat!(env!("CARGO_MANIFEST_DIR"), "/results/openings-classic-balanced.txt");
    let out = run(&[
        "selfplay",
        "--white",
        "master",
        "--black",
        "reference",
        "--games",
        "1000",
        "--swap",
        "--nodes",
        "300",
        "--threads",
        "2",
        "--openings",
        book,
        "--sprt",
        "0,100",
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("master vs reference: 100 games"), "{text}");
    let batch = text.lines().find(|l| l.starts_with("sprt 100 games: ")).expect(&text);
    assert!(batch.contains("pairs ["), "{batch}");
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("sprt [0, 100]: H1 accepted after 100 games, llr "),
        "{last}"
    );
    assert!(last.ends_with("(-2.94, 2.94)"), "{last}");
    assert_fails(
        &[
            "selfplay", "--white", "master", "--black", "strong", "--games", "2", "--sprt", "10,0",
        ],
        "must be below",
    );
}
