//! `tesseract-chess four-player …`: the four-player game's commands (the 4D commands keep their
//! names at the top level).

use std::time::Instant;

use clap::{Args, Subcommand, ValueEnum};

use crate::four_player::notation::format_move;
use crate::four_player::{Game, Options, Position, RuleKind, Rules, Seat, Setup, perft, pgn4};

#[derive(Subcommand, Debug)]
pub enum FourPlayerCommand {
    /// Count the leaf nodes of the legal move tree to DEPTH plies (a ply is one seat's move).
    Perft {
        /// Plies to count (0-8).
        #[arg(value_parser = clap::value_parser!(u32).range(0..=8))]
        depth: u32,
        #[command(flatten)]
        start: FourPlayerStart,
        /// Print one line per root move with its count.
        #[arg(long)]
        divide: bool,
    },
    /// List the legal moves of the seat to move, one a line.
    Moves {
        #[command(flatten)]
        start: FourPlayerStart,
    },
    /// Validate a PGN4 record and print its final position, who is out, and the result.
    Pgn {
        /// The PGN4 file to read.
        file: std::path::PathBuf,
        /// Replay under these rules instead of the record's Variant and RuleVariants tags.
        #[arg(long, value_enum)]
        rules: Option<RulesArg>,
        /// With --rules: an option of those rules (repeatable).
        #[arg(long = "option", value_enum, requires = "rules")]
        options: Vec<OptionArg>,
    },
}

#[derive(Args, Debug)]
pub struct FourPlayerStart {
    /// The rule set.
    #[arg(long, value_enum, default_value = "teams")]
    rules: RulesArg,
    /// An option of the rule set (repeatable): FFA's first-mate, last-standing, capture-king,
    /// auto-claim; Teams' both-mated.
    #[arg(long = "option", value_enum)]
    options: Vec<OptionArg>,
    /// Play without en passant (it is on by default).
    #[arg(long)]
    no_en_passant: bool,
    /// A starting array (the default is modern).
    #[arg(long, value_enum, conflicts_with = "fen4")]
    setup: Option<SetupArg>,
    /// A position in FEN4.
    #[arg(long)]
    fen4: Option<String>,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum RulesArg {
    Teams,
    Ffa,
    Club,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum OptionArg {
    FirstMate,
    LastStanding,
    CaptureKing,
    AutoClaim,
    BothMated,
}

/// The rules named on the command line, refusing an option of another rule set.
fn rules_of(kind: RulesArg, options: &[OptionArg], en_passant: bool) -> Result<Rules, String> {
    let kind = match kind {
        RulesArg::Teams => RuleKind::Teams,
        RulesArg::Ffa => RuleKind::Ffa,
        RulesArg::Club => RuleKind::Club,
    };
    let mut set = Options::default();
    for &option in options {
        let (name, fits) = match option {
            OptionArg::FirstMate => ("first-mate", kind == RuleKind::Ffa),
            OptionArg::LastStanding => ("last-standing", kind == RuleKind::Ffa),
            OptionArg::CaptureKing => ("capture-king", kind == RuleKind::Ffa),
            OptionArg::AutoClaim => ("auto-claim", kind == RuleKind::Ffa),
            OptionArg::BothMated => ("both-mated", kind == RuleKind::Teams),
        };
        if !fits {
            return Err(format!("--option {name} is not an option of --rules {}", kind.name()));
        }
        set.set(name);
    }
    Ok(Rules {
        kind,
        en_passant,
        options: set,
    })
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum SetupArg {
    Modern,
    Classic,
}

impl FourPlayerStart {
    fn resolve(&self) -> Result<(Position, Rules), String> {
        let position = match (&self.fen4, self.setup) {
            (Some(text), _) => Position::from_fen4(text).map_err(|e| e.to_string())?,
            (None, Some(SetupArg::Classic)) => Setup::Classic.position(),
            (None, _) => Setup::Modern.position(),
        };
        let rules = rules_of(self.rules, &self.options, !self.no_en_passant)?;
        let mut position = position;
        position.settle_start(rules);
        Ok((position, rules))
    }
}

pub fn execute(command: FourPlayerCommand) -> Result<(), String> {
    match command {
        FourPlayerCommand::Perft { depth, start, divide } => {
            let (mut pos, rules) = start.resolve()?;
            let began = Instant::now();
            let nodes = if divide && depth > 0 {
                let mut total = 0;
                for mv in pos.legal_moves(rules) {
                    let text = format_move(&pos, mv);
                    let undo = pos.make(rules, mv);
                    let count = perft(&mut pos, rules, depth - 1);
                    pos.unmake(mv, undo);
                    say!("{text}: {count}");
                    total += count;
                }
                total
            } else {
                perft(&mut pos, rules, depth)
            };
            let seconds = began.elapsed().as_secs_f64();
            say!("nodes {nodes}");
            say!("time {seconds:.3} nps {:.0}", nodes as f64 / seconds.max(1e-9));
            Ok(())
        }
        FourPlayerCommand::Pgn { file, rules, options } => {
            let shown = file.display();
            let rules = rules.map(|r| rules_of(r, &options, true)).transpose()?;
            let text = crate::files::read_text_limited(&file, pgn4::MAX_BYTES).map_err(|e| e.to_string())?;
            let record = pgn4::import_with(&text, rules).map_err(|e| format!("{shown}: {e}"))?;
            if !record.unknown_variants.is_empty() {
                say!(
                    "note RuleVariants not played here: {}",
                    record.unknown_variants.join(" ")
                );
            }
            say!("fen4 {}", record.game.position().to_fen4());
            say!("status {}", status_line(&record.game));
            Ok(())
        }
        FourPlayerCommand::Moves { start } => {
            let (pos, rules) = start.resolve()?;
            let game = Game::new(rules, pos);
            for &mv in game.legal_moves() {
                say!("{}", format_move(game.position(), mv));
            }
            Ok(())
        }
    }
}

/// Who is out and why, the points (FFA), and the result token with its reason.
fn status_line(game: &Game) -> String {
    let pos = game.position();
    let out: Vec<String> = Seat::ALL
        .into_iter()
        .filter(|s| pos.out[s.index()] || pos.frozen[s.index()])
        .map(|s| match (game.exit(s), pos.frozen[s.index()]) {
            (_, true) => format!("{} (mated, frozen)", s.name()),
            (Some(exit), _) => format!("{} ({})", s.name(), exit.describe()),
            (None, _) => format!("{} (out)", s.name()),
        })
        .collect();
    let mut line = format!(
        "out: {}",
        if out.is_empty() {
            "none".to_string()
        } else {
            out.join(", ")
        }
    );
    if game.rules.kind == RuleKind::Ffa {
        let points: Vec<String> = Seat::ALL
            .iter()
            .map(|s| format!("{} {}", s.name(), pos.points[s.index()]))
            .collect();
        line.push_str(&format!("; points: {}", points.join(", ")));
    }
    match game.outcome() {
        Some(outcome) => line.push_str(&format!("; result {} {outcome}", outcome.result_token(pos.points))),
        None => line.push_str(&format!("; result * ({} to move)", pos.turn.name())),
    }
    line
}
