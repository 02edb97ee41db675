//! PGN4D v1 game records: tag pairs, a blank line, numbered LAN4D movetext and a result token
//! that must agree with the `Result` tag and with the final position.

use super::game::Game;
use super::lan::{Strictness, format_move, parse_move};
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

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PgnError(pub String);

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid PGN4D: {}", self.0)
    }
}

impl std::error::Error for PgnError {}

fn err<T>(message: String) -> Result<T, PgnError> {
    Err(PgnError(message))
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
            let (name, value) = parse_tag(raw).map_err(|e| PgnError(format!("line {line}: {e}")))?;
            if !names.insert(name.clone()) {
                return err(format!("line {line}: duplicate tag {name}"));
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
                            return err(format!("line {line}: nested comment: '{{' inside a {{comment}}"));
                        }
                        (Some(cl), _) => self.at += cl + 2,
                        (None, _) => return err(format!("line {line}: comment opened with '{{' is never closed")),
                    }
                }
                '}' => return err(format!("line {line}: '}}' without an opening '{{'")),
                ';' => self.at = self.rest().find('\n').map_or(self.text.len(), |i| self.at + i),
                '(' | ')' => return err(format!("line {line}: variations in parentheses are not supported")),
                '[' => {
                    return err(format!(
                        "line {line}: a tag after the movetext: only one game per file is supported"
                    ));
                }
                '$' => {
                    let digits = self.rest()[1..].bytes().take_while(u8::is_ascii_digit).count();
                    if digits == 0 {
                        return err(format!("line {line}: '$' must be followed by a number"));
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
            return err(format!(
                "line {line}: '{word}': a move number ends in '.' (White) or '...' (Black)"
            ));
        }
        let number = word[..digits]
            .parse()
            .map_err(|_| PgnError(format!("line {line}: move number '{}' is too large", &word[..digits])))?;
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
        return err(format!(
            "the file is {} bytes, over the limit of {MAX_BYTES} bytes (256 KiB)",
            text.len()
        ));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let normalised = text.replace("\r\n", "\n");
    let mut lexer = Lexer::new(&normalised);
    let tags = lexer.tags()?;
    let tag = |name: &str| tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
    for (name, expected) in FORMAT_TAGS {
        match tag(name) {
            Some(v) if v == expected => {}
            Some(v) => return err(format!("tag {name} must be \"{expected}\", found \"{v}\"")),
            None => return err(format!("missing required tag {name} \"{expected}\"")),
        }
    }
    let fen = tag("FEN4D").ok_or_else(|| PgnError("missing required tag FEN4D".into()))?;
    let start = Position::from_fen(fen).map_err(|e| PgnError(format!("tag FEN4D: {e}")))?;
    let declared = tag("Result").ok_or_else(|| PgnError("missing required tag Result".into()))?;
    if !matches!(declared, "*" | "1-0" | "0-1" | "1/2-1/2") {
        return err(format!(
            "tag Result must be *, 1-0, 0-1 or 1/2-1/2, found \"{declared}\""
        ));
    }

    // Read every token first so the ply limit is checked before any move is played.
    let mut tokens = Vec::new();
    while let Some(token) = lexer.next_token()? {
        tokens.push(token);
    }
    let plies = tokens.iter().filter(|(t, _)| matches!(t, Token::Move(_))).count();
    if plies > MAX_PLIES {
        return err(format!("the record has {plies} plies, over the limit of {MAX_PLIES}"));
    }

    let mut game = Game::new(start);
    let mut pending_number: Option<usize> = None;
    let mut result: Option<(&str, usize)> = None;
    for (token, line) in tokens {
        if let Some((_, result_line)) = result {
            return err(format!(
                "line {line}: text after the result token on line {result_line}: only one game per file is supported"
            ));
        }
        let pos = game.position();
        let ply = game.moves().len() + 1;
        let number = pos.fullmove_number() as u64;
        let black = pos.side_to_move() == Color::Black;
        let label = format!("ply {ply} (move {number}{})", if black { "..." } else { "." });
        match token {
            Token::MoveNumber { number: n, black: b } => {
                if pending_number.is_some() {
                    return err(format!("line {line}: two move numbers in a row"));
                }
                if n != number || b != black {
                    let expected = format!("{number}{}", if black { "..." } else { "." });
                    let found = format!("{n}{}", if b { "..." } else { "." });
                    return err(format!(
                        "line {line}: {label}: wrong move number {found}, expected {expected}"
                    ));
                }
                pending_number = Some(line);
            }
            Token::Move(text) => {
                pending_number = None;
                if let Some(o) = game.outcome() {
                    return err(format!(
                        "line {line}: {label}: '{text}' follows the end of the game ({o})"
                    ));
                }
                let mv = parse_move(pos, text, Strictness::Record)
                    .map_err(|e| PgnError(format!("line {line}: {label}: illegal move {e}")))?;
                game.play(mv)
                    .map_err(|e| PgnError(format!("line {line}: {label}: {e}")))?;
            }
            Token::Result(token) => {
                if let Some(number_line) = pending_number {
                    return err(format!("line {number_line}: a move number with no move after it"));
                }
                result = Some((token, line));
            }
        }
    }
    let Some((token, line)) = result else {
        return err("the movetext must end with a result token (*, 1-0, 0-1 or 1/2-1/2)".into());
    };
    if token != declared {
        return err(format!(
            "line {line}: result token {token} differs from the Result tag \"{declared}\""
        ));
    }
    let expected = result_token(&game);
    if token != expected {
        let why = match game.outcome() {
            Some(o) => format!("the final position is decided: {o}"),
            None => "the game has not ended on the board (this format records no resignations or agreements)".into(),
        };
        return err(format!(
            "line {line}: result {token} does not match the position: {why}, so it must be {expected}"
        ));
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
