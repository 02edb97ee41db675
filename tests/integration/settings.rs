//! The settings file: what is saved comes back; a partial file keeps the defaults for the rest;
//! a bad one (not RON, a value out of range, an unknown level, too large) is reported with the
//! field, moved aside and replaced by the defaults — and the profile beside it is never touched.

use tesseract_chess::settings::{LoadedSettings, MAX_SETTINGS_BYTES, Settings, SideChoice};

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tesseract-settings-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn saved_settings_load_back_and_a_partial_file_keeps_the_defaults() {
    let dir = temp_dir("round-trip");
    let path = dir.join("settings.ron");
    assert_eq!(Settings::load(&path), LoadedSettings::New(Settings::default()));
    let mut settings = Settings::default();
    settings.view.morph = 0.5;
    settings.view.angles_degrees = [90.0, -30.0, 0.0];
    settings.camera.distance = 22.0;
    settings.new_game.play_as = SideChoice::Black;
    settings.new_game.opponent = Some("master".into());
    settings.new_game.clock = Some("3+2".into());
    settings.four_player.rules = "club".into();
    settings.four_player.seats[2] = "human".into();
    settings.four_player.clock = Some("15+10".into());
    settings.four_player.top_down = true;
    settings.tutorial_scene = Some("22-knight".into());
    settings.reduced_motion = true;
    settings.save(&path).unwrap();
    assert_eq!(Settings::load(&path), LoadedSettings::Found(settings));
    std::fs::write(&path, "(reduced_motion: true)").unwrap();
    let LoadedSettings::Found(partial) = Settings::load(&path) else {
        panic!("a partial file is fine")
    };
    assert!(partial.reduced_motion);
    assert_eq!(partial.camera, Settings::default().camera);
}

#[test]
fn a_bad_settings_file_is_reported_kept_aside_and_replaced_without_touching_the_profile() {
    let cases = [
        ("not ron", "(view: (morph: [", ":1:"),
        (
            "out of range",
            "(camera: (yaw: 0.0, pitch: 0.9, distance: 500.0))",
            "camera.distance",
        ),
        (
            "not a number",
            "(view: (morph: NaN, angles_degrees: (0.0, 0.0, 0.0)))",
            "view.morph",
        ),
        (
            "unknown level",
            "(new_game: (opponent: Some(\"grandmaster\")))",
            "new_game.opponent",
        ),
        (
            "bad time control",
            "(new_game: (clock: Some(\"3 minutes\")))",
            "new_game.clock",
        ),
        (
            "unknown four-player level",
            "(four_player: (seats: (\"human\", \"casual\", \"wizard\", \"casual\")))",
            "four_player.seats",
        ),
        (
            "unknown four-player rules",
            "(four_player: (rules: \"chaos\"))",
            "four_player.rules",
        ),
        (
            "bad scene",
            "(tutorial_scene: Some(\"../../etc/passwd\"))",
            "tutorial_scene",
        ),
    ];
    for (name, text, field) in cases {
        let dir = temp_dir(&name.replace(' ', "-"));
        let path = dir.join("settings.ron");
        let profile = dir.join("profile.ron");
        std::fs::write(&profile, "the profile").unwrap();
        std::fs::write(&path, text).unwrap();
        match Settings::load(&path) {
            LoadedSettings::Recovered {
                settings,
                backup,
                problem,
            } => {
                assert_eq!(settings, Settings::default(), "{name}");
                assert!(problem.contains(field), "{name}: {problem}");
                assert_eq!(
                    std::fs::read_to_string(&backup).unwrap(),
                    text,
                    "{name}: the bad file is kept"
                );
            }
            other => panic!("{name}: {other:?}"),
        }
        assert!(!path.exists(), "{name}: moved aside");
        assert_eq!(std::fs::read_to_string(&profile).unwrap(), "the profile", "{name}");
    }
    let dir = temp_dir("too-large");
    let path = dir.join("settings.ron");
    std::fs::write(&path, vec![b' '; MAX_SETTINGS_BYTES + 1]).unwrap();
    assert!(matches!(Settings::load(&path), LoadedSettings::Recovered { .. }));
    // A folder where the file should be cannot be read as one, and is left alone.
    let dir = temp_dir("folder");
    let path = dir.join("settings.ron");
    std::fs::create_dir_all(&path).unwrap();
    let loaded = Settings::load(&path);
    assert!(matches!(loaded, LoadedSettings::Inaccessible { .. }), "{loaded:?}");
    assert!(loaded.problem().is_some() && path.is_dir());
}

/// The game's logic, headless, with its settings kept in the file at `path`.
#[cfg(feature = "app")]
fn app_with_settings_at(path: &std::path::Path) -> bevy::prelude::App {
    use bevy::prelude::*;
    let mut app = App::new();
    app.add_plugins(MinimalPlugins).init_resource::<ButtonInput<KeyCode>>();
    tesseract_chess::app::logic_plugins(&mut app);
    app.insert_resource(tesseract_chess::app::shell::settings::SettingsStore::at(
        path.to_path_buf(),
    ));
    app
}

/// The running app writes what the player changed (at exit at the latest) and starts from it.
#[cfg(feature = "app")]
#[test]
fn the_app_saves_a_changed_view_and_motion_setting() {
    use bevy::prelude::*;
    use tesseract_chess::app::ViewTarget;
    use tesseract_chess::app::fourfold::mirror::Motion;
    let dir = temp_dir("app");
    let path = dir.join("settings.ron");
    let mut app = app_with_settings_at(&path);
    app.update();
    app.world_mut().resource_mut::<ViewTarget>().0.morph = 1.0;
    app.world_mut().resource_mut::<Motion>().reduced = true;
    app.world_mut().write_message(AppExit::Success);
    app.update();
    let LoadedSettings::Found(saved) = Settings::load(&path) else {
        panic!("saved at exit")
    };
    assert_eq!((saved.view.morph, saved.reduced_motion), (1.0, true));
    assert_eq!(
        saved.game.as_deref(),
        Some("4d"),
        "the shell's section: the game on the screen"
    );
}

/// Each game writes its own section into the shell's store; an app where nothing was changed
/// writes nothing, and a section written by a game is saved with the others kept as loaded.
#[cfg(feature = "app")]
#[test]
fn sections_are_written_into_one_store_and_only_after_a_change() {
    use bevy::prelude::*;
    use tesseract_chess::app::shell::settings::{SettingsStore, WriteSections};
    let dir = temp_dir("sections");
    let path = dir.join("settings.ron");
    let mut kept = Settings::default();
    kept.four_player.rules = "teams".into();
    kept.tutorial_scene = Some("22-knight".into());
    kept.game = Some("4d".into());
    kept.save(&path).unwrap();
    let before = std::fs::read_to_string(&path).unwrap();
    let app = |edit: bool| {
        let mut app = app_with_settings_at(&path);
        if edit {
            // As the four-player panels do when the player picks a setup.
            app.add_systems(
                Last,
                (|mut store: ResMut<SettingsStore>| store.edit(|s| s.four_player.setup = "classic".into()))
                    .in_set(WriteSections),
            );
        }
        app
    };
    let mut unchanged = app(false);
    unchanged.update();
    unchanged.world_mut().write_message(AppExit::Success);
    unchanged.update();
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        before,
        "nothing changed, nothing written"
    );
    let mut edited = app(true);
    edited.update();
    edited.world_mut().write_message(AppExit::Success);
    edited.update();
    let LoadedSettings::Found(saved) = Settings::load(&path) else {
        panic!("saved at exit")
    };
    assert_eq!(saved.four_player.setup, "classic");
    assert_eq!(
        (saved.four_player.rules.as_str(), saved.tutorial_scene.as_deref()),
        ("teams", Some("22-knight")),
        "the rest as loaded"
    );
}
