//! History scores with gravity, as both games' searches keep them: a cut-off rewards its quiet
//! move and penalises the quiet moves tried before it, each update pulling the value towards
//! ±`HISTORY_MAX` the more slowly the nearer it is, so old results fade and no value runs away.

/// History values stay within ± this.
pub const HISTORY_MAX: i32 = 16_384;

/// Pulls `value` by `bonus` towards ±`HISTORY_MAX`, the more slowly the nearer it is.
pub fn gravity(value: i32, bonus: i32) -> i32 {
    value + bonus - value * bonus.abs() / HISTORY_MAX
}

/// The history bonus of a cut-off at `depth` (the penalty of a move that failed there).
pub fn bonus(depth: i32) -> i32 {
    (16 * depth * depth + 32 * depth + 16).min(1_200)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gravity_keeps_history_within_its_bounds() {
        let mut value = 0;
        for _ in 0..10_000 {
            value = gravity(value, bonus(40));
            assert!(value <= HISTORY_MAX, "{value}");
        }
        assert!(value > HISTORY_MAX - 100, "{value}");
        for _ in 0..10_000 {
            value = gravity(value, -bonus(40));
            assert!(value >= -HISTORY_MAX, "{value}");
        }
        assert!(value < -HISTORY_MAX + 100, "{value}");
    }

    #[test]
    fn a_deeper_cut_off_weighs_more_up_to_a_cap() {
        assert!(bonus(1) < bonus(2) && bonus(2) < bonus(5));
        assert_eq!(bonus(8), bonus(40));
    }
}
