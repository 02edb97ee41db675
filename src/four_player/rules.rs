//! The three rule sets as one value: who may capture and check whom, where pawns promote and to
//! what, and the options chess.com's seeds and the Club's laws add. The generator, the game and
//! the records all ask this value; there is one engine, not three.

use std::fmt;

use super::board::{PieceKind, SIZE, Seat, Square};

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum RuleKind {
    /// chess.com's Free-for-all: every player for themself, points.
    Ffa,
    /// chess.com's Teams: partners opposite, the first mate wins.
    Teams,
    /// The Four-Handed Chess Club (Verney): partners, frozen mated armies, mates lifted.
    Club,
}

impl RuleKind {
    pub const fn name(self) -> &'static str {
        match self {
            RuleKind::Ffa => "ffa",
            RuleKind::Teams => "teams",
            RuleKind::Club => "club",
        }
    }

    /// PGN4's `Variant` tag value.
    pub const fn variant_tag(self) -> &'static str {
        match self {
            RuleKind::Ffa => "FFA",
            RuleKind::Teams => "Teams",
            RuleKind::Club => "Club",
        }
    }
}

impl std::str::FromStr for RuleKind {
    type Err = String;

    fn from_str(text: &str) -> Result<RuleKind, String> {
        match text {
            "ffa" => Ok(RuleKind::Ffa),
            "teams" => Ok(RuleKind::Teams),
            "club" => Ok(RuleKind::Club),
            other => Err(format!("rules must be ffa, teams or club, found '{other}'")),
        }
    }
}

/// The seeds' options (chess.com's live play) and the claim's. Each applies to one rule set and
/// is ignored by the others.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Options {
    /// FFA: the game ends at the first checkmate, places by points.
    pub first_mate: bool,
    /// FFA: no points; the last player left wins.
    pub last_standing: bool,
    /// FFA: no checkmate; kings are captured (20 points) and moves may leave one's king attacked.
    pub capture_king: bool,
    /// FFA: when two remain and one leads by more than 20, the win is claimed at once.
    pub auto_claim: bool,
    /// Teams: a mated player's army turns grey and the partner plays on.
    pub both_mated: bool,
}

impl Options {
    /// The options' names as the command line and this project's `RuleVariants` write them.
    pub const NAMES: [&'static str; 5] = [
        "first-mate",
        "last-standing",
        "capture-king",
        "auto-claim",
        "both-mated",
    ];

    /// Turns on the option called `name`; `false` if there is none.
    pub fn set(&mut self, name: &str) -> bool {
        let flag = match name {
            "first-mate" => &mut self.first_mate,
            "last-standing" => &mut self.last_standing,
            "capture-king" => &mut self.capture_king,
            "auto-claim" => &mut self.auto_claim,
            "both-mated" => &mut self.both_mated,
            _ => return false,
        };
        *flag = true;
        true
    }

    /// The names of the options that are on.
    pub fn names(self) -> Vec<&'static str> {
        let on = [
            self.first_mate,
            self.last_standing,
            self.capture_king,
            self.auto_claim,
            self.both_mated,
        ];
        Options::NAMES
            .into_iter()
            .zip(on)
            .filter(|(_, on)| *on)
            .map(|(n, _)| n)
            .collect()
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    pub kind: RuleKind,
    pub en_passant: bool,
    pub options: Options,
}

impl Rules {
    pub const TEAMS: Rules = Rules::new(RuleKind::Teams);
    pub const FFA: Rules = Rules::new(RuleKind::Ffa);
    pub const CLUB: Rules = Rules::new(RuleKind::Club);

    /// `kind` with en passant on and no options.
    pub const fn new(kind: RuleKind) -> Rules {
        Rules {
            kind,
            en_passant: true,
            options: Options {
                first_mate: false,
                last_standing: false,
                capture_king: false,
                auto_claim: false,
                both_mated: false,
            },
        }
    }

    /// Whether `a`'s pieces may capture `b`'s and check `b`'s king: anyone else in FFA, only
    /// the other team with partners.
    pub const fn opposes(self, a: Seat, b: Seat) -> bool {
        a as usize != b as usize && (matches!(self.kind, RuleKind::Ffa) || a.partner() as usize != b as usize)
    }

    /// FFA under `capture-king`: kings are taken, not mated, and legality ignores checks.
    pub const fn kings_capturable(self) -> bool {
        matches!(self.kind, RuleKind::Ffa) && self.options.capture_king
    }

    /// Whether a pawn of `seat` (moving as `direction`'s pawns do) promotes on `to`, and to what.
    // Kept out of line: the move generator calls it for every pawn move, and inlined there it
    // cost more than the call (callgrind: +2% instructions in a Teams search).
    #[inline(never)]
    pub fn promotion(self, seat: Seat, direction: Seat, to: Square) -> Option<&'static [PieceKind]> {
        const QUEEN: &[PieceKind] = &[PieceKind::Queen];
        const CHOICE: &[PieceKind] = &[PieceKind::Queen, PieceKind::Rook, PieceKind::Bishop, PieceKind::Knight];
        let promotes = match self.kind {
            RuleKind::Ffa => direction.progress(to) == 7,
            RuleKind::Teams => direction.progress(to) == 10,
            // An opponent's original back row (the eight squares its pieces started on). The
            // two opponents' rows are opposite edges: one's back edge is the other's far edge.
            RuleKind::Club => {
                let across = seat.next().progress(to);
                across == 0 || across == SIZE - 1
            }
        };
        match (promotes, self.kind) {
            (false, _) => None,
            (true, RuleKind::Ffa) => Some(QUEEN),
            (true, _) => Some(CHOICE),
        }
    }
}

impl fmt::Display for Rules {
    /// `teams`, `ffa capture-king`, `club (en passant off)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.name())?;
        for name in self.options.names() {
            write!(f, " {name}")?;
        }
        if !self.en_passant {
            f.write_str(" (en passant off)")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Club pawn promotes on either opponent's home row and nowhere else, whichever way it
    /// moves (a turned pawn moves as its partner's).
    #[test]
    fn a_club_pawn_promotes_on_the_opponents_home_rows() {
        let mut promoting = 0;
        for seat in Seat::ALL {
            for direction in [seat, seat.partner()] {
                for square in Square::all() {
                    let on_opponents_row = [seat.next(), seat.partner().next()]
                        .into_iter()
                        .any(|opponent| opponent.home_row().contains(&square));
                    let choices = Rules::CLUB.promotion(seat, direction, square);
                    assert_eq!(choices.is_some(), on_opponents_row, "{seat:?} {square}");
                    promoting += usize::from(choices.is_some());
                }
            }
        }
        assert_eq!(promoting, 4 * 2 * 16, "two rows of eight for each seat and direction");
    }
}
