//! The transposition table: a fixed-size array of entries keyed by a game's Zobrist key,
//! generic over the game's move, in buckets of `ways` entries (a key's bucket is its low bits).
//!
//! Each entry is two atomic words, the data packed in one and the key xor the data in the
//! other, so that threads searching the same game (Lazy SMP) share one table without locks: a
//! torn write (one word of one entry, the other of another) fails the key check and reads as
//! no entry.
//!
//! Replacement with one entry a bucket: an entry from an older search, a shallower one, or the
//! same position is replaced. With buckets: the same position's entry if the bucket holds it,
//! else an empty one, else the least worth keeping — from an older search first, then the
//! shallowest — so deep entries of the running search survive the many shallow stores of its
//! leaves.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The score is at least this (a beta cut-off).
    Lower,
    /// The score is at most this (no move raised alpha).
    Upper,
}

impl Bound {
    /// The bound a search result `best` of a window (`alpha`, `beta`) is: a fail high is a
    /// lower bound, a fail low an upper one.
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best <= alpha {
            Bound::Upper
        } else {
            Bound::Exact
        }
    }

    /// Whether a stored `score` of this bound settles a search of the window (`alpha`, `beta`).
    pub fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }

    /// A static `estimate` of a position, sharpened by a stored `score` of this bound: an exact
    /// score replaces it, a lower bound above it or an upper bound below it does.
    pub fn refine(self, estimate: i32, score: i32) -> i32 {
        match self {
            Bound::Exact => score,
            Bound::Lower => estimate.max(score),
            Bound::Upper => estimate.min(score),
        }
    }
}

/// A move as the table keeps it: in at most `MOVE_BITS` bits.
pub trait TableMove: Copy {
    fn pack(self) -> u32;
    /// `None` for bits no move packs to.
    fn unpack(bits: u32) -> Option<Self>;
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

/// Bits of a packed move (one more value marks "no move").
pub const MOVE_BITS: u32 = 23;
const SCORE_BITS: u32 = 22;
/// Scores the table keeps exactly: within ± this.
pub const SCORE_LIMIT: i32 = (1 << (SCORE_BITS - 1)) - 1;
const DEPTH_BITS: u32 = 8;
const GENERATION_MASK: u8 = 0x7f;
/// The largest bucket.
const MAX_WAYS: usize = 4;

/// Depths the table keeps exactly: -1 to 254.
fn depth_code(depth: i32) -> u64 {
    (depth + 1).clamp(0, (1 << DEPTH_BITS) - 1) as u64
}

impl<M: TableMove> Entry<M> {
    /// The entry in one word: move + 1 (0: none), score, depth + 1, bound (1 to 3, so no entry
    /// packs to zero, the empty slot), mate-safe, generation.
    fn pack(&self) -> u64 {
        let best = self
            .best
            .map_or(0, |m| u64::from(m.pack() & ((1 << MOVE_BITS) - 1)) + 1);
        let score = (self.score.clamp(-SCORE_LIMIT, SCORE_LIMIT) as i64 as u64) & ((1 << SCORE_BITS) - 1);
        let bound = match self.bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let mut word = best;
        let mut at = MOVE_BITS + 1;
        for (value, bits) in [
            (score, SCORE_BITS),
            (depth_code(self.depth), DEPTH_BITS),
            (bound, 2),
            (u64::from(self.mate_safe), 1),
            (u64::from(self.generation & GENERATION_MASK), 7),
        ] {
            word |= value << at;
            at += bits;
        }
        word
    }

    fn unpack(key: u64, word: u64) -> Option<Entry<M>> {
        let mut at = 0;
        let mut take = |bits: u32| {
            let value = (word >> at) & ((1u64 << bits) - 1);
            at += bits;
            value
        };
        let best = take(MOVE_BITS + 1);
        let score = take(SCORE_BITS);
        let depth = take(DEPTH_BITS) as i32 - 1;
        let bound = match take(2) {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        let mate_safe = take(1) == 1;
        let generation = take(7) as u8;
        // Sign-extend the score.
        let shift = 64 - SCORE_BITS;
        let score = ((score << shift) as i64 >> shift) as i32;
        Some(Entry {
            key,
            best: best.checked_sub(1).and_then(|bits| M::unpack(bits as u32)),
            score,
            depth,
            bound,
            mate_safe,
            generation,
        })
    }
}

/// Slots in a 64-byte cache line: a bucket of four is one line when it starts on one.
const LINE_SLOTS: usize = 64 / std::mem::size_of::<Slot>();

/// The index of the first slot of `storage` that starts a cache line. A large allocation
/// starts just past the allocator's header (16 bytes into a page), so without this every
/// bucket of four would straddle two lines and a probe would wait for two memory reads.
fn aligned(storage: &[Slot]) -> usize {
    let address = storage.as_ptr() as usize;
    let line = LINE_SLOTS * std::mem::size_of::<Slot>();
    (line - address % line) % line / std::mem::size_of::<Slot>()
}

/// One slot: the key xor the data, and the data (aligned to its size, so slots tile lines).
#[repr(align(16))]
struct Slot([AtomicU64; 2]);

impl Slot {
    fn read<M: TableMove>(&self) -> Option<Entry<M>> {
        let check = self.0[0].load(Ordering::Relaxed);
        let data = self.0[1].load(Ordering::Relaxed);
        if data == 0 {
            return None;
        }
        Entry::unpack(check ^ data, data)
    }

    fn write<M: TableMove>(&self, entry: &Entry<M>) {
        let data = entry.pack();
        self.0[0].store(entry.key ^ data, Ordering::Relaxed);
        self.0[1].store(data, Ordering::Relaxed);
    }

    fn clear(&self) {
        self.0[0].store(0, Ordering::Relaxed);
        self.0[1].store(0, Ordering::Relaxed);
    }
}

/// The table. Every method takes `&self`, so threads can share it behind an `Arc`.
pub struct TranspositionTable<M> {
    /// The slots, with room to start the first bucket on a cache line (see `aligned`).
    storage: Vec<Slot>,
    /// Where in `storage` the first bucket starts.
    first: usize,
    /// How many slots the table uses (a power of two).
    count: usize,
    /// Entries a bucket (a power of two).
    ways: usize,
    generation: AtomicU8,
    moves: std::marker::PhantomData<M>,
}

impl<M: TableMove> TranspositionTable<M> {
    /// A table of about `megabytes` MiB (at least one entry), one entry a bucket.
    pub fn new(megabytes: usize) -> TranspositionTable<M> {
        TranspositionTable::with_ways(megabytes, 1)
    }

    /// A table of about `megabytes` MiB in buckets of `ways` entries (rounded down to a power of
    /// two, from one to four).
    pub fn with_ways(megabytes: usize, ways: usize) -> TranspositionTable<M> {
        let ways = 1usize << (usize::BITS - 1 - ways.clamp(1, MAX_WAYS).leading_zeros());
        let fit = ((megabytes << 20) / std::mem::size_of::<Slot>()).max(ways);
        // The largest power of two that fits, so a bucket is the key's low bits.
        let count = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        let storage: Vec<Slot> = (0..count + LINE_SLOTS - 1)
            .map(|_| Slot([AtomicU64::new(0), AtomicU64::new(0)]))
            .collect();
        TranspositionTable {
            first: aligned(&storage),
            storage,
            count,
            ways,
            generation: AtomicU8::new(0),
            moves: std::marker::PhantomData,
        }
    }

    /// The slots the table uses.
    fn slots(&self) -> &[Slot] {
        &self.storage[self.first..self.first + self.count]
    }

    /// The first index of `key`'s bucket.
    fn bucket(&self, key: u64) -> usize {
        (key as usize) & (self.count - 1) & !(self.ways - 1)
    }

    fn generation(&self) -> u8 {
        self.generation.load(Ordering::Relaxed) & GENERATION_MASK
    }

    /// Marks the start of a new search, so old entries give way first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// Forgets every entry (a new game).
    pub fn clear(&self) {
        self.slots().iter().for_each(Slot::clear);
    }

    /// Starts loading `key`'s bucket from memory, so that a probe a few hundred instructions
    /// later finds it (or its load under way) in the cache. Safe Rust has no prefetch
    /// instruction, so this is a plain load the processor overlaps with the work after it.
    #[inline]
    pub fn touch(&self, key: u64) {
        std::hint::black_box(self.slots()[self.bucket(key)].0[1].load(Ordering::Relaxed));
    }

    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let start = self.bucket(key);
        self.slots()[start..start + self.ways]
            .iter()
            .filter_map(Slot::read::<M>)
            .find(|e| e.key == key)
    }

    /// The index a store of `key` would write, if it writes at all, and what it holds now.
    fn victim(&self, key: u64, depth: i32) -> Option<(usize, Option<Entry<M>>)> {
        let start = self.bucket(key);
        let generation = self.generation();
        let mut held = [None; MAX_WAYS];
        for (i, slot) in self.slots()[start..start + self.ways].iter().enumerate() {
            held[i] = slot.read();
        }
        if self.ways == 1 {
            let replace = match &held[0] {
                None => true,
                Some(old) => {
                    old.key == key || old.generation != generation || depth_code(depth) >= depth_code(old.depth)
                }
            };
            return replace.then_some((start, held[0]));
        }
        if let Some(same) = held.iter().position(|e| e.is_some_and(|e| e.key == key)) {
            return Some((start + same, held[same]));
        }
        // Worth keeping: of this search, then deep. An empty slot is worth nothing.
        let worth = |e: &Option<Entry<M>>| {
            e.map_or(i32::MIN, |e| {
                e.depth + if e.generation == generation { 1 << 16 } else { 0 }
            })
        };
        (0..self.ways)
            .min_by_key(|&i| worth(&held[i]))
            .map(|i| (start + i, held[i]))
    }

    /// Whether storing at `key` would replace a heuristic entry (of any position): a mate
    /// probe's refutations leave those in place, so the probe never costs the search its moves.
    pub fn holds_heuristic(&self, key: u64, depth: i32) -> bool {
        self.victim(key, depth)
            .is_some_and(|(_, held)| held.is_some_and(|e| !e.mate_safe))
    }

    pub fn store(&self, key: u64, best: Option<M>, score: i32, depth: i32, bound: Bound, mate_safe: bool) {
        let Some((slot, held)) = self.victim(key, depth) else {
            return;
        };
        // Keep a known best move when the new entry has none for the same position.
        let best = best.or_else(|| held.filter(|e| e.key == key).and_then(|e| e.best));
        self.slots()[slot].write(&Entry {
            key,
            best,
            score,
            depth,
            bound,
            mate_safe,
            generation: self.generation(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_bound_refines_an_estimate_only_on_its_side() {
        assert_eq!(Bound::Exact.refine(10, -30), -30);
        assert_eq!(Bound::Lower.refine(10, 40), 40);
        assert_eq!(Bound::Lower.refine(10, -40), 10);
        assert_eq!(Bound::Upper.refine(10, -40), -40);
        assert_eq!(Bound::Upper.refine(10, 40), 10);
    }

    impl TableMove for u8 {
        fn pack(self) -> u32 {
            u32::from(self)
        }
        fn unpack(bits: u32) -> Option<u8> {
            u8::try_from(bits).ok()
        }
    }

    #[test]
    fn every_bucket_of_four_is_one_cache_line() {
        for megabytes in [1, 16] {
            let tt = TranspositionTable::<u8>::with_ways(megabytes, 4);
            assert_eq!(tt.slots().as_ptr() as usize % 64, 0, "{megabytes} MiB");
            assert_eq!(tt.count, (megabytes << 20) / 16);
        }
    }

    /// Keys that share a bucket in a table of `entries` entries.
    fn same_bucket(n: u64, entries: u64) -> u64 {
        7 + n * entries
    }

    #[test]
    fn an_entry_reads_back_as_written() {
        let tt = TranspositionTable::<u8>::with_ways(1, 4);
        for (key, best, score, depth, bound, mate_safe) in [
            (u64::MAX, Some(255), SCORE_LIMIT, 254, Bound::Upper, true),
            (0, None, -SCORE_LIMIT, -1, Bound::Exact, false),
            (0x1234_5678_9abc_def0, Some(0), -1, 0, Bound::Lower, false),
            (99, Some(17), 1_000_000 - 40, 37, Bound::Exact, true),
        ] {
            tt.store(key, best, score, depth, bound, mate_safe);
            let e = tt.probe(key).expect("stored");
            assert_eq!(
                (e.key, e.best, e.score, e.depth, e.bound, e.mate_safe),
                (key, best, score, depth, bound, mate_safe)
            );
        }
        assert!(tt.probe(98).is_none());
        tt.clear();
        assert!(tt.probe(99).is_none());
    }

    #[test]
    fn a_bucket_keeps_its_deep_entries_and_replaces_the_shallowest() {
        let tt = TranspositionTable::<u8>::with_ways(1, 4);
        let entries = tt.count as u64;
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
        let tt = TranspositionTable::<u8>::with_ways(1, 4);
        tt.store(42, Some(3), 10, 4, Bound::Lower, false);
        tt.store(42, None, -5, 6, Bound::Upper, false);
        let e = tt.probe(42).unwrap();
        assert_eq!((e.best, e.score, e.depth, e.bound), (Some(3), -5, 6, Bound::Upper));
    }

    #[test]
    fn one_way_tables_keep_a_deeper_entry_of_the_running_search() {
        let tt = TranspositionTable::<u8>::new(1);
        let entries = tt.count as u64;
        tt.new_search();
        tt.store(same_bucket(0, entries), None, 0, 8, Bound::Exact, false);
        tt.store(same_bucket(1, entries), None, 0, 3, Bound::Exact, false);
        assert!(tt.probe(same_bucket(0, entries)).is_some());
        tt.new_search();
        tt.store(same_bucket(1, entries), None, 0, 3, Bound::Exact, false);
        assert!(tt.probe(same_bucket(1, entries)).is_some());
    }

    #[test]
    fn threads_share_one_table() {
        let tt = std::sync::Arc::new(TranspositionTable::<u8>::with_ways(1, 4));
        std::thread::scope(|scope| {
            for t in 0..4u64 {
                let tt = tt.clone();
                scope.spawn(move || {
                    for i in 0..1_000u64 {
                        tt.store(t * 1_000_000 + i, Some(t as u8), i as i32, 3, Bound::Exact, false);
                    }
                });
            }
        });
        // Every entry read back is one that was written whole.
        for t in 0..4u64 {
            for i in 0..1_000u64 {
                if let Some(e) = tt.probe(t * 1_000_000 + i) {
                    assert_eq!((e.best, e.score), (Some(t as u8), i as i32));
                }
            }
        }
    }
}
