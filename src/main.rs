//! The program: the command line natively (which opens the game by default), the game alone in
//! the browser.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    tesseract_chess::cli::run(std::env::args_os())
}

#[cfg(all(target_arch = "wasm32", feature = "app"))]
fn main() {
    tesseract_chess::app::run_in_browser();
}

#[cfg(all(target_arch = "wasm32", not(feature = "app")))]
fn main() {}
