//! The sequential probability ratio test that ends a self-play match as soon as its games decide
//! between two hypotheses: the first player is `elo0` stronger than the second (H0), or `elo1`
//! (H1). A refinement worth ten Elo needs thousands of games to tell from noise, and a fixed
//! number of games is either too few to decide or more than needed; the test stops when the
//! log-likelihood ratio leaves its bounds, with error rates `alpha` (accepting H1 when H0 holds)
//! and `beta` (the reverse). This is the generalized SPRT's normal approximation as fishtest and
//! OpenBench use it, with logistic Elo (a score `s` is `-400 log10(1/s - 1)` Elo).

/// Two hypotheses about the Elo difference, and the error rates.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What the games so far say.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1: the first player is at least `elo1` stronger (more exactly: nearer `elo1` than `elo0`).
    Stronger,
    /// H0: it is not `elo1` stronger.
    NotStronger,
    /// Neither yet: play on.
    Undecided,
}

/// A match's results as the test counts them: how many samples fell in each of evenly spaced
/// scores from 0 to 1. Pairs of games played from one opening with the colours swapped are one
/// sample each (five scores: 0, ¼, ½, ¾, 1), which takes out the opening's bias; single games
/// have three (loss, draw, win).
#[derive(Clone, Debug, PartialEq)]
pub struct Outcomes {
    counts: Vec<u64>,
}

impl Outcomes {
    /// From each pair's total for the first player (0, ½, 1, 1½ or 2).
    pub fn of_pairs(pair_totals: impl IntoIterator<Item = f64>) -> Outcomes {
        Outcomes::binned(pair_totals.into_iter().map(|t| t / 2.0), 5)
    }

    /// From each game's score for the first player (0, ½ or 1).
    pub fn of_games(scores: impl IntoIterator<Item = f64>) -> Outcomes {
        Outcomes::binned(scores.into_iter(), 3)
    }

    fn binned(scores: impl Iterator<Item = f64>, bins: usize) -> Outcomes {
        let mut counts = vec![0; bins];
        for score in scores {
            let bin = (score.clamp(0.0, 1.0) * (bins - 1) as f64).round() as usize;
            counts[bin] += 1;
        }
        Outcomes { counts }
    }

    pub fn samples(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The counts, lowest score first.
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }
}

/// The expected score of a player `elo` stronger.
fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// The usual error rates, 5% each.
    pub fn new(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    /// `ELO0,ELO1` (`0,10`): the two hypotheses, in Elo, the first below the second.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let (low, high) = text
            .split_once(',')
            .ok_or_else(|| format!("'{text}': give two Elo differences, ELO0,ELO1 (as 0,10)"))?;
        let elo = |part: &str| {
            part.trim()
                .parse::<f64>()
                .ok()
                .filter(|e| e.is_finite() && e.abs() <= 1000.0)
                .ok_or_else(|| {
                    format!(
                        "'{text}': '{}' is not an Elo difference from -1000 to 1000",
                        part.trim()
                    )
                })
        };
        let (elo0, elo1) = (elo(low)?, elo(high)?);
        if elo0 >= elo1 {
            return Err(format!("'{text}': ELO0 ({elo0}) must be below ELO1 ({elo1})"));
        }
        Ok(Sprt::new(elo0, elo1))
    }

    /// The log-likelihood ratio's bounds: under the first H0 is accepted, over the second H1.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 given `outcomes`: the samples' mean score
    /// tested between the two hypotheses' expected scores, with the samples' own variance.
    /// An empty bin counts as a thousandth of a sample (as fishtest does), so that a match with
    /// one kind of result (every pair won) has a variance and decides.
    pub fn llr(&self, outcomes: &Outcomes) -> f64 {
        if outcomes.samples() == 0 {
            return 0.0;
        }
        let bins = outcomes.counts.len();
        let counts: Vec<f64> = outcomes
            .counts
            .iter()
            .map(|&c| if c == 0 { 1e-3 } else { c as f64 })
            .collect();
        let score = |bin: usize| bin as f64 / (bins - 1) as f64;
        let n: f64 = counts.iter().sum();
        let mean = counts.iter().enumerate().map(|(b, c)| c * score(b)).sum::<f64>() / n;
        let variance = counts
            .iter()
            .enumerate()
            .map(|(b, c)| c * (score(b) - mean).powi(2))
            .sum::<f64>()
            / n;
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::Stronger
        } else if llr <= lower {
            Verdict::NotStronger
        } else {
            Verdict::Undecided
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bounds_follow_the_error_rates() {
        let (lower, upper) = Sprt::new(0.0, 10.0).bounds();
        assert!((lower - (0.05f64 / 0.95).ln()).abs() < 1e-12 && (lower + 2.944).abs() < 1e-3);
        assert!((upper - 2.944).abs() < 1e-3);
        let strict = Sprt {
            alpha: 0.01,
            ..Sprt::new(0.0, 10.0)
        };
        assert!(strict.bounds().1 > upper, "a smaller alpha needs more evidence for H1");
    }

    /// 350 pairs, 10 lost both, 60 one loss and one draw, 180 even, 80 a win and a draw, 20 both
    /// won (52.9%): the ratio for [0, 10] worked out by hand (mean 0.528571, variance 0.045612).
    #[test]
    fn the_ratio_of_a_pentanomial_match_matches_a_hand_calculation() {
        let mut totals = Vec::new();
        for (total, count) in [(0.0, 10), (0.5, 60), (1.0, 180), (1.5, 80), (2.0, 20)] {
            totals.extend(std::iter::repeat_n(total, count));
        }
        let outcomes = Outcomes::of_pairs(totals);
        assert_eq!(outcomes.counts(), &[10, 60, 180, 80, 20]);
        let llr = Sprt::new(0.0, 10.0).llr(&outcomes);
        assert!((llr - 2.36008).abs() < 1e-4, "{llr}");
        assert_eq!(Sprt::new(0.0, 10.0).verdict(llr), Verdict::Undecided);
    }

    #[test]
    fn one_kind_of_result_still_decides() {
        let sprt = Sprt::new(0.0, 10.0);
        let won = sprt.llr(&Outcomes::of_pairs([2.0; 5]));
        assert!((won - 94.653).abs() < 1e-2, "{won}");
        assert_eq!(sprt.verdict(won), Verdict::Stronger);
        let lost = sprt.llr(&Outcomes::of_pairs([0.0; 5]));
        assert_eq!(sprt.verdict(lost), Verdict::NotStronger);
        assert_eq!(sprt.llr(&Outcomes::of_games([])), 0.0);
    }

    #[test]
    fn an_even_match_leans_to_h0_and_a_winning_one_to_h1() {
        let sprt = Sprt::new(0.0, 10.0);
        // 55% in single games (about +35 Elo): far above both hypotheses.
        let winning = Outcomes::of_games((0..1000).map(|g| match g % 20 {
            0..=10 => 1.0,
            11..=12 => 0.5,
            _ => 0.0,
        }));
        assert_eq!(sprt.verdict(sprt.llr(&winning)), Verdict::Stronger);
        // Exactly even: the ratio falls with every game, and 2,000 pairs are enough to reject +10.
        let even = |pairs: usize| Outcomes::of_pairs((0..pairs).map(|p| [0.5, 1.0, 1.5, 1.0][p % 4]));
        let (short, long) = (sprt.llr(&even(200)), sprt.llr(&even(2000)));
        assert!(long < short && short < 0.0, "{short} {long}");
        assert_eq!(sprt.verdict(long), Verdict::NotStronger);
    }

    #[test]
    fn hypotheses_are_read_with_clear_errors() {
        assert_eq!(Sprt::parse("0,10"), Ok(Sprt::new(0.0, 10.0)));
        assert_eq!(Sprt::parse(" -5 , 2.5"), Ok(Sprt::new(-5.0, 2.5)));
        for (text, says) in [
            ("10", "two Elo differences"),
            ("10,0", "must be below"),
            ("0,ten", "'ten' is not an Elo difference"),
            ("0,inf", "'inf' is not"),
            ("0,5000", "'5000' is not"),
        ] {
            let error = Sprt::parse(text).unwrap_err();
            assert!(error.contains(says), "{text}: {error}");
        }
    }
}
