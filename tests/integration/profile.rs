//! The player's profile: save/load round trip, an unreadable file kept aside as a backup, an
//! interrupted write leaving the old profile intact, and the `rating` command.

use std::path::PathBuf;
use std::process::Command;

use tesseract_chess::rating::{GameResult, Loaded, Profile, Rating, SavedGame};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tesseract-profile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn game(result: GameResult, rated: bool) -> SavedGame {
    SavedGame {
        finished_at: 1_790_000_000,
        opponent: "club".into(),
        opponent_rating: 1697.0,
        result,
        reason: "checkmate".into(),
        rated,
        rating_after: 0.0,
        pgn: tesseract_chess::fourfold::rules::pgn::SAMPLE.into(),
    }
}

#[test]
fn a_profile_round_trips_and_rated_games_move_the_rating() {
    let dir = temp_dir("round-trip");
    let path = dir.join("profile.ron");
    assert!(matches!(Profile::load(&path).unwrap(), Loaded::New(_)));
    let mut profile = Profile::default();
    let club = Rating {
        rating: 1697.0,
        deviation: 78.0,
        volatility: 0.06,
    };
    profile.record(game(GameResult::Win, true), club);
    assert!(profile.rating.rating > 1500.0 && profile.rating.deviation < 350.0);
    let after_win = profile.rating;
    profile.record(game(GameResult::Loss, false), club);
    assert_eq!(profile.rating, after_win, "unrated games leave the rating alone");
    profile.save(&path).unwrap();
    assert_eq!(Profile::load(&path).unwrap(), Loaded::Found(profile.clone()));
    assert!(!dir.join("profile.ron.tmp").exists());
}

#[test]
fn an_unreadable_profile_is_kept_aside_and_reported() {
    let dir = temp_dir("corrupt");
    let path = dir.join("profile.ron");
    std::fs::write(&path, "(rating: (rating: 1600.0, deviation: oops").unwrap();
    match Profile::load(&path).unwrap() {
        Loaded::Recovered {
            profile,
            backup,
            problem,
        } => {
            assert_eq!(profile, Profile::default());
            assert!(problem.contains("profile.ron:1:"), "{problem}");
            assert_eq!(
                std::fs::read_to_string(&backup).unwrap(),
                "(rating: (rating: 1600.0, deviation: oops"
            );
            assert!(!path.exists(), "the unreadable file moved, nothing overwritten it yet");
        }
        other => panic!("expected a recovery, got {other:?}"),
    }
    // A second bad file gets its own backup name.
    std::fs::write(&path, "garbage").unwrap();
    let Loaded::Recovered { backup, .. } = Profile::load(&path).unwrap() else {
        panic!()
    };
    assert!(backup.ends_with(".unreadable-2"), "{backup}");
}

#[test]
fn an_interrupted_write_leaves_the_old_profile_intact() {
    let dir = temp_dir("interrupted");
    let path = dir.join("profile.ron");
    let mut old = Profile::default();
    old.record(game(GameResult::Draw, true), Rating::START);
    old.save(&path).unwrap();
    // A crash mid-write leaves a half-written temporary file behind; the profile is untouched.
    std::fs::write(dir.join("profile.ron.tmp"), "(rating: (ra").unwrap();
    assert_eq!(Profile::load(&path).unwrap(), Loaded::Found(old.clone()));
    // A write that cannot complete (its temporary path is blocked) fails without harm.
    std::fs::remove_file(dir.join("profile.ron.tmp")).unwrap();
    std::fs::create_dir(dir.join("profile.ron.tmp")).unwrap();
    let mut newer = old.clone();
    newer.record(game(GameResult::Win, true), Rating::START);
    assert!(newer.save(&path).is_err());
    assert_eq!(Profile::load(&path).unwrap(), Loaded::Found(old));
}

#[test]
fn the_rating_command_prints_the_profile_or_the_starting_rating() {
    let dir = temp_dir("cli");
    let path = dir.join("profile.ron");
    let run = |path: &PathBuf| {
        Command::new(env!("CARGO_BIN_EXE_tesseract-chess"))
            .args(["rating", "--profile"])
            .arg(path)
            .output()
            .unwrap()
    };
    let out = run(&path);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "rating 1500 deviation 350 volatility 0.0600 games 0\n"
    );
    let mut profile = Profile::default();
    profile.record(
        game(GameResult::Win, true),
        Rating {
            rating: 1697.0,
            deviation: 78.0,
            volatility: 0.06,
        },
    );
    profile.save(&path).unwrap();
    let text = String::from_utf8(run(&path).stdout).unwrap();
    assert!(text.starts_with("rating 2") && text.contains("games 1"), "{text}");
    // The club level is rated 2188 now: the command shows the rating as the game will work it out.
    assert!(
        text.contains("worked out again from your 1 rated game against them"),
        "{text}"
    );
    assert!(text.contains("game Win vs club (2188) checkmate rated"), "{text}");
    assert!(
        std::fs::read_to_string(&path).unwrap().contains("1697"),
        "the command never writes"
    );
    std::fs::write(&path, "not a profile").unwrap();
    let out = run(&path);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("profile.ron:1:"));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "not a profile",
        "the command never writes"
    );
}

#[cfg(unix)]
#[test]
fn a_device_or_fifo_is_refused_at_once_and_left_alone() {
    let dir = temp_dir("special");
    let fifo = dir.join("profile.ron");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    for path in [PathBuf::from("/dev/zero"), fifo.clone()] {
        let started = std::time::Instant::now();
        let problem = Profile::load(&path).expect_err("not a profile file");
        assert!(problem.contains("not a regular file"), "{problem}");
        assert!(path.exists(), "{} is left where it is", path.display());
        let out = Command::new(env!("CARGO_BIN_EXE_tesseract-chess"))
            .args(["rating", "--profile"])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8(out.stderr).unwrap().contains("not a regular file"));
        assert!(started.elapsed().as_secs() < 5, "refused at once");
    }
}

#[test]
fn a_profile_over_the_size_limit_is_kept_aside_unread() {
    let dir = temp_dir("large");
    let path = dir.join("profile.ron");
    let limit = tesseract_chess::rating::profile::MAX_PROFILE_BYTES;
    std::fs::write(&path, vec![b' '; limit + 1]).unwrap();
    let Loaded::Recovered { problem, backup, .. } = Profile::load(&path).unwrap() else {
        panic!("a profile over the limit is unreadable")
    };
    assert!(problem.contains("larger than the limit"), "{problem}");
    assert_eq!(std::fs::metadata(backup).unwrap().len(), limit as u64 + 1);
}

#[test]
fn ratings_out_of_range_are_refused_and_named() {
    let dir = temp_dir("range");
    let path = dir.join("profile.ron");
    let cases = [
        ("rating: NaN, deviation: 350.0, volatility: 0.06", "rating: rating NaN"),
        ("rating: inf, deviation: 350.0, volatility: 0.06", "rating: rating inf"),
        (
            "rating: 1500.0, deviation: -1.0, volatility: 0.06",
            "rating: deviation -1",
        ),
        (
            "rating: 1500.0, deviation: 351.0, volatility: 0.06",
            "rating: deviation 351",
        ),
        (
            "rating: 1500.0, deviation: 350.0, volatility: 0.0",
            "rating: volatility 0",
        ),
        (
            "rating: 1500.0, deviation: 350.0, volatility: 3.0",
            "rating: volatility 3",
        ),
    ];
    for (rating, expected) in cases {
        std::fs::write(&path, format!("(rating: ({rating}), games: [])")).unwrap();
        let Loaded::Recovered { problem, .. } = Profile::load(&path).unwrap() else {
            panic!("{rating} must be refused")
        };
        assert!(problem.contains(expected), "{rating}: {problem}");
    }
    let mut profile = Profile::default();
    let mut bad = game(GameResult::Win, true);
    bad.opponent_rating = f64::NAN;
    profile.games.push(game(GameResult::Loss, true));
    profile.games.push(bad);
    profile.save(&path).unwrap();
    let Loaded::Recovered { problem, .. } = Profile::load(&path).unwrap() else {
        panic!("a NaN opponent rating must be refused")
    };
    assert!(problem.contains("game 2: opponent rating NaN"), "{problem}");
}

#[test]
fn puzzles_move_their_own_rating_and_an_older_profile_reads_without_one() {
    let dir = temp_dir("puzzles");
    let path = dir.join("profile.ron");
    // A profile written before puzzles: it starts the puzzle rating at 1500.
    std::fs::write(
        &path,
        "(rating: (rating: 1612.0, deviation: 80.0, volatility: 0.06), games: [])",
    )
    .unwrap();
    let Loaded::Found(mut profile) = Profile::load(&path).unwrap() else {
        panic!("an older profile reads")
    };
    assert_eq!((profile.rating.rating, profile.puzzle_rating), (1612.0, Rating::START));
    assert_eq!(
        profile.puzzle_rating_of("fen one", 1500).rating,
        1500.0,
        "untried: the set's rating"
    );
    profile.record_puzzle("fen one".into(), 1500, true);
    let after_win = profile.puzzle_rating.rating;
    assert!(after_win > 1500.0);
    // Solved, the puzzle loses points (less than the player gains: its deviation is smaller).
    let puzzle_after_win = profile.puzzle_rating_of("fen one", 1500).rating;
    assert!(puzzle_after_win < 1500.0 && 1500.0 - puzzle_after_win < after_win - 1500.0);
    profile.record_puzzle("fen one".into(), 1500, false);
    assert!(profile.puzzle_rating.rating < after_win);
    assert!(
        profile.puzzle_rating_of("fen one", 1500).rating > puzzle_after_win,
        "failed, it gains"
    );
    assert_eq!(profile.puzzle_rating_of("fen two", 1700).rating, 1700.0);
    assert_eq!(profile.puzzles_tried, ["fen one"], "a puzzle is listed once");
    assert_eq!(profile.rating.rating, 1612.0, "the game rating is untouched");
    profile.save(&path).unwrap();
    let Loaded::Found(again) = Profile::load(&path).unwrap() else {
        panic!("the saved profile reads")
    };
    assert_eq!(again, profile);
    std::fs::write(
        &path,
        "(rating: (rating: 1500.0, deviation: 350.0, volatility: 0.06), games: [], \
         puzzle_rating: (rating: 1500.0, deviation: 0.0, volatility: 0.06))",
    )
    .unwrap();
    let Loaded::Recovered { problem, .. } = Profile::load(&path).unwrap() else {
        panic!("a zero deviation must be refused")
    };
    assert!(problem.contains("puzzle rating: deviation 0"), "{problem}");
    std::fs::write(
        &path,
        "(rating: (rating: 1500.0, deviation: 350.0, volatility: 0.06), games: [], \
         puzzle_ratings: {\"fen one\": (rating: 1500.0, deviation: -1.0, volatility: 0.06)})",
    )
    .unwrap();
    let Loaded::Recovered { problem, .. } = Profile::load(&path).unwrap() else {
        panic!("a negative deviation must be refused")
    };
    assert!(
        problem.contains("the rating of puzzle fen one: deviation -1"),
        "{problem}"
    );
}

#[test]
fn a_rating_is_worked_out_again_when_an_opponent_was_rated_anew() {
    let rating = |rating: f64, deviation: f64| Rating {
        rating,
        deviation,
        volatility: 0.06,
    };
    let (club_then, club_now) = (rating(1697.0, 78.0), rating(2188.0, 35.0));
    let forgotten = rating(1750.0, 50.0);
    let with_opponent = |game: SavedGame, opponent: &str, rated_at: f64| SavedGame {
        opponent: opponent.into(),
        opponent_rating: rated_at,
        ..game
    };
    let games = [
        (GameResult::Win, true, "club"),
        (GameResult::Loss, false, "club"),
        (GameResult::Draw, true, "retired level"),
        (GameResult::Loss, true, "club"),
    ];
    let play = |club: Rating| {
        let mut profile = Profile::default();
        for (result, rated, opponent) in games {
            let (opponent_rating, at) = if opponent == "club" {
                (club, club.rating)
            } else {
                (forgotten, forgotten.rating)
            };
            profile.record(with_opponent(game(result, rated), opponent, at), opponent_rating);
        }
        profile
    };
    let current = |name: &str| (name == "club").then_some(club_now);
    let mut profile = play(club_then);
    let unchanged = play(club_now);
    let mut same = unchanged.clone();
    assert_eq!(same.rerate(current), None, "nothing to do when the ratings stand");
    assert_eq!(same, unchanged);
    let rerated = profile.rerate(current).expect("the club level was rated anew");
    assert_eq!(rerated.games, 3, "rated games only");
    assert_eq!(rerated.before, play(club_then).rating.rating);
    assert_eq!(rerated.after, unchanged.rating.rating);
    assert!(
        rerated.after > rerated.before,
        "results against a stronger club level count for more"
    );
    // The same as playing the games against the club's rating now (the retired level's saved
    // rating kept, at a level's deviation).
    assert_eq!(profile, unchanged);
    assert_eq!(profile.games[1].rating_after, profile.games[0].rating_after, "unrated");
    assert_eq!(profile.rerate(current), None, "once");
}
