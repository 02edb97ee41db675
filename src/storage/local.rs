//! Stored text in the browser: one local-storage entry, replaced whole by each save (a single
//! `setItem` is atomic); an unreadable entry is copied to a backup key before anything replaces it.

use super::{StorageError, TextStorage};

/// The local-storage key of the player's profile.
pub const PROFILE_KEY: &str = "tesseract-chess.profile";
/// The local-storage key of the settings.
pub const SETTINGS_KEY: &str = "tesseract-chess.settings";

/// A text kept in local storage under `key`.
pub struct LocalStorage {
    pub key: String,
}

fn storage() -> Result<web_sys::Storage, String> {
    web_sys::window()
        .ok_or("there is no browser window")?
        .local_storage()
        .map_err(|_| "this page may not use local storage".to_string())?
        .ok_or_else(|| "this browser has no local storage".to_string())
}

fn described(error: wasm_bindgen::JsValue) -> String {
    error.as_string().unwrap_or_else(|| format!("{error:?}"))
}

impl TextStorage for LocalStorage {
    fn describe(&self) -> String {
        format!("local storage `{}`", self.key)
    }

    fn read_text(&self, max_bytes: usize) -> Result<Option<String>, StorageError> {
        let text = storage()
            .map_err(StorageError::Inaccessible)?
            .get_item(&self.key)
            .map_err(|e| StorageError::Inaccessible(format!("cannot read {}: {}", self.describe(), described(e))))?;
        match text {
            Some(text) if text.len() > max_bytes => Err(StorageError::Unreadable(format!(
                "{}: larger than the limit of {max_bytes} bytes",
                self.describe()
            ))),
            text => Ok(text),
        }
    }

    fn write_text(&self, text: &str) -> Result<(), String> {
        storage()?
            .set_item(&self.key, text)
            .map_err(|e| format!("cannot write {} (is it full?): {}", self.describe(), described(e)))
    }

    fn keep_aside(&self) -> Result<String, String> {
        let storage = storage()?;
        let text = storage
            .get_item(&self.key)
            .map_err(|e| format!("cannot read {}: {}", self.describe(), described(e)))?
            .unwrap_or_default();
        let backup = (1..)
            .map(|n| format!("{}.unreadable-{n}", self.key))
            .find(|key| matches!(storage.get_item(key), Ok(None)))
            .expect("some backup key is free");
        storage
            .set_item(&backup, &text)
            .map_err(|e| format!("cannot write local storage `{backup}`: {}", described(e)))?;
        storage
            .remove_item(&self.key)
            .map_err(|e| format!("cannot clear {}: {}", self.describe(), described(e)))?;
        Ok(format!("local storage `{backup}`"))
    }
}
