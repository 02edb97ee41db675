//! Glicko-2 with the usual defaults: rating 1500, deviation 350, volatility 0.06, system
//! constant tau 0.5, one rating period per batch of results.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

/// The system constant: how fast volatility may change ("reasonable choices are 0.3 to 1.2").
pub const TAU: f64 = 0.5;

#[derive(Copy, Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Rating {
    /// A new player: 1500, deviation 350, volatility 0.06 (Glickman's defaults).
    pub const START: Rating = Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };
}

/// Ratings a profile may hold: Glicko-2 ratings live far inside this.
pub const RATING_RANGE: std::ops::RangeInclusive<f64> = -10_000.0..=10_000.0;
/// Deviations: positive, at most the new player's 350.
pub const DEVIATION_RANGE: std::ops::RangeInclusive<f64> = 1e-6..=350.0;
/// Volatilities: positive, and at most 1 (Glickman's examples stay near 0.06).
pub const VOLATILITY_RANGE: std::ops::RangeInclusive<f64> = 1e-9..=1.0;

impl Rating {
    /// Whether every part is finite and within its range; says which is not.
    pub fn check(&self) -> Result<(), String> {
        for (name, value, range) in [
            ("rating", self.rating, &RATING_RANGE),
            ("deviation", self.deviation, &DEVIATION_RANGE),
            ("volatility", self.volatility, &VOLATILITY_RANGE),
        ] {
            if !value.is_finite() || !range.contains(&value) {
                return Err(format!(
                    "{name} {value} is out of range ({}..={})",
                    range.start(),
                    range.end()
                ));
            }
        }
        Ok(())
    }
}

impl Default for Rating {
    fn default() -> Self {
        Rating::START
    }
}

/// A game's result from the rated player's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum GameResult {
    Win,
    Draw,
    Loss,
}

impl Rating {
    fn to_glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// The rating after one rating period in which these games against these opponents were
    /// played (an empty period only widens the deviation).
    pub fn after_period(self, games: &[(Rating, GameResult)]) -> Rating {
        let results: Vec<(Glicko2Rating, Outcomes)> = games
            .iter()
            .map(|(opponent, result)| {
                let outcome = match result {
                    GameResult::Win => Outcomes::WIN,
                    GameResult::Draw => Outcomes::DRAW,
                    GameResult::Loss => Outcomes::LOSS,
                };
                (opponent.to_glicko(), outcome)
            })
            .collect();
        let config = Glicko2Config {
            tau: TAU,
            ..Glicko2Config::default()
        };
        let new = glicko2_rating_period(&self.to_glicko(), &results, &config);
        Rating {
            rating: new.rating,
            deviation: new.deviation,
            volatility: new.volatility,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's worked example ("Example of the Glicko-2 system", tau = 0.5): a 1500/200/0.06
    /// player beats a 1400/30, loses to a 1550/100 and to a 1700/300 player.
    #[test]
    fn matches_glickmans_worked_example() {
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let games = [
            (
                Rating {
                    rating: 1400.0,
                    deviation: 30.0,
                    volatility: 0.06,
                },
                GameResult::Win,
            ),
            (
                Rating {
                    rating: 1550.0,
                    deviation: 100.0,
                    volatility: 0.06,
                },
                GameResult::Loss,
            ),
            (
                Rating {
                    rating: 1700.0,
                    deviation: 300.0,
                    volatility: 0.06,
                },
                GameResult::Loss,
            ),
        ];
        let after = player.after_period(&games);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.0001, "{after:?}");
    }
}
