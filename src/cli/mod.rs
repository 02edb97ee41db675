//! The command line: `perft`, `moves`, `pgn`, and with no command the game window.
//! Every failure is one line on stderr and exit code 2.

/// `println!` for command output: a closed pipe (`| head`) ends the command quietly, as with
/// any Unix tool, instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => { $crate::cli::write_line(format_args!($($arg)*)) };
}

mod commands;
mod engine_commands;
mod four_player;
mod four_player_engine;
mod puzzle_commands;

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::process::ExitCode;

use crate::fourfold::rules::game::MAX_PLIES;
use crate::fourfold::rules::lan::{Strictness, parse_move};
use crate::fourfold::rules::{Game, Position, Setup};

#[derive(Parser, Debug)]
#[command(
    name = "tesseract-chess",
    version,
    about = "Chess in four dimensions on the 4x4x2x2 board"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The game the window opens in: 4d or four-player (without a command).
    #[arg(long, value_parser = ["4d", "four-player"])]
    pub game: Option<String>,
    /// The four-player game's rule set (without a command; it opens four-player chess): teams,
    /// ffa or club, instead of the one the New game form remembers.
    #[arg(long, value_enum)]
    pub rules: Option<four_player::RulesArg>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the leaf nodes of the legal move tree to DEPTH plies.
    Perft {
        /// Plies to search (0-12; depths whose count would take hours are refused).
        #[arg(value_parser = clap::value_parser!(u32).range(0..=12))]
        depth: u32,
        #[command(flatten)]
        start: StartPosition,
        /// Print one line per root move with its count.
        #[arg(long)]
        divide: bool,
    },
    /// List the legal moves in LAN4D, one a line.
    Moves {
        #[command(flatten)]
        start: StartPosition,
    },
    /// Validate a PGN4D file and print its final position and result.
    Pgn {
        /// The PGN4D file to read.
        file: std::path::PathBuf,
    },
    /// Search the position and print the computer's move.
    Bestmove {
        #[command(flatten)]
        game: GameSoFar,
        /// A named level (beginner, novice, casual, club, strong, master); the default is strong.
        #[arg(long, conflicts_with_all = ["depth", "movetime", "nodes"])]
        level: Option<String>,
        /// Search this many plies.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=80))]
        depth: Option<u32>,
        /// Search for this many milliseconds.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
        movetime: Option<u64>,
        /// Search this many nodes.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// Seed for the noisy levels.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The search's refinements; the help comes from `Features::help`, which lists every
        /// switch's name, so it never lags behind a new refinement.
        #[arg(long, default_value = "current", help = crate::fourfold::ai::features::Features::help())]
        search: String,
        /// Search on this many threads (Lazy SMP; the result is then not reproducible).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
        threads: u64,
    },
    /// Review a game with the engine, as the game's *Review with the engine* does: one line a
    /// move, `<ply> <move> <centipawns lost> [? or ??]`, then the costliest moves.
    Review {
        #[command(flatten)]
        game: GameSoFar,
        /// Nodes searched in each position (the game's review searches 100,000).
        #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..=50_000_000))]
        nodes: u64,
    },
    /// Play computer levels against each other and rate them.
    Selfplay {
        /// The first-named level (results are from its point of view); `reference` is the 2-ply
        /// opponent of the original page; `LEVEL:SEARCH` plays a level with another search
        /// (`master:baseline`, `master:-pruning`; as `bestmove --search`).
        #[arg(long)]
        white: String,
        #[arg(long)]
        black: String,
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000))]
        games: u64,
        /// classic, full, or mixed (alternating by opening).
        #[arg(long, default_value = "classic")]
        setup: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
        threads: u64,
        /// Alternate colours game by game.
        #[arg(long)]
        swap: bool,
        /// Random plies before the players take over, for varied openings (each chosen among the
        /// moves a depth-3 search scores within 60 centipawns of the best; 300 for --balanced).
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(0..=40))]
        opening_plies: u64,
        /// Also print one line per game.
        #[arg(long)]
        verbose: bool,
        /// Both players search this many nodes a move instead of their levels' limits.
        #[arg(long, conflicts_with = "movetime", value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// Both players search this many milliseconds a move instead of their levels' limits.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=600_000))]
        movetime: Option<u64>,
        /// Play distinct openings that a deeper search (--balance-nodes) scores within this many
        /// centipawns of even (the first of up to 100 drawn for each, else the nearest), chosen
        /// before the games: from the start positions White is far ahead, and between strong
        /// players the colour decides.
        #[arg(long, value_parser = clap::value_parser!(i32).range(0..=10_000))]
        balanced: Option<i32>,
        /// Play the openings of this book (one a line: `classic MOVE…` in LAN4D; see
        /// --save-openings) instead of random ones.
        #[arg(long, conflicts_with_all = ["balanced", "setup", "opening_plies"])]
        openings: Option<std::path::PathBuf>,
        /// Write the match's openings to this book before the games start.
        #[arg(long)]
        save_openings: Option<std::path::PathBuf>,
        /// Nodes of the search that judges openings for --balanced.
        #[arg(long, requires = "balanced", default_value_t = 2_000_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
        balance_nodes: u64,
        /// Stop as soon as a sequential probability ratio test decides between the first player
        /// being ELO0 or ELO1 stronger (logistic Elo, 5% errors each way; with --swap each opening's
        /// two games count as one sample). Played 100 games at a time; --games is the most it plays.
        #[arg(long, value_name = "ELO0,ELO1", value_parser = crate::rating::sprt::Sprt::parse)]
        sprt: Option<crate::rating::sprt::Sprt>,
    },
    /// Render the game window to a PNG file and exit.
    #[cfg(feature = "app")]
    Screenshot {
        /// Where to write the PNG.
        out: std::path::PathBuf,
        /// flat, tesseract, or morph (halfway).
        #[arg(long, default_value = "tesseract", value_parser = ["flat", "tesseract", "morph"])]
        view: String,
        /// A position in FEN4D (the default is the classic start).
        #[arg(long)]
        fen: Option<String>,
        /// Select the piece on this square (a1@00 or a1[0,0]) to light its moves.
        #[arg(long)]
        select: Option<String>,
        /// 4D rotation in degrees: XW,YW,ZW.
        #[arg(long, value_parser = parse_angles)]
        rotate: Option<[f32; 3]>,
        /// Open this tutorial scene (a file name in scenes/ without .ron; with --game
        /// four-player, one of the four-player introduction's, e.g. 02-points).
        #[arg(long)]
        scene: Option<String>,
        /// Window size as WIDTHxHEIGHT.
        #[arg(long, default_value = "1280x720", value_parser = parse_size)]
        size: (u32, u32),
        /// The game to render: 4d, or four-player (then --fen4, --setup, --rules and --select
        /// name a four-player position and square).
        #[arg(long, default_value = "4d", value_parser = ["4d", "four-player"])]
        game: String,
        #[command(flatten)]
        four_player: four_player::FourPlayerStart,
        /// Four-player chess: draw an arrow FROM-TO on the board (repeatable), e.g. h2-h4.
        #[arg(long = "arrow")]
        arrows: Vec<String>,
    },
    /// Play each pair of adjacent levels (and the top level against the reference opponent) and
    /// rate the levels with Glicko-2, chained up from the beginner at 1500.
    Ladder {
        /// Games per pair: each opening of the book played from both sides, every pair from the
        /// same openings.
        #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u64).range(2..=10_000))]
        games: u64,
        /// Seed of the noisy levels' mistakes.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
        threads: u64,
        /// Play this book's openings (see selfplay --save-openings) instead of the built-in
        /// balanced book of 200 classic openings.
        #[arg(long)]
        openings: Option<std::path::PathBuf>,
    },
    /// Measure frame times while the tesseract turns, and the time to the first frame.
    #[cfg(feature = "app")]
    Framebench {
        /// Frames to measure after a 60-frame warm-up.
        #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(10..=100_000))]
        frames: u64,
        /// Window size as WIDTHxHEIGHT.
        #[arg(long, default_value = "1280x720", value_parser = parse_size)]
        size: (u32, u32),
        /// The game to measure: 4d (the tesseract turning) or four-player (the camera orbiting
        /// the cross board in its opening position).
        #[arg(long, default_value = "4d", value_parser = ["4d", "four-player"])]
        game: String,
        /// Four-player chess: also play this many rounds as Red against three computers at the
        /// first game's level (a 0.6 s pause between their moves) and time each round, from
        /// Red's move to the third reply.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=200))]
        rounds: u64,
    },
    /// Print the 4D mate puzzles, one a line: `<FEN4D>;<solution moves>;<rating>`.
    Puzzles {
        /// Prove each puzzle again with the exhaustive solver first; exit 2 at the first that fails.
        #[arg(long)]
        verify: bool,
        /// Build a new set instead (random positions and self-play games, each proved) and print it.
        #[arg(long, conflicts_with = "verify")]
        build: bool,
        /// The seed of a new set.
        #[arg(long, default_value_t = 1, requires = "build")]
        seed: u64,
    },
    /// Print the player's rating, deviation and last games.
    Rating {
        /// The profile file (default: $TESSERACT_CHESS_PROFILE, or the platform's data folder).
        #[arg(long)]
        profile: Option<std::path::PathBuf>,
        /// How many recent games to list.
        #[arg(long, default_value_t = 10)]
        last: usize,
    },
    /// Four-player chess on the cross board: perft, moves, records, and the computer (bestmove,
    /// selfplay, bench).
    FourPlayer {
        #[command(subcommand)]
        command: four_player::FourPlayerCommand,
    },
    /// Measure search speed on a fixed set of positions.
    Bench {
        /// Nodes to search in each position.
        #[arg(long, default_value_t = 2_000_000, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: u64,
    },
}

#[derive(Args, Debug)]
pub struct StartPosition {
    /// A standard setup (the default is classic).
    #[arg(long, value_enum, conflicts_with = "fen")]
    pub setup: Option<SetupArg>,
    /// A position in FEN4D.
    #[arg(long)]
    pub fen: Option<String>,
}

/// The game `bestmove` searches: a start position and the moves played from it, or a PGN4D
/// record. The computer sees every position the game passed through, so it can tell a
/// repetition coming (a repeated position is a draw to the search).
#[derive(Args, Debug)]
pub struct GameSoFar {
    #[command(flatten)]
    pub start: StartPosition,
    /// The moves played from the start, in LAN4D, space-separated ("b2-b3 c3-c2").
    #[arg(long, allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// A PGN4D record of the game so far (instead of a start and moves).
    #[arg(long, conflicts_with_all = ["setup", "fen", "moves"])]
    pub pgn: Option<std::path::PathBuf>,
}

impl GameSoFar {
    pub fn game(&self) -> Result<Game, String> {
        if let Some(file) = &self.pgn {
            return Ok(commands::read_pgn(file)?.game);
        }
        let mut game = Game::new(self.start.position()?);
        let words: Vec<&str> = self.moves.as_deref().unwrap_or("").split_whitespace().collect();
        if words.len() > MAX_PLIES {
            return Err(format!(
                "--moves: {} moves, more than a game holds ({MAX_PLIES})",
                words.len()
            ));
        }
        for (i, word) in words.iter().enumerate() {
            let mv = parse_move(game.position(), word, Strictness::Lenient)
                .map_err(|e| format!("--moves: move {}: {e}", i + 1))?;
            game.play(mv)
                .map_err(|e| format!("--moves: move {} '{word}': {e}", i + 1))?;
        }
        Ok(game)
    }
}

#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum SetupArg {
    Classic,
    Full,
}

impl StartPosition {
    pub fn position(&self) -> Result<Position, String> {
        match (&self.fen, self.setup) {
            (Some(fen), _) => Position::from_fen(fen).map_err(|e| e.to_string()),
            (None, Some(SetupArg::Full)) => Ok(Setup::Full.position()),
            (None, _) => Ok(Setup::Classic.position()),
        }
    }
}

/// Runs the command line on `args` (the program name first).
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    LAUNCHED.get_or_init(std::time::Instant::now);
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version: print them and succeed.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => return fail(&clap_message(&e.to_string())),
    };
    let outcome = match cli.command {
        Some(command) => commands::execute(command),
        None => launch_game(cli.game.as_deref(), cli.rules.map(Into::into)),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => fail(&message),
    }
}

/// When the program started (for the time to the first frame).
pub(crate) static LAUNCHED: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();

/// clap's message without its usage and help hints, folded onto one line.
fn clap_message(text: &str) -> String {
    text.lines()
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("tip:"))
        .collect::<Vec<_>>()
        .join(" ")
}

pub(crate) fn write_line(line: std::fmt::Arguments) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = writeln!(out, "{line}") {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write the output: {e}");
        std::process::exit(2);
    }
}

fn first_line(text: &str) -> String {
    text.lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("error")
        .trim()
        .to_string()
}

fn fail(message: &str) -> ExitCode {
    let line = first_line(message);
    if line.starts_with("error:") {
        eprintln!("{line}");
    } else {
        eprintln!("error: {line}");
    }
    ExitCode::from(2)
}

#[cfg(feature = "app")]
fn launch_game(game: Option<&str>, rules: Option<crate::four_player::RuleKind>) -> Result<(), String> {
    let mut launch = crate::app::Launch {
        mode: game.map(crate::app::Mode::from_name).transpose()?,
        ..Default::default()
    };
    if let Some(kind) = rules {
        launch
            .set_four_player_rules(kind)
            .map_err(|e| format!("--rules: {e}"))?;
    }
    crate::app::run(launch)
}

/// `90,0,-45` to three angles in degrees (each -3600 to 3600).
#[cfg(feature = "app")]
fn parse_angles(text: &str) -> Result<[f32; 3], String> {
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() != 3 {
        return Err(format!("'{text}' must be three angles XW,YW,ZW in degrees"));
    }
    let mut angles = [0.0; 3];
    for (slot, part) in angles.iter_mut().zip(&parts) {
        let value: f32 = part
            .trim()
            .parse()
            .map_err(|_| format!("'{part}' in '{text}' is not a number"))?;
        if !value.is_finite() || value.abs() > 3600.0 {
            return Err(format!("'{part}' in '{text}' must be between -3600 and 3600 degrees"));
        }
        *slot = value;
    }
    Ok(angles)
}

/// `1280x720` to (1280, 720), each side 64 to 8192 pixels.
#[cfg(feature = "app")]
fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let (w, h) = text
        .split_once('x')
        .ok_or_else(|| format!("'{text}' is not WIDTHxHEIGHT"))?;
    let side = |v: &str| -> Result<u32, String> {
        let n: u32 = v
            .parse()
            .map_err(|_| format!("'{v}' in '{text}' is not a whole number"))?;
        if (64..=8192).contains(&n) {
            Ok(n)
        } else {
            Err(format!("{n} must be from 64 to 8192 pixels"))
        }
    };
    Ok((side(w)?, side(h)?))
}

#[cfg(not(feature = "app"))]
fn launch_game(_game: Option<&str>, _rules: Option<crate::four_player::RuleKind>) -> Result<(), String> {
    Err(
        "this build has no game window (built without the 'app' feature); run a command such as 'perft 3' or '--help'"
            .into(),
    )
}
