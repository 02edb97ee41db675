//! Bounded file reads. A file is read through a limit of its largest allowed size plus one
//! byte, and only if it is a regular file: a FIFO, a device (`/dev/zero`) or a file that grows
//! without end is refused at once instead of being read for ever.

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Why a file could not be read.
#[derive(Debug)]
pub enum ReadError {
    NotFound(PathBuf),
    /// A FIFO, a device, a folder: nothing a record or profile can be.
    NotAFile(PathBuf),
    /// Larger than `limit` bytes (found by reading limit + 1 bytes at most).
    TooLarge {
        path: PathBuf,
        limit: usize,
    },
    /// Not UTF-8: the offset of the first invalid byte.
    NotText {
        path: PathBuf,
        offset: usize,
    },
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::NotFound(path) => write!(f, "cannot read {}: no such file", path.display()),
            ReadError::NotAFile(path) => write!(f, "{}: not a regular file", path.display()),
            ReadError::TooLarge { path, limit } => {
                write!(f, "{}: larger than the limit of {limit} bytes", path.display())
            }
            ReadError::NotText { path, offset } => {
                write!(
                    f,
                    "{}: not UTF-8 text (invalid byte at offset {offset})",
                    path.display()
                )
            }
            ReadError::Io { path, error } => write!(f, "cannot read {}: {error}", path.display()),
        }
    }
}

impl std::error::Error for ReadError {}

/// The bytes of the regular file at `path`, if it holds at most `limit` bytes.
pub fn read_limited(path: &Path, limit: usize) -> Result<Vec<u8>, ReadError> {
    let io = |error: std::io::Error| {
        if error.kind() == std::io::ErrorKind::NotFound {
            ReadError::NotFound(path.to_path_buf())
        } else {
            ReadError::Io {
                path: path.to_path_buf(),
                error,
            }
        }
    };
    // Checked before opening: opening a FIFO for reading waits for a writer.
    if !std::fs::metadata(path).map_err(io)?.is_file() {
        return Err(ReadError::NotAFile(path.to_path_buf()));
    }
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() > limit {
        return Err(ReadError::TooLarge {
            path: path.to_path_buf(),
            limit,
        });
    }
    Ok(bytes)
}

/// The text of the regular file at `path`, if it holds at most `limit` bytes of UTF-8.
pub fn read_text_limited(path: &Path, limit: usize) -> Result<String, ReadError> {
    String::from_utf8(read_limited(path, limit)?).map_err(|e| ReadError::NotText {
        path: path.to_path_buf(),
        offset: e.utf8_error().valid_up_to(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tesseract-files-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn reads_up_to_the_limit_and_refuses_one_byte_more() {
        let dir = scratch("limit");
        let path = dir.join("f");
        std::fs::write(&path, vec![b'a'; 10]).unwrap();
        assert_eq!(read_limited(&path, 10).unwrap().len(), 10);
        assert!(matches!(
            read_limited(&path, 9),
            Err(ReadError::TooLarge { limit: 9, .. })
        ));
        assert!(matches!(
            read_limited(&dir.join("missing"), 9),
            Err(ReadError::NotFound(_))
        ));
        assert!(matches!(read_limited(&dir, 9), Err(ReadError::NotAFile(_))));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn an_endless_device_is_refused_at_once() {
        let zero = Path::new("/dev/zero");
        if zero.exists() {
            assert!(matches!(read_limited(zero, 1 << 20), Err(ReadError::NotAFile(_))));
        }
    }
}
