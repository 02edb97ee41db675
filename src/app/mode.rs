//! Which game the app shows: chess in four dimensions or four-player chess. Each mode's systems
//! run only in its state, and each mode's entities carry `DespawnOnExit`, so leaving a mode
//! clears its board; entering it builds the board again from its game resource, which stays.

use bevy::prelude::*;

#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mode {
    #[default]
    Fourfold,
    FourPlayer,
}

impl Mode {
    pub const ALL: [Mode; 2] = [Mode::Fourfold, Mode::FourPlayer];

    /// What the game switch and the title say.
    pub const fn title(self) -> &'static str {
        match self {
            Mode::Fourfold => "4D chess",
            Mode::FourPlayer => "Four-player chess",
        }
    }

    /// The name on the command line (`--game`) and in the address (`?game=`).
    pub const fn name(self) -> &'static str {
        match self {
            Mode::Fourfold => "4d",
            Mode::FourPlayer => "four-player",
        }
    }

    pub fn from_name(text: &str) -> Result<Mode, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "4d" | "fourfold" => Ok(Mode::Fourfold),
            "four-player" | "4p" | "fourplayer" => Ok(Mode::FourPlayer),
            other => Err(format!("unknown game '{other}': use 4d or four-player")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mode_names_read_back_and_unknown_ones_are_named_in_the_error() {
        for mode in Mode::ALL {
            assert_eq!(Mode::from_name(mode.name()), Ok(mode));
        }
        assert_eq!(Mode::from_name(" Four-Player "), Ok(Mode::FourPlayer));
        let error = Mode::from_name("go").unwrap_err();
        assert!(error.contains("'go'"), "{error}");
    }

    #[test]
    fn asking_for_four_player_rules_opens_four_player_chess_but_not_over_the_4d_game() {
        use crate::four_player::RuleKind;
        let mut launch = crate::app::Launch::default();
        assert_eq!(launch.set_four_player_rules(RuleKind::Teams), Ok(()));
        assert_eq!(
            (launch.mode, launch.four_player_rules),
            (Some(Mode::FourPlayer), Some(RuleKind::Teams))
        );
        let mut fourfold = crate::app::Launch {
            mode: Some(Mode::Fourfold),
            ..Default::default()
        };
        let error = fourfold.set_four_player_rules(RuleKind::Club).unwrap_err();
        assert!(error.contains("club") && error.contains("4D"), "{error}");
        assert_eq!(
            (fourfold.mode, fourfold.four_player_rules),
            (Some(Mode::Fourfold), None)
        );
    }
}
