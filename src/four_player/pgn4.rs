//! PGN4 import (chess.com's records) for the rule sets that move so far (Teams, FFA movement):
//! tags, numbered rounds with the seats' moves separated by ` .. `, `{comments}` and
//! `(variations)` skipped, the leave tokens (`R`, `T`, `S`, `R#`, `T#`), and check markers read
//! but not yet checked. Each move is matched against the legal moves by its written form.

use std::fmt;

use super::board::Seat;
use super::game::{Game, Outcome};
use super::movegen::{RuleKind, Rules};
use super::moves::Move;
use super::notation::format_move;
use super::position::{Position, Setup};

pub const MAX_BYTES: usize = 256 * 1024;
/// The most moves a record may hold (chess.com games end long before: 200 rounds are 800).
pub const MAX_PLIES: usize = 10_000;

/// What a seat did on its turn.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Turn {
    Move(Move),
    /// `R`: resigned (also `R#`, resigning while mated).
    Resign,
    /// `T`: out of time (also `T#`).
    Timeout,
    /// `S`: stalemated.
    Stalemated,
}

#[derive(Clone, Debug)]
pub struct Record {
    pub tags: Vec<(String, String)>,
    pub rules: Rules,
    pub start: Position,
    pub turns: Vec<(Seat, Turn)>,
    /// The position after every turn.
    pub end: Position,
    /// How the game ended, where the rules are played to their end (Teams so far).
    pub outcome: Option<Outcome>,
}

impl Record {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// What is wrong with a record, and where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Pgn4Error {
    pub line: Option<usize>,
    pub kind: Pgn4ErrorKind,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Pgn4ErrorKind {
    TooLarge(usize),
    BadTag(String),
    UnknownVariant(String),
    Start(String),
    UnclosedComment,
    RoundNumber {
        found: String,
        expected: usize,
    },
    TooManyPlies,
    /// The `Result` tag disagrees with how the replayed game ended.
    ResultMismatch {
        tag: String,
        replayed: String,
    },
    /// A move that matches no legal move of the seat to move.
    Illegal {
        round: usize,
        seat: Seat,
        text: String,
    },
    AfterTheEnd {
        round: usize,
        text: String,
    },
}

impl fmt::Display for Pgn4Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Pgn4ErrorKind::*;
        f.write_str("invalid PGN4: ")?;
        if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
        match &self.kind {
            TooLarge(n) => write!(f, "the file is {n} bytes, over the limit of {MAX_BYTES}"),
            BadTag(text) => write!(f, "a tag must be [Name \"value\"], found '{text}'"),
            UnknownVariant(v) => write!(f, "Variant \"{v}\" is not FFA, Solo or Teams"),
            Start(why) => write!(f, "StartFen4: {why}"),
            UnclosedComment => f.write_str("a '{' comment or '(' variation is never closed"),
            RoundNumber { found, expected } => write!(f, "expected round {expected}., found '{found}'"),
            TooManyPlies => write!(f, "more than {MAX_PLIES} moves"),
            ResultMismatch { tag, replayed } => write!(f, "Result \"{tag}\" but the game replays to {replayed}"),
            Illegal { round, seat, text } => {
                write!(f, "round {round}, {}: '{text}' is not a legal move here", seat.name())
            }
            AfterTheEnd { round, text } => write!(f, "round {round}: '{text}' comes after the game ended"),
        }
    }
}

impl std::error::Error for Pgn4Error {}

fn fail<T>(line: Option<usize>, kind: Pgn4ErrorKind) -> Result<T, Pgn4Error> {
    Err(Pgn4Error { line, kind })
}

/// Reads a record and replays it.
pub fn import(text: &str) -> Result<Record, Pgn4Error> {
    if text.len() > MAX_BYTES {
        return fail(None, Pgn4ErrorKind::TooLarge(text.len()));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text).replace("\r\n", "\n");
    let mut tags = Vec::new();
    let mut movetext = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') && movetext.is_empty() {
            tags.push(parse_tag(trimmed).ok_or_else(|| Pgn4Error {
                line: Some(i + 1),
                kind: Pgn4ErrorKind::BadTag(trimmed.to_string()),
            })?);
        } else if !trimmed.is_empty() {
            movetext.push((i + 1, trimmed.to_string()));
        }
    }
    let tag = |name: &str| {
        tags.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v): &(String, String)| v.as_str())
    };
    let kind = match tag("Variant").unwrap_or("Teams") {
        "Teams" => RuleKind::Teams,
        "FFA" | "Solo" => RuleKind::Ffa,
        other => return fail(None, Pgn4ErrorKind::UnknownVariant(other.to_string())),
    };
    let en_passant = tag("RuleVariants").is_some_and(|v| v.split_whitespace().any(|t| t == "EnPassant"));
    let rules = Rules { kind, en_passant };
    let start = match tag("StartFen4") {
        None | Some("4PC") => Setup::Modern.position(),
        Some("4PCo") => Setup::Classic.position(),
        Some(fen4) => Position::from_fen4(fen4).map_err(|e| Pgn4Error {
            line: None,
            kind: Pgn4ErrorKind::Start(e.to_string()),
        })?,
    };
    let mut game = Game::new(rules, start.clone());
    let mut round = 0;
    for (line, text) in strip_comments(&movetext)? {
        let mut rest = text.as_str();
        let number_end = rest.find('.').unwrap_or(0);
        let number = &rest[..number_end];
        round += 1;
        if number.parse::<usize>() != Ok(round) {
            return fail(
                Some(line),
                Pgn4ErrorKind::RoundNumber {
                    found: rest.split_whitespace().next().unwrap_or("").to_string(),
                    expected: round,
                },
            );
        }
        rest = &rest[number_end + 1..];
        for token in rest.split("..").map(str::trim).filter(|t| !t.is_empty()) {
            let pos = game.position();
            // FFA: the game ends when three players are out (its other ends are still to come).
            let ended = game.outcome().is_some() || pos.out.iter().filter(|&&o| o).count() >= 3;
            if ended {
                // A leave written for the seat the end caught (chess.com's `R#` for a mated
                // player) changes nothing.
                if matches!(token, "R" | "R#" | "T" | "T#" | "S") {
                    continue;
                }
                return fail(
                    Some(line),
                    Pgn4ErrorKind::AfterTheEnd {
                        round,
                        text: token.to_string(),
                    },
                );
            }
            if game.turns().len() >= MAX_PLIES {
                return fail(Some(line), Pgn4ErrorKind::TooManyPlies);
            }
            let seat = pos.turn;
            let turn = match token {
                "R" | "R#" => Turn::Resign,
                "T" | "T#" => Turn::Timeout,
                "S" => Turn::Stalemated,
                _ => Turn::Move(find_move(pos, game.legal_moves(), token).ok_or_else(|| Pgn4Error {
                    line: Some(line),
                    kind: Pgn4ErrorKind::Illegal {
                        round,
                        seat,
                        text: token.to_string(),
                    },
                })?),
            };
            game.play(turn).map_err(|_| Pgn4Error {
                line: Some(line),
                kind: Pgn4ErrorKind::Illegal {
                    round,
                    seat,
                    text: token.to_string(),
                },
            })?;
        }
    }
    let outcome = game.outcome();
    if let (Some(declared), Some(outcome)) = (tag("Result"), outcome)
        && declared != "*"
        && declared != outcome.result_token()
    {
        return fail(
            None,
            Pgn4ErrorKind::ResultMismatch {
                tag: declared.to_string(),
                replayed: format!("{} ({outcome})", outcome.result_token()),
            },
        );
    }
    Ok(Record {
        tags,
        rules,
        start,
        turns: game.turns().to_vec(),
        end: game.position().clone(),
        outcome,
    })
}

/// The legal move written as `token` (its check and mate markers aside; `=D`, FFA's one-point
/// queen, is read as `=Q`).
fn find_move(pos: &Position, legal: &[Move], token: &str) -> Option<Move> {
    let bare = token.trim_end_matches(['+', '#']).replace("=D", "=Q");
    legal.iter().copied().find(|&m| format_move(pos, m) == bare)
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, value) = inner.split_once(' ')?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    (!name.is_empty()).then(|| (name.to_string(), value.to_string()))
}

/// The movetext lines with `{comments}` and `(variations)` removed (they may span lines).
fn strip_comments(lines: &[(usize, String)]) -> Result<Vec<(usize, String)>, Pgn4Error> {
    let mut out = Vec::new();
    let mut depth_comment = false;
    let mut depth_variation = 0usize;
    let mut opened_at = 0;
    for (line, text) in lines {
        let mut kept = String::new();
        for c in text.chars() {
            match c {
                '{' if !depth_comment => {
                    depth_comment = true;
                    opened_at = *line;
                }
                '}' if depth_comment => depth_comment = false,
                '(' if !depth_comment => {
                    if depth_variation == 0 {
                        opened_at = *line;
                    }
                    depth_variation += 1;
                }
                ')' if !depth_comment && depth_variation > 0 => depth_variation -= 1,
                _ if !depth_comment && depth_variation == 0 => kept.push(c),
                _ => {}
            }
        }
        if !kept.trim().is_empty() {
            out.push((*line, kept.trim().to_string()));
        }
    }
    if depth_comment || depth_variation > 0 {
        return fail(Some(opened_at), Pgn4ErrorKind::UnclosedComment);
    }
    Ok(out)
}
