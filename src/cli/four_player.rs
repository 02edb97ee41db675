//! `tesseract-chess four-player …`: the four-player game's commands (the 4D commands keep their
//! names at the top level).

use std::time::Instant;

use clap::{Args, Subcommand, ValueEnum};

use super::four_player_engine::{BestmoveOptions, bench, bestmove, selfplay};
use crate::engine::Limits;
use crate::four_player::ai::selfplay::{Entrant, SelfplayConfig};
use crate::four_player::ai::{PLAN_NODES, Strategy, hint_game};
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
    /// Search the position for the seat to move: one `info` line per iteration, then `bestmove`.
    Bestmove {
        #[command(flatten)]
        start: FourPlayerStart,
        /// The game so far (PGN4): the search knows its repetitions; its last position is searched.
        #[arg(long, conflicts_with_all = ["fen4", "setup"])]
        pgn: Option<std::path::PathBuf>,
        /// Search for this seat as if it were its turn, as the game's plan button asks a computer
        /// partner: with no other limit, the button's 60,000 nodes.
        #[arg(long = "for", value_enum)]
        for_seat: Option<SeatArg>,
        #[command(flatten)]
        limits: SearchLimits,
    },
    /// Play computer levels against each other, seat by seat, and rate them.
    Selfplay {
        /// The four seats' players, Red, Blue, Yellow, Green: level names or `greedy` (a one-ply
        /// points grabber), each optionally with its FFA search (`strong:paranoid`, `strong:brs`)
        /// and/or without one of the search's refinements, to measure it (`strong:-reductions`,
        /// `strong:-move-memory`).
        #[arg(long, value_delimiter = ',', required = true)]
        seats: Vec<String>,
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000))]
        games: u64,
        #[command(flatten)]
        start: FourPlayerStart,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
        threads: u64,
        /// Turn the seating game by game, so each player plays every seat.
        #[arg(long)]
        rotate: bool,
        /// Random plies (one per seat, among moves that lose nothing at once) before the players take over.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(0..=40))]
        opening_plies: u64,
        /// A game still going after this many turns is ended and scored as it stands.
        #[arg(long, default_value_t = 1_000, value_parser = clap::value_parser!(u64).range(1..=10_000))]
        max_turns: u64,
        /// Computer players never resign.
        #[arg(long)]
        no_resign: bool,
        /// Print one line per game.
        #[arg(long)]
        verbose: bool,
        /// Write every game to this folder as `game-N.pgn4`.
        #[arg(long)]
        save: Option<std::path::PathBuf>,
        /// Every computer player searches this many nodes a move instead of its level's limits.
        #[arg(long, conflicts_with = "movetime", value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// Every computer player searches this many milliseconds a move instead of its level's
        /// limits (equal time).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=600_000))]
        movetime: Option<u64>,
    },
    /// Measure search speed over fixed positions of all three rule sets.
    Bench {
        /// Nodes to search in each position.
        #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: u64,
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
    /// The rule set (the default is teams; with --pgn, the record's tags).
    #[arg(long, value_enum)]
    rules: Option<RulesArg>,
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

#[derive(Args, Debug)]
pub struct SearchLimits {
    /// A named level (beginner, novice, casual, club, strong, master); the default is strong.
    #[arg(long, conflicts_with_all = ["depth", "movetime", "nodes"])]
    level: Option<String>,
    /// Search this many plies.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=48))]
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
    /// FFA's multi-player search: paranoid, or brs (best-reply search, the default).
    #[arg(long, value_parser = parse_strategy)]
    search: Option<Strategy>,
}

fn parse_strategy(text: &str) -> Result<Strategy, String> {
    Strategy::parse(text)
}

#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum RulesArg {
    Teams,
    Ffa,
    Club,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum SeatArg {
    Red,
    Blue,
    Yellow,
    Green,
}

impl From<SeatArg> for Seat {
    fn from(seat: SeatArg) -> Seat {
        match seat {
            SeatArg::Red => Seat::Red,
            SeatArg::Blue => Seat::Blue,
            SeatArg::Yellow => Seat::Yellow,
            SeatArg::Green => Seat::Green,
        }
    }
}

#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum OptionArg {
    FirstMate,
    LastStanding,
    CaptureKing,
    AutoClaim,
    BothMated,
}

impl From<RulesArg> for RuleKind {
    fn from(kind: RulesArg) -> RuleKind {
        match kind {
            RulesArg::Teams => RuleKind::Teams,
            RulesArg::Ffa => RuleKind::Ffa,
            RulesArg::Club => RuleKind::Club,
        }
    }
}

/// The rules named on the command line, refusing an option of another rule set.
fn rules_of(kind: RulesArg, options: &[OptionArg], en_passant: bool) -> Result<Rules, String> {
    let kind = RuleKind::from(kind);
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
    /// The rules, when `--rules` was given on the command line (a record's tags decide otherwise).
    fn explicit_rules(&self) -> Result<Option<Rules>, String> {
        self.rules
            .map(|kind| rules_of(kind, &self.options, !self.no_en_passant))
            .transpose()
    }

    /// The game this start names, for the game window.
    #[cfg(feature = "app")]
    pub(super) fn game(&self) -> Result<crate::four_player::Game, String> {
        let (position, rules) = self.resolve()?;
        Ok(crate::four_player::Game::new(rules, position))
    }

    fn resolve(&self) -> Result<(Position, Rules), String> {
        let position = match (&self.fen4, self.setup) {
            (Some(text), _) => Position::from_fen4(text).map_err(|e| e.to_string())?,
            (None, Some(SetupArg::Classic)) => Setup::Classic.position(),
            (None, _) => Setup::Modern.position(),
        };
        let rules = rules_of(
            self.rules.unwrap_or(RulesArg::Teams),
            &self.options,
            !self.no_en_passant,
        )?;
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
        FourPlayerCommand::Bestmove {
            start,
            pgn,
            for_seat,
            limits,
        } => {
            let game = match pgn {
                Some(file) => {
                    let text = crate::files::read_text_limited(&file, pgn4::MAX_BYTES).map_err(|e| e.to_string())?;
                    let rules = start.explicit_rules()?;
                    pgn4::import_with(&text, rules)
                        .map_err(|e| format!("{}: {e}", file.display()))?
                        .game
                }
                None => {
                    let (pos, rules) = start.resolve()?;
                    Game::new(rules, pos)
                }
            };
            let game = match for_seat.map(Seat::from) {
                Some(seat) => hint_game(&game, seat).ok_or_else(|| {
                    format!(
                        "--for {}: the seat is out or the game is over",
                        seat.name().to_lowercase()
                    )
                })?,
                None => game,
            };
            // A plan asked with no limit searches as the plan button does.
            let unlimited = limits.level.is_none() && limits.depth.is_none() && limits.movetime.is_none();
            let plan_nodes = (for_seat.is_some() && unlimited).then_some(PLAN_NODES);
            let options = BestmoveOptions {
                level: limits.level,
                limits: Limits {
                    depth: limits.depth,
                    nodes: limits.nodes.or(plan_nodes),
                    movetime_ms: limits.movetime,
                    ..Default::default()
                },
                seed: limits.seed,
                search: limits.search,
            };
            bestmove(game, options)
        }
        FourPlayerCommand::Selfplay {
            seats,
            games,
            start,
            seed,
            threads,
            rotate,
            opening_plies,
            max_turns,
            no_resign,
            verbose,
            save,
            nodes,
            movetime,
        } => {
            let (position, rules) = start.resolve()?;
            let seats: Vec<Entrant> = seats.iter().map(|s| Entrant::parse(s)).collect::<Result<_, _>>()?;
            let seats: [Entrant; 4] = seats.try_into().map_err(|_| "--seats takes four players".to_string())?;
            let config = SelfplayConfig {
                rules,
                start: position,
                seats,
                games: games as usize,
                seed,
                threads: threads as usize,
                rotate,
                opening_plies: opening_plies as usize,
                max_turns: max_turns as usize,
                resign: !no_resign,
                limits: Limits::in_place_of_levels(nodes, movetime),
            };
            selfplay(&config, verbose, save.as_deref())
        }
        FourPlayerCommand::Bench { nodes } => bench(nodes),
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
