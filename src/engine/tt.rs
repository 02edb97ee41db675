//! The transposition table: a fixed-size array of entries keyed by a game's Zobrist key,
//! generic over the game's move. Replacement: an entry from an older search, a shallower one, or
//! the same position is replaced.

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
    generation: u8,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table of about `megabytes` MiB (at least one entry).
    pub fn new(megabytes: usize) -> TranspositionTable<M> {
        let entry_size = std::mem::size_of::<Option<Entry<M>>>();
        let fit = ((megabytes << 20) / entry_size).max(1);
        // The largest power of two that fits, so a slot is the key's low bits.
        let count = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        TranspositionTable {
            entries: vec![None; count],
            generation: 0,
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// Marks the start of a new search, so old entries give way first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.entries[self.slot(key)].filter(|e| e.key == key)
    }

    /// Whether storing at `key` would replace a heuristic entry (of any position): a mate
    /// probe's refutations leave those in place, so the probe never costs the search its moves.
    pub fn holds_heuristic(&self, key: u64) -> bool {
        self.entries[self.slot(key)].is_some_and(|e| !e.mate_safe)
    }

    pub fn store(&mut self, key: u64, best: Option<M>, score: i32, depth: i32, bound: Bound, mate_safe: bool) {
        let generation = self.generation;
        let slot = self.slot(key);
        let replace = match &self.entries[slot] {
            None => true,
            Some(old) => old.key == key || old.generation != generation || depth >= old.depth,
        };
        if replace {
            // Keep a known best move when the new entry has none for the same position.
            let best = best.or_else(|| self.entries[slot].filter(|e| e.key == key).and_then(|e| e.best));
            self.entries[slot] = Some(Entry {
                key,
                best,
                score,
                depth,
                bound,
                mate_safe,
                generation,
            });
        }
    }
}
