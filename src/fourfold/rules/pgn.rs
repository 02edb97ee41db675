//! PGN4D v1 game records: tag pairs, a blank line, numbered LAN4D movetext and a result token
//! that must agree with the `Result` tag and with the final position.

use super::fen::FenError;
use super::game::Game;
use super::lan::{MoveError, Strictness, format_move, parse_move};
use super::position::Position;
use super::square::Color;
use std::fmt;

pub const MAX_BYTES: usize = 256 * 1024;
pub use super::game::MAX_PLIES;
pub const VARIANT: &str = "Fourfold-4x4x2x2";

/// The tags with fixed values that every record must carry, in export order.
const FORMAT_TAGS: [(&str, &str); 5] = [
    ("Variant", VARIANT),
    ("Format", "PGN4D"),
    ("FormatVersion", "1"),
    ("Notation", "LAN4D"),
    ("SetUp", "1"),
];

/// The descriptive tags written on export, with their defaults.
const DESCRIPTIVE_TAGS: [(&str, &str); 6] = [
    ("Event", "Tesseract Chess game"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "-"),
    ("White", "White"),
    ("Black", "Black"),
];

/// A record that could not be imported: what is wrong, and the line (and ply) where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PgnError {
    /// The line of the file (1-based), when the problem has one.
    pub line: Option<usize>,
    pub kind: PgnErrorKind,
}

/// A ply of the movetext, as messages name it: "ply 3 (move 2.)".
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Ply {
    pub ply: usize,
    pub number: u64,
    pub black: bool,
}

impl fmt::Display for Ply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ply {} (move {}{})",
            self.ply,
            self.number,
            if self.black { "..." } else { "." }
        )
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PgnErrorKind {
    TooLarge {
        bytes: usize,
    },
    /// A tag line that is not `[Name "value"]`, and why.
    BadTag(String),
    DuplicateTag(String),
    NestedComment,
    UnclosedComment,
    StrayClosingBrace,
    Variation,
    TagAfterMovetext,
    NagWithoutNumber,
    BadMoveNumber(String),
    MoveNumberTooLarge(String),
    WrongTagValue {
        name: &'static str,
        expected: &'static str,
        found: String,
    },
    MissingTag {
        name: &'static str,
        expected: Option<&'static str>,
    },
    Fen(FenError),
    BadResultTag(String),
    TooManyPlies(usize),
    TextAfterResult {
        result_line: usize,
    },
    TwoMoveNumbers,
    WrongMoveNumber {
        at: Ply,
        found: String,
        expected: String,
    },
    MoveAfterEnd {
        at: Ply,
        text: String,
        outcome: crate::fourfold::rules::Outcome,
    },
    IllegalMove {
        at: Ply,
        error: MoveError,
    },
    Refused {
        at: Ply,
        error: crate::fourfold::rules::PlayError,
    },
    NumberWithoutMove,
    MissingResult,
    ResultDiffersFromTag {
        token: String,
        declared: String,
    },
    ResultMismatch {
        token: String,
        expected: &'static str,
        outcome: Option<crate::fourfold::rules::Outcome>,
    },
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PgnErrorKind::*;
        f.write_str("invalid PGN4D: ")?;
        if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
        match &self.kind {
            TooLarge { bytes } => write!(
                f,
                "the file is {bytes} bytes, over the limit of {MAX_BYTES} bytes (256 KiB)"
            ),
            BadTag(why) => f.write_str(why),
            DuplicateTag(name) => write!(f, "duplicate tag {name}"),
            NestedComment => f.write_str("nested comment: '{' inside a {comment}"),
            UnclosedComment => f.write_str("comment opened with '{' is never closed"),
            StrayClosingBrace => f.write_str("'}' without an opening '{'"),
            Variation => f.write_str("variations in parentheses are not supported"),
            TagAfterMovetext => f.write_str("a tag after the movetext: only one game per file is supported"),
            NagWithoutNumber => f.write_str("'$' must be followed by a number"),
            BadMoveNumber(word) => write!(f, "'{word}': a move number ends in '.' (White) or '...' (Black)"),
            MoveNumberTooLarge(digits) => write!(f, "move number '{digits}' is too large"),
            WrongTagValue { name, expected, found } => {
                write!(f, "tag {name} must be \"{expected}\", found \"{found}\"")
            }
            MissingTag {
                name,
                expected: Some(value),
            } => write!(f, "missing required tag {name} \"{value}\""),
            MissingTag { name, expected: None } => write!(f, "missing required tag {name}"),
            Fen(e) => write!(f, "tag FEN4D: {e}"),
            BadResultTag(found) => write!(f, "tag Result must be *, 1-0, 0-1 or 1/2-1/2, found \"{found}\""),
            TooManyPlies(plies) => write!(f, "the record has {plies} plies, over the limit of {MAX_PLIES}"),
            TextAfterResult { result_line } => write!(
                f,
                "text after the result token on line {result_line}: only one game per file is supported"
            ),
            TwoMoveNumbers => f.write_str("two move numbers in a row"),
            WrongMoveNumber { at, found, expected } => {
                write!(f, "{at}: wrong move number {found}, expected {expected}")
            }
            MoveAfterEnd { at, text, outcome } => {
                write!(f, "{at}: '{text}' follows the end of the game ({outcome})")
            }
            IllegalMove { at, error } => write!(f, "{at}: illegal move {error}"),
            Refused { at, error } => write!(f, "{at}: {error}"),
            NumberWithoutMove => f.write_str("a move number with no move after it"),
            MissingResult => f.write_str("the movetext must end with a result token (*, 1-0, 0-1 or 1/2-1/2)"),
            ResultDiffersFromTag { token, declared } => {
                write!(f, "result token {token} differs from the Result tag \"{declared}\"")
            }
            ResultMismatch {
                token,
                expected,
                outcome,
            } => {
                write!(f, "result {token} does not match the position: ")?;
                match outcome {
                    Some(o) => write!(f, "the final position is decided: {o}")?,
                    None => f.write_str(
                        "the game has not ended on the board (this format records no resignations or agreements)",
                    )?,
                }
                write!(f, ", so it must be {expected}")
            }
        }
    }
}

impl std::error::Error for PgnError {}

fn err<T>(kind: PgnErrorKind) -> Result<T, PgnError> {
    Err(PgnError { line: None, kind })
}

fn err_at<T>(line: usize, kind: PgnErrorKind) -> Result<T, PgnError> {
    Err(PgnError { line: Some(line), kind })
}

/// An imported record: its tags in file order and the game they describe.
#[derive(Clone, Debug)]
pub struct Record {
    pub tags: Vec<(String, String)>,
    pub game: Game,
}

impl Record {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// The result token a game's position calls for: `*` while it goes on.
pub fn result_token(game: &Game) -> &'static str {
    game.outcome().map_or("*", |o| o.result_token())
}

#[derive(Debug, PartialEq)]
enum Token<'a> {
    MoveNumber { number: u64, black: bool },
    Move(&'a str),
    Result(&'a str),
}

struct Lexer<'a> {
    text: &'a str,
    at: usize,
    /// Line number at `counted_to`, so line numbers cost O(1) amortised.
    line: usize,
    counted_to: usize,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text,
            at: 0,
            line: 1,
            counted_to: 0,
        }
    }

    /// The line of the current position (`at` only moves forward).
    fn line(&mut self) -> usize {
        self.line += self.text[self.counted_to..self.at].matches('\n').count();
        self.counted_to = self.at;
        self.line
    }

    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn skip_whitespace(&mut self) {
        while let Some(c) = self.peek() {
            if !c.is_whitespace() {
                break;
            }
            self.at += c.len_utf8();
        }
    }

    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    /// Reads `[Name "value"]` lines until the first line that is not a tag.
    fn tags(&mut self) -> Result<Vec<(String, String)>, PgnError> {
        let mut tags: Vec<(String, String)> = Vec::new();
        let mut names = std::collections::HashSet::new();
        loop {
            self.skip_whitespace();
            if self.peek() != Some('[') {
                return Ok(tags);
            }
            let line = self.line();
            let end = self.rest().find('\n').map_or(self.text.len(), |i| self.at + i);
            let raw = &self.text[self.at..end];
            let (name, value) = parse_tag(raw).map_err(|e| PgnError {
                line: Some(line),
                kind: PgnErrorKind::BadTag(e),
            })?;
            if !names.insert(name.clone()) {
                return err_at(line, PgnErrorKind::DuplicateTag(name));
            }
            tags.push((name, value));
            self.at = end;
        }
    }

    /// The next movetext token, skipping comments and annotations.
    fn next_token(&mut self) -> Result<Option<(Token<'a>, usize)>, PgnError> {
        loop {
            self.skip_whitespace();
            let line = self.line();
            let Some(c) = self.peek() else { return Ok(None) };
            match c {
                '{' => {
                    let body = &self.rest()[1..];
                    let close = body.find('}');
                    let open = body.find('{');
                    match (close, open) {
                        (Some(cl), Some(op)) if op < cl => {
                            return err_at(line, PgnErrorKind::NestedComment);
                        }
                        (Some(cl), _) => self.at += cl + 2,
                        (None, _) => return err_at(line, PgnErrorKind::UnclosedComment),
                    }
                }
                '}' => return err_at(line, PgnErrorKind::StrayClosingBrace),
                ';' => self.at = self.rest().find('\n').map_or(self.text.len(), |i| self.at + i),
                '(' | ')' => return err_at(line, PgnErrorKind::Variation),
                '[' => return err_at(line, PgnErrorKind::TagAfterMovetext),
                '$' => {
                    let digits = self.rest()[1..].bytes().take_while(u8::is_ascii_digit).count();
                    if digits == 0 {
                        return err_at(line, PgnErrorKind::NagWithoutNumber);
                    }
                    self.at += 1 + digits;
                }
                _ => {
                    let len = self
                        .rest()
                        .find(|c: char| c.is_whitespace() || "{};()[$".contains(c))
                        .unwrap_or(self.rest().len());
                    let word = &self.rest()[..len];
                    if let Some(token) = self.move_number(word, line)? {
                        return Ok(Some((token, line)));
                    }
                    self.at += len;
                    if matches!(word, "*" | "1-0" | "0-1" | "1/2-1/2") {
                        return Ok(Some((Token::Result(word), line)));
                    }
                    let mv = word.trim_end_matches(['!', '?']);
                    if !mv.is_empty() {
                        return Ok(Some((Token::Move(mv), line)));
                    }
                }
            }
        }
    }

    /// `12.` or `12...` at the start of `word` (a move may follow without a space).
    fn move_number(&mut self, word: &str, line: usize) -> Result<Option<Token<'a>>, PgnError> {
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
        if digits == 0 || dots == 0 {
            return Ok(None);
        }
        if dots != 1 && dots != 3 {
            return err_at(line, PgnErrorKind::BadMoveNumber(word.to_string()));
        }
        let number = word[..digits].parse().map_err(|_| PgnError {
            line: Some(line),
            kind: PgnErrorKind::MoveNumberTooLarge(word[..digits].to_string()),
        })?;
        self.at += digits + dots;
        Ok(Some(Token::MoveNumber {
            number,
            black: dots == 3,
        }))
    }
}

fn parse_tag(raw: &str) -> Result<(String, String), String> {
    let inner = raw.trim_end();
    let inner = inner
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .ok_or_else(|| format!("a tag must be one line of the form [Name \"value\"], found '{inner}'"))?;
    let name_len = inner
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(inner.len());
    if name_len == 0 {
        return Err(format!("tag '{raw}' has no name"));
    }
    let name = &inner[..name_len];
    let rest = inner[name_len..].trim_start();
    let body = rest
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .ok_or_else(|| format!("tag {name}: the value must be in double quotes"))?;
    let mut value = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('"' | '\\')) => value.push(e),
                _ => return Err(format!("tag {name}: only \\\" and \\\\ may be escaped")),
            },
            '"' => return Err(format!("tag {name}: a quote inside the value must be written \\\"")),
            _ => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}

/// Reads and validates one PGN4D game.
pub fn import(text: &str) -> Result<Record, PgnError> {
    if text.len() > MAX_BYTES {
        return err(PgnErrorKind::TooLarge { bytes: text.len() });
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let normalised = text.replace("\r\n", "\n");
    let mut lexer = Lexer::new(&normalised);
    let tags = lexer.tags()?;
    let tag = |name: &str| tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
    for (name, expected) in FORMAT_TAGS {
        match tag(name) {
            Some(v) if v == expected => {}
            Some(v) => {
                return err(PgnErrorKind::WrongTagValue {
                    name,
                    expected,
                    found: v.to_string(),
                });
            }
            None => {
                return err(PgnErrorKind::MissingTag {
                    name,
                    expected: Some(expected),
                });
            }
        }
    }
    let missing = |name| PgnError {
        line: None,
        kind: PgnErrorKind::MissingTag { name, expected: None },
    };
    let fen = tag("FEN4D").ok_or_else(|| missing("FEN4D"))?;
    let start = Position::from_fen(fen).map_err(|e| PgnError {
        line: None,
        kind: PgnErrorKind::Fen(e),
    })?;
    let declared = tag("Result").ok_or_else(|| missing("Result"))?;
    if !matches!(declared, "*" | "1-0" | "0-1" | "1/2-1/2") {
        return err(PgnErrorKind::BadResultTag(declared.to_string()));
    }

    // Read every token first so the ply limit is checked before any move is played.
    let mut tokens = Vec::new();
    while let Some(token) = lexer.next_token()? {
        tokens.push(token);
    }
    let plies = tokens.iter().filter(|(t, _)| matches!(t, Token::Move(_))).count();
    if plies > MAX_PLIES {
        return err(PgnErrorKind::TooManyPlies(plies));
    }

    let mut game = Game::new(start);
    let mut pending_number: Option<usize> = None;
    let mut result: Option<(&str, usize)> = None;
    for (token, line) in tokens {
        if let Some((_, result_line)) = result {
            return err_at(line, PgnErrorKind::TextAfterResult { result_line });
        }
        let pos = game.position();
        let number = pos.fullmove_number() as u64;
        let black = pos.side_to_move() == Color::Black;
        let at = Ply {
            ply: game.moves().len() + 1,
            number,
            black,
        };
        match token {
            Token::MoveNumber { number: n, black: b } => {
                if pending_number.is_some() {
                    return err_at(line, PgnErrorKind::TwoMoveNumbers);
                }
                if n != number || b != black {
                    let expected = format!("{number}{}", if black { "..." } else { "." });
                    let found = format!("{n}{}", if b { "..." } else { "." });
                    return err_at(line, PgnErrorKind::WrongMoveNumber { at, found, expected });
                }
                pending_number = Some(line);
            }
            Token::Move(text) => {
                pending_number = None;
                if let Some(outcome) = game.outcome() {
                    return err_at(
                        line,
                        PgnErrorKind::MoveAfterEnd {
                            at,
                            text: text.to_string(),
                            outcome,
                        },
                    );
                }
                let mv = parse_move(pos, text, Strictness::Record).map_err(|error| PgnError {
                    line: Some(line),
                    kind: PgnErrorKind::IllegalMove { at, error },
                })?;
                game.play(mv).map_err(|error| PgnError {
                    line: Some(line),
                    kind: PgnErrorKind::Refused { at, error },
                })?;
            }
            Token::Result(token) => {
                if let Some(number_line) = pending_number {
                    return err_at(number_line, PgnErrorKind::NumberWithoutMove);
                }
                result = Some((token, line));
            }
        }
    }
    let Some((token, line)) = result else {
        return err(PgnErrorKind::MissingResult);
    };
    if token != declared {
        return err_at(
            line,
            PgnErrorKind::ResultDiffersFromTag {
                token: token.to_string(),
                declared: declared.to_string(),
            },
        );
    }
    let expected = result_token(&game);
    if token != expected {
        return err_at(
            line,
            PgnErrorKind::ResultMismatch {
                token: token.to_string(),
                expected,
                outcome: game.outcome(),
            },
        );
    }
    Ok(Record { tags, game })
}

fn quote(value: &str) -> String {
    value
        .replace(['\r', '\n'], " ")
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
}

/// Writes a game as PGN4D. `descriptive` overrides the default Event, Site, Date, Round, White
/// and Black; the result and format tags always come from the game.
pub fn export(game: &Game, descriptive: &[(&str, &str)]) -> String {
    let result = result_token(game);
    let mut out = String::new();
    for (name, default) in DESCRIPTIVE_TAGS {
        let value = descriptive.iter().find(|(n, _)| *n == name).map_or(default, |(_, v)| v);
        out.push_str(&format!("[{name} \"{}\"]\n", quote(value)));
    }
    out.push_str(&format!("[Result \"{result}\"]\n"));
    for (name, value) in FORMAT_TAGS {
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    out.push_str(&format!("[FEN4D \"{}\"]\n\n", game.start().to_fen()));

    let mut words = Vec::with_capacity(game.moves().len() * 2 + 1);
    let mut pos = game.start().clone();
    for (i, &mv) in game.moves().iter().enumerate() {
        let number = pos.fullmove_number();
        match pos.side_to_move() {
            Color::White => words.push(format!("{number}.")),
            Color::Black if i == 0 => words.push(format!("{number}...")),
            Color::Black => {}
        }
        words.push(format_move(&pos, mv));
        pos.make(mv);
    }
    words.push(result.to_string());
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// The sample record of RULES.md (used by tests and as a demo).
pub const SAMPLE: &str = concat!(
    "[Event \"Across four boards\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n",
    "[White \"Demo White\"]\n[Black \"Demo Black\"]\n[Result \"*\"]\n[Variant \"Fourfold-4x4x2x2\"]\n",
    "[Format \"PGN4D\"]\n[FormatVersion \"1\"]\n[Notation \"LAN4D\"]\n[SetUp \"1\"]\n",
    "[FEN4D \"4/4/PPPP/RNKQ|4/4/4/1BR1|1rb1/4/4/4|qknr/pppp/4/4 w 0 1\"]\n\n",
    "1. Bb1@10-b1@01 Rb4@01xb1@01 2. Kc1@00xb1@01 d3@11-d2@11 *\n"
);
