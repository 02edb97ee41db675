//! What Club's mates worked out to, remembered by position for a search. A search works the
//! mates out after every move it plays and again for every move whose legality it tests by
//! playing it, so the same position's mates come up over and over (a legality test, then the
//! move searched; the next iteration; a transposition). With an army frozen, working them out
//! proves a mate again each time, the dearest thing a Club search does.
//!
//! Only a search lends a memo to its position (`Position::lend_mates_memo`): a game's own
//! positions, perft and the move generator's tests always work the mates out, so the rules stay
//! exact whatever a key collision might do to a search.

use super::position::PerSeat;

/// Entries in a memo (a power of two: the key's low bits pick the entry).
const ENTRIES: usize = 1 << 14;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    key: u64,
    frozen: PerSeat<bool>,
    checked: Option<PerSeat<bool>>,
}

/// The mates worked out from positions (by their key, before the working out): the frozen set
/// reached and who is then in check (`None` where the mates did not settle).
#[derive(Debug)]
pub struct MatesMemo {
    entries: Vec<Option<Entry>>,
}

impl Default for MatesMemo {
    fn default() -> MatesMemo {
        MatesMemo {
            entries: vec![None; ENTRIES],
        }
    }
}

impl MatesMemo {
    /// What the position with `key` worked out to, if remembered.
    pub(super) fn recall(&self, key: u64) -> Option<(PerSeat<bool>, Option<PerSeat<bool>>)> {
        self.entries[key as usize % ENTRIES]
            .filter(|entry| entry.key == key)
            .map(|entry| (entry.frozen, entry.checked))
    }

    /// Remembers what the position with `key` worked out to (replacing whatever shared its entry).
    pub(super) fn remember(&mut self, key: u64, frozen: PerSeat<bool>, checked: Option<PerSeat<bool>>) {
        self.entries[key as usize % ENTRIES] = Some(Entry { key, frozen, checked });
    }
}

/// A position's lent memo, if any. A clone of the position gets none (it is the search's, not
/// the position's), and two positions compare equal whatever their slots hold.
#[derive(Debug, Default)]
pub struct MemoSlot(Option<MatesMemo>);

impl Clone for MemoSlot {
    fn clone(&self) -> MemoSlot {
        MemoSlot(None)
    }
}

impl PartialEq for MemoSlot {
    fn eq(&self, _: &MemoSlot) -> bool {
        true
    }
}

impl Eq for MemoSlot {}

impl MemoSlot {
    pub(super) fn get(&self) -> Option<&MatesMemo> {
        self.0.as_ref()
    }

    pub(super) fn get_mut(&mut self) -> Option<&mut MatesMemo> {
        self.0.as_mut()
    }

    pub(super) fn lend(&mut self, memo: MatesMemo) {
        self.0 = Some(memo);
    }

    pub(super) fn take(&mut self) -> Option<MatesMemo> {
        self.0.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_memo_recalls_what_it_remembered_under_that_key_only() {
        let mut memo = MatesMemo::default();
        let key = 0x1234_5678_9ABC_DEF0;
        assert_eq!(memo.recall(key), None);
        memo.remember(key, [true, false, false, false], Some([true, false, true, false]));
        assert_eq!(
            memo.recall(key),
            Some(([true, false, false, false], Some([true, false, true, false])))
        );
        // Another key on the same entry is not taken for it, and replaces it.
        let other = key + ENTRIES as u64;
        assert_eq!(memo.recall(other), None);
        memo.remember(other, [false; 4], None);
        assert_eq!(memo.recall(key), None);
        assert_eq!(memo.recall(other), Some(([false; 4], None)));
    }

    #[test]
    fn a_clone_of_a_slot_holds_no_memo() {
        let mut slot = MemoSlot::default();
        slot.lend(MatesMemo::default());
        assert!(slot.get().is_some());
        assert!(slot.clone().get().is_none());
        assert!(slot.take().is_some() && slot.get().is_none());
    }
}
