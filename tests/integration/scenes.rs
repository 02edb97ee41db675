//! Every tutorial scene loads, is legal, and its solution meets its success condition; every
//! `next` scene exists; malformed scenes give errors naming the file, line and field.

use std::collections::BTreeMap;

use tesseract_chess::fourfold::rules::Game;
use tesseract_chess::tutorial::{SceneError, Success, ValidScene};

fn all_scenes() -> BTreeMap<String, String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/scenes");
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .map(|p| {
            (
                p.file_stem().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect()
}

#[test]
fn every_scene_is_valid_and_its_solution_succeeds() {
    let scenes = all_scenes();
    assert!(scenes.len() >= 20, "{} scenes", scenes.len());
    for (name, text) in &scenes {
        let scene = ValidScene::load(name, text).unwrap_or_else(|e| panic!("{e}"));
        if let Some(next) = &scene.scene.next {
            assert!(scenes.contains_key(next), "{name}: next scene {next} is missing");
        }
        // Replay the solution through the runner's own checks.
        let mut game = Game::new(scene.position.clone());
        let mut succeeded = matches!(scene.scene.success, Success::Explore);
        for (ply, &mv) in scene.solution.iter().enumerate() {
            if ply % 2 == 0 {
                assert!(ply > 0 || scene.allows(mv), "{name}: the first move {mv} is allowed");
            }
            game.play(mv).unwrap();
            if ply % 2 == 0 && scene.succeeds(mv, ply / 2, &game) {
                succeeded = true;
            }
        }
        assert!(succeeded, "{name}: the solution meets the success condition");
        if !scene.scene.explorer {
            assert!(
                !scene.solution.is_empty() || matches!(scene.scene.success, Success::Explore),
                "{name}"
            );
        }
    }
}

#[test]
fn the_tutorial_is_one_chain_from_the_first_scene() {
    let scenes = all_scenes();
    let mut name = "01-layers".to_string();
    let mut seen = vec![name.clone()];
    while let Some(next) = ValidScene::load(&name, &scenes[&name]).unwrap().scene.next {
        assert!(!seen.contains(&next), "a loop at {next}");
        seen.push(next.clone());
        name = next;
    }
    assert_eq!(seen.len(), scenes.len(), "every scene is reached: {seen:?}");
}

#[test]
fn mistakes_are_explained_and_the_explorer_counts_hold() {
    let scenes = all_scenes();
    let rook = ValidScene::load("20-rook", &scenes["20-rook"]).unwrap();
    let why = rook
        .mistake("a1@00".parse().unwrap(), "a1@11".parse().unwrap())
        .unwrap();
    assert!(why.contains("Z and W"));
    for (name, count) in [
        ("10-reach-rook", 8),
        ("11-reach-bishop", 14),
        ("12-reach-knight", 8),
        ("13-reach-queen", 38),
        ("14-reach-king", 35),
    ] {
        let scene = ValidScene::load(name, &scenes[name]).unwrap();
        let from = "b2@00".parse().unwrap();
        assert_eq!(scene.position.legal_moves_from(from).len(), count, "{name}");
        assert!(
            scene.scene.text.contains(&format!("{count} squares")),
            "{name} states its count"
        );
    }
}

#[test]
fn malformed_scenes_name_the_file_line_and_field() {
    let good = &all_scenes()["20-rook"];
    let missing = good.replace("    player: \"White\",\n", "");
    let e = ValidScene::load("broken", &missing).unwrap_err().to_string();
    assert!(e.starts_with("scenes/broken.ron:") && e.contains("player"), "{e}");
    let typo = good.replace("success:", "sucess:");
    let e = ValidScene::load("broken", &typo).unwrap_err().to_string();
    assert!(e.contains("sucess") && e.contains(":8:") || e.contains("sucess"), "{e}");
    let line_of = |e: &str| e.split(':').nth(1).and_then(|l| l.parse::<usize>().ok());
    assert!(line_of(&e).is_some_and(|l| l > 1), "a line number: {e}");
    let bad_square = good.replace("\"a1@00-a1@01\"", "\"a1@00-e1@01\"");
    let e = ValidScene::load("broken", &bad_square).unwrap_err().to_string();
    assert!(e.contains("field `success`") || e.contains("field `solution`"), "{e}");
    let bad_fen = good.replace("R1K1|", "R1K2|");
    let error = ValidScene::load("broken", &bad_fen).unwrap_err();
    assert!(matches!(&error, SceneError::Field { field: "fen", .. }), "{error:?}");
    let e = error.to_string();
    assert!(e.contains("field `fen`"), "{e}");
    let illegal = good.replace("solution: [\"a1@00-a1@01\"]", "solution: [\"a1@00-b2@00\"]");
    let error = ValidScene::load("broken", &illegal).unwrap_err();
    assert!(matches!(
        &error,
        SceneError::Field {
            field: "solution",
            solution_move: Some(1),
            ..
        }
    ));
    let e = error.to_string();
    assert!(e.contains("field `solution`, move 1"), "{e}");
}

/// The explorer's scenes hold a lone piece: no game, so no outcome (the king's scene had
/// opened as "draw: only the two kings are left"), and the piece can move.
#[test]
fn explorer_scenes_are_not_games() {
    for (name, text) in all_scenes() {
        let scene = ValidScene::load(&name, &text).unwrap();
        if !scene.scene.explorer {
            continue;
        }
        let game = Game::new(scene.position.clone());
        assert_eq!(game.outcome(), None, "{name}");
        assert!(!scene.position.legal_moves().is_empty(), "{name}: the piece can move");
    }
}

/// The app lists every scene, in order, under the title its file gives.
#[cfg(feature = "app")]
#[test]
fn the_scene_list_names_every_scene_by_its_title() {
    use tesseract_chess::app::{SCENE_TITLES, SCENES};
    let scenes = all_scenes();
    assert_eq!(SCENES.to_vec(), scenes.keys().map(String::as_str).collect::<Vec<_>>());
    for (name, title) in SCENES.iter().zip(SCENE_TITLES) {
        let scene = ValidScene::load(name, &scenes[*name]).unwrap();
        assert_eq!(scene.scene.title, title, "{name}");
    }
}
