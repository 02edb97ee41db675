//! The transposition table: a fixed-size array of entries keyed by a game's Zobrist key,
//! generic over the game's move, in buckets of `ways` entries (a key's bucket is its low bits).
//!
//! Replacement with one entry a bucket: an entry from an older search, a shallower one, or the
//! same position is replaced. With buckets: the same position's entry if the bucket holds it,
//! else an empty one, else the least worth keeping — from an older search first, then the
//! shallowest — so deep entries of the running search survive the many shallow stores of its
//! leaves.

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The score is at least this (a beta cut-off).
    Lower,
    /// The score is at most this (no move raised alpha).
    Upper,
}

#[derive(Copy, Clone, Debug)]
pub struct Entry<M> {
    pub key: u64,
    pub best: Option<M>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    /// Searched with nothing pruned that could hide a mate (a mate-question window), so the
    /// bound holds for mates too; other entries' bounds hold only for the heuristic search.
    pub mate_safe: bool,
    generation: u8,
}

pub struct TranspositionTable<M> {
    entries: Vec<Option<Entry<M>>>,
    /// Entries a bucket (a power of two).
    ways: usize,
    generation: u8,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table of about `megabytes` MiB (at least one entry), one entry a bucket.
    pub fn new(megabytes: usize) -> TranspositionTable<M> {
        TranspositionTable::with_ways(megabytes, 1)
    }

    /// A table of about `megabytes` MiB in buckets of `ways` entries (rounded down to a power of
    /// two, at least one).
    pub fn with_ways(megabytes: usize, ways: usize) -> TranspositionTable<M> {
        let ways = 1usize << (usize::BITS - 1 - ways.max(1).leading_zeros());
        let entry_size = std::mem::size_of::<Option<Entry<M>>>();
        let fit = ((megabytes << 20) / entry_size).max(ways);
        // The largest power of two that fits, so a bucket is the key's low bits.
        let count = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        TranspositionTable {
            entries: vec![None; count],
            ways,
            generation: 0,
        }
    }

    /// The first index of `key`'s bucket.
    fn bucket(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1) & !(self.ways - 1)
    }

    /// Marks the start of a new search, so old entries give way first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Forgets every entry (a new game).
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
    }

    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let start = self.bucket(key);
        self.entries[start..start + self.ways]
            .iter()
            .flatten()
            .find(|e| e.key == key)
            .copied()
    }

    /// The index a store of `key` would write, if it writes at all.
    fn victim(&self, key: u64, depth: i32) -> Option<usize> {
        let start = self.bucket(key);
        let bucket = &self.entries[start..start + self.ways];
        if self.ways == 1 {
            let replace = match &bucket[0] {
                None => true,
                Some(old) => old.key == key || old.generation != self.generation || depth >= old.depth,
            };
            return replace.then_some(start);
        }
        if let Some(same) = bucket.iter().position(|e| e.is_some_and(|e| e.key == key)) {
            return Some(start + same);
        }
        // Worth keeping: of this search, then deep. An empty slot is worth nothing.
        let worth = |e: &Option<Entry<M>>| {
            e.map_or(i32::MIN, |e| {
                e.depth + if e.generation == self.generation { 1 << 16 } else { 0 }
            })
        };
        (0..self.ways).min_by_key(|&i| worth(&bucket[i])).map(|i| start + i)
    }

    /// Whether storing at `key` would replace a heuristic entry (of any position): a mate
    /// probe's refutations leave those in place, so the probe never costs the search its moves.
    pub fn holds_heuristic(&self, key: u64, depth: i32) -> bool {
        self.victim(key, depth)
            .is_some_and(|i| self.entries[i].is_some_and(|e| !e.mate_safe))
    }

    pub fn store(&mut self, key: u64, best: Option<M>, score: i32, depth: i32, bound: Bound, mate_safe: bool) {
        let Some(slot) = self.victim(key, depth) else {
            return;
        };
        // Keep a known best move when the new entry has none for the same position.
        let best = best.or_else(|| self.entries[slot].filter(|e| e.key == key).and_then(|e| e.best));
        self.entries[slot] = Some(Entry {
            key,
            best,
            score,
            depth,
            bound,
            mate_safe,
            generation: self.generation,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys that share a bucket in a table of `entries` entries.
    fn same_bucket(n: u64, entries: u64) -> u64 {
        7 + n * entries
    }

    #[test]
    fn a_bucket_keeps_its_deep_entries_and_replaces_the_shallowest() {
        let mut tt = TranspositionTable::<u8>::with_ways(1, 4);
        let entries = tt.entries.len() as u64;
        tt.new_search();
        for (n, depth) in [(0, 9), (1, 2), (2, 7), (3, 5)] {
            tt.store(same_bucket(n, entries), Some(n as u8), 0, depth, Bound::Exact, false);
        }
        // A fifth position takes the depth-2 entry's place; the deep ones stay.
        tt.store(same_bucket(4, entries), None, 0, 1, Bound::Lower, false);
        assert!(tt.probe(same_bucket(1, entries)).is_none());
        for n in [0, 2, 3, 4] {
            assert!(tt.probe(same_bucket(n, entries)).is_some(), "{n}");
        }
        // An entry of an older search gives way before any of this search, however deep.
        tt.new_search();
        tt.store(same_bucket(5, entries), None, 0, 1, Bound::Upper, false);
        tt.store(same_bucket(6, entries), None, 0, 1, Bound::Upper, false);
        assert!(tt.probe(same_bucket(5, entries)).is_some());
        assert!(tt.probe(same_bucket(6, entries)).is_some());
        assert!(
            tt.probe(same_bucket(0, entries)).is_some(),
            "the deepest old entry is the last to go"
        );
    }

    #[test]
    fn a_store_of_the_same_position_keeps_its_move() {
        let mut tt = TranspositionTable::<u8>::with_ways(1, 4);
        tt.store(42, Some(3), 10, 4, Bound::Lower, false);
        tt.store(42, None, -5, 6, Bound::Upper, false);
        let e = tt.probe(42).unwrap();
        assert_eq!((e.best, e.score, e.depth, e.bound), (Some(3), -5, 6, Bound::Upper));
    }

    #[test]
    fn one_way_tables_keep_a_deeper_entry_of_the_running_search() {
        let mut tt = TranspositionTable::<u8>::new(1);
        let entries = tt.entries.len() as u64;
        tt.new_search();
        tt.store(same_bucket(0, entries), None, 0, 8, Bound::Exact, false);
        tt.store(same_bucket(1, entries), None, 0, 3, Bound::Exact, false);
        assert!(tt.probe(same_bucket(0, entries)).is_some());
        tt.new_search();
        tt.store(same_bucket(1, entries), None, 0, 3, Bound::Exact, false);
        assert!(tt.probe(same_bucket(1, entries)).is_some());
    }
}
