//! `tesseract-chess four-player …`: the four-player game's commands (the 4D commands keep their
//! names at the top level).

use std::time::Instant;

use clap::{Args, Subcommand, ValueEnum};

use crate::four_player::notation::format_move;
use crate::four_player::{Position, Rules, Seat, Setup, perft, pgn4};

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
    },
}

#[derive(Args, Debug)]
pub struct FourPlayerStart {
    /// The rule set (only teams and ffa move so far).
    #[arg(long, value_enum, default_value = "teams")]
    rules: RulesArg,
    /// A starting array (the default is modern).
    #[arg(long, value_enum, conflicts_with = "fen4")]
    setup: Option<SetupArg>,
    /// A position in FEN4.
    #[arg(long)]
    fen4: Option<String>,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum RulesArg {
    Teams,
    Ffa,
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
        let rules = match self.rules {
            RulesArg::Teams => Rules::TEAMS,
            RulesArg::Ffa => Rules::FFA,
        };
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
        FourPlayerCommand::Pgn { file } => {
            let shown = file.display();
            let text = crate::files::read_text_limited(&file, pgn4::MAX_BYTES).map_err(|e| e.to_string())?;
            let record = pgn4::import(&text).map_err(|e| format!("{shown}: {e}"))?;
            say!("fen4 {}", record.end.to_fen4());
            let out: Vec<&str> = Seat::ALL
                .into_iter()
                .filter(|s| record.end.out[s.index()])
                .map(Seat::name)
                .collect();
            say!(
                "out {}",
                if out.is_empty() {
                    "none".to_string()
                } else {
                    out.join(" ")
                }
            );
            match record.outcome {
                Some(outcome) => say!("result {} {outcome}", outcome.result_token()),
                None => say!("result * ongoing"),
            }
            Ok(())
        }
        FourPlayerCommand::Moves { start } => {
            let (pos, rules) = start.resolve()?;
            for mv in pos.legal_moves(rules) {
                say!("{}", format_move(&pos, mv));
            }
            Ok(())
        }
    }
}
