//! Where the app keeps what must outlive a run — the player's profile, the settings: a file
//! natively (written atomically: a temporary file, synced, then renamed over the old one), one
//! local-storage entry in the browser. What cannot be read is moved aside under a new name and
//! reported, never overwritten silently. Reads are bounded by the caller's limit.

use std::path::{Path, PathBuf};

#[cfg(target_arch = "wasm32")]
pub mod local;

/// Why stored text could not be read.
#[derive(Clone, Debug, PartialEq)]
pub enum StorageError {
    /// There is something stored, but it is not what it should be (too large, not text, not
    /// parseable): it may be moved aside and replaced.
    Unreadable(String),
    /// The place cannot be read at all, or holds no file (a device, a FIFO): left alone.
    Inaccessible(String),
}

impl std::fmt::Display for StorageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StorageError::Unreadable(why) | StorageError::Inaccessible(why) => f.write_str(why),
        }
    }
}

/// A place that holds one text: a file natively, the browser's local storage on the web.
pub trait TextStorage: Send + Sync {
    /// The place, for messages: a path, or the local-storage key.
    fn describe(&self) -> String;
    /// The stored text, at most `max_bytes` long; `None` when nothing is stored yet.
    fn read_text(&self, max_bytes: usize) -> Result<Option<String>, StorageError>;
    /// Replaces the stored text in one step.
    fn write_text(&self, text: &str) -> Result<(), String>;
    /// Moves the stored (unreadable) text aside under a new name and says which.
    fn keep_aside(&self) -> Result<String, String>;
}

/// A file. Written atomically: a temporary file, synced, then renamed over the old one.
impl TextStorage for PathBuf {
    fn describe(&self) -> String {
        self.display().to_string()
    }

    fn read_text(&self, max_bytes: usize) -> Result<Option<String>, StorageError> {
        use crate::files::{ReadError, read_text_limited};
        match read_text_limited(self, max_bytes) {
            Ok(text) => Ok(Some(text)),
            Err(ReadError::NotFound(_)) => Ok(None),
            Err(e @ (ReadError::TooLarge { .. } | ReadError::NotText { .. })) => {
                Err(StorageError::Unreadable(e.to_string()))
            }
            // Not a file of ours to move aside (a device, a FIFO), or not readable at all.
            Err(e) => Err(StorageError::Inaccessible(e.to_string())),
        }
    }

    fn write_text(&self, text: &str) -> Result<(), String> {
        use std::io::Write;
        if let Some(dir) = self.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        let temporary = self.with_extension("ron.tmp");
        let mut file =
            std::fs::File::create(&temporary).map_err(|e| format!("cannot write {}: {e}", temporary.display()))?;
        file.write_all(text.as_bytes())
            .and_then(|()| file.sync_all())
            .map_err(|e| format!("cannot write {}: {e}", temporary.display()))?;
        std::fs::rename(&temporary, self).map_err(|e| format!("cannot replace {}: {e}", self.display()))
    }

    fn keep_aside(&self) -> Result<String, String> {
        let backup = free_backup_path(self);
        std::fs::rename(self, &backup).map_err(|e| format!("cannot rename it to {}: {e}", backup.display()))?;
        Ok(backup.display().to_string())
    }
}

/// `profile.ron.unreadable-1`, `-2`, … : the first name not taken.
fn free_backup_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or("profile".into(), |n| n.to_string_lossy().into_owned());
    (1..)
        .map(|n| path.with_file_name(format!("{name}.unreadable-{n}")))
        .find(|p| !p.exists())
        .expect("some backup name is free")
}
