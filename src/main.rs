use std::process::ExitCode;

fn main() -> ExitCode {
    tesseract_chess::cli::run(std::env::args_os())
}
