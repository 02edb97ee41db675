//! Fuzzing every parser of user and file input: FEN4D, PGN4D, tutorial scenes, the profile, and
//! four-player FEN4.
//! Each takes 100,000 inputs: valid texts with random edits (where the interesting errors are)
//! and arbitrary strings. None may panic; what parses must write back to the same thing.
//! Ignored by default; run with `cargo test --release -- --ignored fuzz` (about 1.3 s in all here for
//! the 400,000 inputs, README).

use std::sync::Mutex;

use proptest::prelude::*;
use tesseract_chess::fourfold::rules::fen::parse_placement;
use tesseract_chess::fourfold::rules::*;
use tesseract_chess::rating::Profile;
use tesseract_chess::storage::{StorageError, TextStorage};
use tesseract_chess::tutorial::ValidScene;

const CASES: u32 = 100_000;

/// Characters that matter to the formats, and a few that do not.
const ALPHABET: &[char] = &[
    'K', 'Q', 'R', 'B', 'N', 'P', 'k', 'q', 'r', 'b', 'n', 'p', '1', '2', '3', '4', '5', '0', '9', '/', '|', ' ', 'w',
    'x', '-', '@', '[', ']', ',', '.', '=', '+', '#', '"', '{', '}', '(', ')', ';', '$', '*', '\n', '\r', ':', 'a',
    'd', 'e', '\u{feff}', 'é', '\0',
];

/// One edit of a text: insert, delete or replace at a place given as a fraction of its length.
#[derive(Clone, Debug)]
enum Edit {
    Insert(f64, char),
    Delete(f64),
    Replace(f64, char),
    /// Repeat a slice (long inputs, duplicated tags and moves).
    Duplicate(f64, f64),
}

fn edit() -> impl Strategy<Value = Edit> {
    let place = 0.0..1.0f64;
    let ch = prop::sample::select(ALPHABET);
    prop_oneof![
        (place.clone(), ch.clone()).prop_map(|(p, c)| Edit::Insert(p, c)),
        place.clone().prop_map(Edit::Delete),
        (place.clone(), ch).prop_map(|(p, c)| Edit::Replace(p, c)),
        (place.clone(), place).prop_map(|(a, b)| Edit::Duplicate(a, b)),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let at = |p: f64, len: usize| ((p * len as f64) as usize).min(len);
        match *e {
            Edit::Insert(p, c) => {
                let i = at(p, chars.len());
                chars.insert(i, c);
            }
            Edit::Delete(p) if !chars.is_empty() => {
                let i = at(p, chars.len() - 1);
                chars.remove(i);
            }
            Edit::Replace(p, c) if !chars.is_empty() => {
                let i = at(p, chars.len() - 1);
                chars[i] = c;
            }
            Edit::Duplicate(a, b) => {
                let (i, j) = (at(a.min(b), chars.len()), at(a.max(b), chars.len()));
                let slice: Vec<char> = chars[i..j].to_vec();
                chars.splice(j..j, slice);
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// A valid text edited a few times, or an arbitrary string over the alphabet.
fn input(valid: Vec<String>) -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (prop::sample::select(valid), prop::collection::vec(edit(), 1..6)).prop_map(|(t, e)| apply(&t, &e)),
        1 => prop::collection::vec(prop::sample::select(ALPHABET), 0..120).prop_map(|v| v.into_iter().collect()),
    ]
}

fn fens() -> Vec<String> {
    vec![
        Setup::Classic.fen().to_string(),
        Setup::Full.fen().to_string(),
        "4/4/4/K3|4/4/4/4|4/4/4/r3|3k/4/4/4 w 0 1".to_string(),
        "4/2P1/PP1P/RN1Q|q3/4/4/2R1|1rb1/4/4/4|1knr/3p/p3/1K2 w 0 6".to_string(),
    ]
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: CASES,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    #[ignore]
    fn fuzz_fen4d(text in input(fens())) {
        if let Ok(pos) = Position::from_fen(&text) {
            // What parses is canonical: it writes back as the same text.
            prop_assert_eq!(pos.to_fen(), text.clone());
            prop_assert_eq!(pos.key(), pos.compute_key());
            let _ = pos.legal_moves();
        }
        if let Ok(pos) = parse_placement(&text) {
            let _ = pos.legal_moves();
            let _ = Game::new(pos).outcome();
        }
    }

    #[test]
    #[ignore]
    fn fuzz_fen4(text in input(fen4s())) {
        if let Ok(pos) = tesseract_chess::four_player::Position::from_fen4(&text) {
            let written = pos.to_fen4();
            let again = tesseract_chess::four_player::Position::from_fen4(&written).expect("what is written reads back");
            prop_assert_eq!(again, pos.clone());
            let _ = pos.legal_moves(tesseract_chess::four_player::Rules::TEAMS);
        }
    }

    #[test]
    #[ignore]
    fn fuzz_pgn4d(text in input(records())) {
        if let Ok(record) = pgn::import(&text) {
            let again = pgn::import(&pgn::export(&record.game, &[])).expect("an export imports");
            prop_assert_eq!(again.game.moves(), record.game.moves());
        }
    }

    #[test]
    #[ignore]
    fn fuzz_scenes(text in input(scene_texts())) {
        let _ = ValidScene::load("fuzz", &text);
    }

    #[test]
    #[ignore]
    fn fuzz_settings(text in input(settings_texts())) {
        if let Ok(settings) = tesseract_chess::settings::Settings::parse(&text, "fuzz") {
            // What parses is in range, and what it writes parses back the same.
            prop_assert!(settings.check().is_ok());
            let storage = Memory(Mutex::new(None));
            settings.save(&storage).unwrap();
            let written = storage.0.lock().unwrap().clone().unwrap();
            prop_assert_eq!(tesseract_chess::settings::Settings::parse(&written, "again"), Ok(settings));
        }
    }

    #[test]
    #[ignore]
    fn fuzz_profile(text in input(profiles())) {
        let storage = Memory(Mutex::new(Some(text)));
        if let Ok(Some(profile)) = Profile::read(&storage) {
            // What loads is in range: the loader checked it.
            prop_assert!(profile.rating.check().is_ok(), "{:?}", profile.rating);
            prop_assert!(profile.games.iter().all(|g| g.opponent_rating.is_finite() && g.rating_after.is_finite()));
        }
    }
}

fn fen4s() -> Vec<String> {
    use tesseract_chess::four_player::Setup as FourSetup;
    vec![
        FourSetup::Modern.fen4().to_string(),
        FourSetup::Classic.fen4().to_string(),
    ]
}

fn records() -> Vec<String> {
    let mut game = Game::from_setup(Setup::Classic);
    // Twelve plies, each the last legal move (the first ones would repeat the position).
    for _ in 0..12 {
        let Some(&mv) = game.position().legal_moves().as_slice().last() else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    vec![pgn::SAMPLE.to_string(), pgn::export(&game, &[("Event", "fuzz")])]
}

fn scene_texts() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/scenes");
    let mut texts: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    texts.sort();
    texts
}

fn settings_texts() -> Vec<String> {
    let settings = tesseract_chess::settings::Settings {
        tutorial_scene: Some("20-rook".into()),
        ..Default::default()
    };
    let storage = Memory(Mutex::new(None));
    settings.save(&storage).unwrap();
    let text = storage.0.lock().unwrap().clone().unwrap();
    vec![text, "(reduced_motion: true)".into()]
}

fn profiles() -> Vec<String> {
    use tesseract_chess::rating::{GameResult, Rating, SavedGame};
    let mut profile = Profile::default();
    profile.record(
        SavedGame {
            finished_at: 1_790_000_000,
            opponent: "club".into(),
            opponent_rating: 1697.0,
            result: GameResult::Win,
            reason: "checkmate".into(),
            rated: true,
            rating_after: 0.0,
            pgn: pgn::SAMPLE.into(),
        },
        Rating {
            rating: 1697.0,
            deviation: 78.0,
            volatility: 0.06,
        },
    );
    let storage = Memory(Mutex::new(None));
    profile.save(&storage).unwrap();
    let text = storage.0.lock().unwrap().clone().unwrap();
    vec![text]
}

/// A profile held in memory (the trait's file and local-storage stores both end in its text).
struct Memory(Mutex<Option<String>>);

impl TextStorage for Memory {
    fn describe(&self) -> String {
        "memory".into()
    }
    fn read_text(&self, _max_bytes: usize) -> Result<Option<String>, StorageError> {
        Ok(self.0.lock().unwrap().clone())
    }
    fn write_text(&self, text: &str) -> Result<(), String> {
        *self.0.lock().unwrap() = Some(text.to_string());
        Ok(())
    }
    fn keep_aside(&self) -> Result<String, String> {
        Ok("memory (kept)".into())
    }
}
