//! PGN4, chess.com's game records: import (tags, numbered rounds with the seats' moves
//! separated by ` .. `, `{comments}` and `(variations)` skipped, the leave tokens `R` `T` `S`
//! `R#` `T#`, check markers read) replaying every move through a `Game`, and export that writes
//! what import reads back. Moves are matched against the legal moves by their written form.

use std::fmt;

use super::board::Seat;
use super::game::{Game, Turn};
use super::moves::Move;
use super::notation::format_move;
use super::position::{Position, Setup};
use super::rules::{RuleKind, Rules};

pub const MAX_BYTES: usize = 256 * 1024;
pub use super::game::MAX_PLIES;

#[derive(Clone, Debug)]
pub struct Record {
    pub tags: Vec<(String, String)>,
    /// `RuleVariants` tokens this project does not play (kept, reported).
    pub unknown_variants: Vec<String>,
    /// The game replayed to the record's last turn.
    pub game: Game,
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
    /// A `RuleVariants` option that belongs to another rule set.
    MisplacedOption(String),
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
            UnknownVariant(v) => write!(f, "Variant \"{v}\" is not FFA, Solo, Teams or Club"),
            MisplacedOption(o) => write!(f, "RuleVariants: '{o}' is not an option of these rules"),
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

/// Reads a record and replays it under the rules its `Variant` and `RuleVariants` tags name.
pub fn import(text: &str) -> Result<Record, Pgn4Error> {
    import_with(text, None)
}

/// Reads a record and replays it, under `rules` when given (its tags otherwise).
pub fn import_with(text: &str, rules: Option<Rules>) -> Result<Record, Pgn4Error> {
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
    let (tagged, unknown_variants) = rules_from_tags(tag("Variant"), tag("RuleVariants"))?;
    let rules = rules.unwrap_or(tagged);
    let start = match tag("StartFen4") {
        None | Some("4PC") => Setup::Modern.position(),
        Some("4PCo") => Setup::Classic.position(),
        Some(fen4) => Position::from_fen4(fen4).map_err(|e| Pgn4Error {
            line: None,
            kind: Pgn4ErrorKind::Start(e.to_string()),
        })?,
    };
    let mut game = Game::new(rules, start);
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
            let leave = matches!(token, "R" | "R#" | "T" | "T#" | "S");
            // A leave written for a seat the game already put out on its turn (chess.com's
            // `S`, or `R#` for a mated player) is that seat's.
            if leave && game.take_unwritten_exit().is_some() {
                continue;
            }
            if game.outcome().is_some() {
                if leave {
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
            let seat = game.position().turn;
            let illegal = || Pgn4Error {
                line: Some(line),
                kind: Pgn4ErrorKind::Illegal {
                    round,
                    seat,
                    text: token.to_string(),
                },
            };
            let turn = match token {
                "R" | "R#" => Turn::Resign,
                "T" | "T#" => Turn::Timeout,
                "C" => Turn::ClaimWin,
                _ => Turn::Move(find_move(game.position(), game.legal_moves(), token).ok_or_else(illegal)?),
            };
            game.play(turn).map_err(|_| illegal())?;
        }
    }
    if let (Some(declared), Some(outcome)) = (tag("Result"), game.outcome()) {
        let replayed = outcome.result_token(game.position().points);
        if declared != "*" && declared != replayed {
            return fail(
                None,
                Pgn4ErrorKind::ResultMismatch {
                    tag: declared.to_string(),
                    replayed: format!("{replayed} ({outcome})"),
                },
            );
        }
    }
    Ok(Record {
        tags,
        unknown_variants,
        game,
    })
}

/// The rules a record's tags name: `Variant` (`Teams` when absent) and the `RuleVariants`
/// tokens — `EnPassant` and this project's option names; others are returned, not fatal.
fn rules_from_tags(variant: Option<&str>, tokens: Option<&str>) -> Result<(Rules, Vec<String>), Pgn4Error> {
    let kind = match variant.unwrap_or("Teams") {
        "Teams" => RuleKind::Teams,
        "FFA" | "Solo" => RuleKind::Ffa,
        "Club" => RuleKind::Club,
        other => return fail(None, Pgn4ErrorKind::UnknownVariant(other.to_string())),
    };
    let mut rules = Rules::new(kind);
    rules.en_passant = false;
    let mut unknown = Vec::new();
    for token in tokens.unwrap_or("").split_whitespace() {
        if token == "EnPassant" {
            rules.en_passant = true;
        } else if rules.options.set(token) {
            let fits = match token {
                "both-mated" => kind == RuleKind::Teams,
                _ => kind == RuleKind::Ffa,
            };
            if !fits {
                return fail(None, Pgn4ErrorKind::MisplacedOption(token.to_string()));
            }
        } else {
            unknown.push(token.to_string());
        }
    }
    Ok((rules, unknown))
}

/// The record of `game` as PGN4: `tags` first (with `Variant`, `RuleVariants`, `StartFen4` and
/// `Result` written from the game), then one numbered round a line. Import reads it back to the
/// same game.
pub fn export(game: &Game, tags: &[(String, String)]) -> String {
    let rules = game.rules;
    let mut variants: Vec<String> = Vec::new();
    if rules.en_passant {
        variants.push("EnPassant".into());
    }
    variants.extend(rules.options.names().into_iter().map(String::from));
    let start = game.start();
    let start_tag = [Setup::Modern, Setup::Classic]
        .into_iter()
        .find(|s| s.position() == *start)
        .map_or_else(|| start.to_fen4(), |s| s.tag().to_string());
    let result = game
        .outcome()
        .map_or_else(|| "*".to_string(), |o| o.result_token(game.position().points));
    let written = ["Variant", "RuleVariants", "StartFen4", "Result"];
    let mut text = String::new();
    for (name, value) in [
        ("Variant", rules.kind.variant_tag().to_string()),
        ("RuleVariants", variants.join(" ")),
        ("StartFen4", start_tag),
        ("Result", result),
    ] {
        text.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    for (name, value) in tags.iter().filter(|(n, _)| !written.contains(&n.as_str())) {
        text.push_str(&format!("[{name} \"{}\"]\n", value.replace('"', "'")));
    }
    text.push('\n');
    let mut round = 0;
    let mut last: Option<Seat> = None;
    for played in game.turns().iter().take(MAX_PLIES) {
        // A round ends when the turn comes round to a seat at or before the last one.
        if last.is_none_or(|l| played.seat.index() <= l.index()) {
            if round > 0 {
                text.push('\n');
            }
            round += 1;
            text.push_str(&format!("{round}. {}", played.text));
        } else {
            text.push_str(&format!(" .. {}", played.text));
        }
        last = Some(played.seat);
    }
    if round > 0 {
        text.push('\n');
    }
    text
}

/// The legal move written as `token` (its check and mate markers aside; `D`, FFA's one-point
/// queen — promoted to, moving or taken — is read as `Q`).
pub fn find_move(pos: &Position, legal: &[Move], token: &str) -> Option<Move> {
    let bare = token.trim_end_matches(['+', '#']).replace('D', "Q");
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
