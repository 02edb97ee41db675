//! The panels' two fonts, embedded: subsets of egui's Ubuntu Light (text) and Hack (monospace,
//! and the arrows and shapes Ubuntu lacks), made by `assets/fonts/subset.sh`. egui's own default
//! set adds two emoji fonts and full character sets: 0.6 MiB (gzip) more to download in the browser.

use bevy::prelude::*;
use bevy_egui::{EguiContext, EguiPreUpdateSet, egui};

const TEXT: &[u8] = include_bytes!("../../../assets/fonts/ui-text.ttf");
const MONO: &[u8] = include_bytes!("../../../assets/fonts/ui-mono.ttf");

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(PreUpdate, install_fonts.before(EguiPreUpdateSet::BeginPass));
}

/// The font definitions: each family falls back to the other face for characters it lacks.
pub fn definitions() -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::empty();
    fonts
        .font_data
        .insert("text".to_owned(), egui::FontData::from_static(TEXT).into());
    fonts
        .font_data
        .insert("mono".to_owned(), egui::FontData::from_static(MONO).into());
    fonts.families.insert(
        egui::FontFamily::Proportional,
        vec!["text".to_owned(), "mono".to_owned()],
    );
    fonts
        .families
        .insert(egui::FontFamily::Monospace, vec!["mono".to_owned(), "text".to_owned()]);
    fonts
}

/// Before a new context's first pass, so no frame is laid out without fonts.
fn install_fonts(mut contexts: Query<&mut EguiContext, Added<EguiContext>>) {
    for mut context in &mut contexts {
        context.get_mut().set_fonts(definitions());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every character in the game's sources and tutorial scenes (labels, messages, scene texts)
    /// must be in one of the two faces: a missing one shows as an empty box.
    #[test]
    fn the_fonts_cover_every_character_the_game_writes() {
        use skrifa::MetadataProvider;
        let faces = [TEXT, MONO].map(|data| skrifa::FontRef::new(data).unwrap().charmap());
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        let mut folders = vec![root.join("src"), root.join("scenes")];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    folders.push(path);
                } else if path.extension().is_some_and(|e| e == "rs" || e == "ron") {
                    files.push(path);
                }
            }
        }
        assert!(files.len() > 20, "found only {} source files", files.len());
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            for c in text.chars().filter(|c| !c.is_control()) {
                assert!(
                    faces.iter().any(|face| face.map(c).is_some()),
                    "{c:?} ({}) in {} is in neither font",
                    c.escape_unicode(),
                    path.display()
                );
            }
        }
        // And the monospace face alone has every printable ASCII character (squares, moves, FEN4D).
        assert!((' '..='~').all(|c| faces[1].map(c).is_some()));
    }
}
