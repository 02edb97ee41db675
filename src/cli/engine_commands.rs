//! `bestmove`, `review`, `selfplay` and `bench`: the computer opponent from the command line.

use std::path::PathBuf;

use crate::engine::SlicedPlayer;
use crate::engine::limits::StdClock;
use crate::engine::{Limits, NoClock, StopFlag};
use crate::files::read_text_limited;
use crate::fourfold::ai::levels::{self, DEFAULT_LEVEL};
use crate::fourfold::ai::openings::{BOOK_LIMIT_BYTES, Balance, Opening, format_book, parse_book};
use crate::fourfold::ai::selfplay::{GameRecord, MatchConfig, Opponent, play_games, play_openings, sprt_outcomes};
use crate::fourfold::ai::{Engine, Features, LEVELS, Player, SearchInfo, mate_in};
use crate::fourfold::rules::lan::format_move;
use crate::fourfold::rules::{Color, Game, Move, Position, Setup};
use crate::rating::sprt::{Sprt, Verdict};
use crate::rating::{GameResult, Rating};
use crate::storage::TextStorage;

/// The PV in LAN4D from `pos`.
fn pv_text(pos: &Position, pv: &[Move]) -> String {
    let mut pos = pos.clone();
    let mut words = Vec::with_capacity(pv.len());
    for &mv in pv {
        if !pos.is_legal(mv) {
            break;
        }
        words.push(format_move(&pos, mv));
        pos.make(mv);
    }
    words.join(" ")
}

fn info_line(pos: &Position, info: &SearchInfo) -> String {
    let score = match mate_in(info.score) {
        Some(n) => format!("mate {n}"),
        None => format!("cp {}", info.score),
    };
    let nps = (info.nodes as f64 / (info.elapsed_ms / 1000.0).max(1e-6)) as u64;
    format!(
        "info depth {} score {score} nodes {} nps {nps} pv {}",
        info.depth,
        info.nodes,
        pv_text(pos, &info.pv)
    )
}

/// Searches the game's last position, with the positions before it known (repetitions).
pub fn bestmove(
    game: Game,
    level: Option<&str>,
    limits: Limits,
    seed: u64,
    features: Features,
    threads: usize,
) -> Result<(), String> {
    if let Some(outcome) = game.outcome() {
        say!("outcome {} {}", outcome.result_token(), outcome.reason());
        say!("bestmove none");
        return Ok(());
    }
    let clock = StdClock::new();
    let stop = StopFlag::new();
    let pos = game.position().clone();
    let mut print = |info: &SearchInfo| say!("{}", info_line(&pos, info));
    let explicit = limits != Limits::default();
    let best = if explicit {
        Engine::with_features(16, features)
            .search_threads(&game, &limits, &clock, &stop, threads, &mut print)
            .best
    } else {
        let level = levels::find(level.unwrap_or(DEFAULT_LEVEL))?;
        Player::with_engine(level, seed, Engine::with_features(16, features), None)
            .with_threads(threads)
            .choose_with_info(&game, &clock, &stop, &mut print)
    };
    let best = best.ok_or("no legal move in a position that is not over")?;
    say!("bestmove {}", format_move(game.position(), best));
    Ok(())
}

pub struct SelfplayOptions {
    pub white: String,
    pub black: String,
    pub games: usize,
    pub setup: String,
    pub seed: u64,
    pub threads: usize,
    pub swap: bool,
    pub opening_plies: usize,
    pub verbose: bool,
    pub limits: Option<Limits>,
    pub balance: Option<Balance>,
    /// Play this book's openings instead of drawing them.
    pub book: Option<PathBuf>,
    /// Write the match's openings here before the games.
    pub save_book: Option<PathBuf>,
    /// End the match when this test decides.
    pub sprt: Option<Sprt>,
}

/// One finished game: "game 3 full master as White: 1-0 checkmate (21 plies)".
fn game_line(r: &GameRecord, first: &Opponent) -> String {
    let opening = r
        .opening_score
        .map_or(String::new(), |cp| format!(", opening scored {cp:+} cp"));
    format!(
        "game {} {} {} as {}: {} {} ({} plies{opening})",
        r.index + 1,
        r.setup.name(),
        first.name(),
        if r.first_is_white { "White" } else { "Black" },
        r.outcome.result_token(),
        r.outcome.reason(),
        r.game.moves().len()
    )
}

/// Wins, draws and losses of the first-named player, and each player's milliseconds per move.
struct Tally {
    results: Vec<GameResult>,
    ms_per_move: [f64; 2],
}

impl Tally {
    fn of(records: &[GameRecord]) -> Tally {
        let mut think = [0.0f64; 2];
        let mut chosen = [0usize; 2];
        let results = records
            .iter()
            .map(|r| {
                for side in 0..2 {
                    think[side] += r.think_ms[side];
                    chosen[side] += r.moves_chosen[side];
                }
                match r.first_score() {
                    1.0 => GameResult::Win,
                    0.0 => GameResult::Loss,
                    _ => GameResult::Draw,
                }
            })
            .collect();
        let ms_per_move = [0, 1].map(|side| think[side] / chosen[side].max(1) as f64);
        Tally { results, ms_per_move }
    }

    fn count(&self, result: GameResult) -> usize {
        self.results.iter().filter(|&&r| r == result).count()
    }

    fn score_percent(&self) -> f64 {
        let points = self.count(GameResult::Win) as f64 + self.count(GameResult::Draw) as f64 / 2.0;
        points / self.results.len().max(1) as f64 * 100.0
    }

    /// The first player's rating after one period against an opponent rated `opponent`.
    fn rate_first(&self, start: Rating, opponent: Rating) -> Rating {
        start.after_period(&self.results.iter().map(|&r| (opponent, r)).collect::<Vec<_>>())
    }

    fn rate_second(&self, start: Rating, opponent: Rating) -> Rating {
        let inverted: Vec<(Rating, GameResult)> = self
            .results
            .iter()
            .map(|&r| {
                let flipped = match r {
                    GameResult::Win => GameResult::Loss,
                    GameResult::Loss => GameResult::Win,
                    GameResult::Draw => GameResult::Draw,
                };
                (opponent, flipped)
            })
            .collect();
        start.after_period(&inverted)
    }
}

/// The ladder's openings unless told otherwise: the balanced book (200 distinct classic openings
/// a 2,000,000-node search scores within about 50 cp of even). Random plies do not serve: the
/// sound ones of this board repeat (two plies give 5 distinct positions from the classic start and
/// 1 from the full start, a forced mate), so the levels that replay their games (node limits, no
/// noise) played the same dozen games again and again.
const LADDER_BOOK: &str = include_str!("../../results/openings-classic-balanced.txt");

/// A book's openings: the file's, or else the built-in balanced book.
fn book_openings(path: Option<&std::path::Path>) -> Result<Vec<Opening>, String> {
    match path {
        Some(path) => {
            let text = read_text_limited(path, BOOK_LIMIT_BYTES).map_err(|e| format!("--openings: {e}"))?;
            parse_book(&text).map_err(|e| format!("--openings {}: {e}", path.display()))
        }
        None => parse_book(LADDER_BOOK).map_err(|e| format!("the built-in book: {e}")),
    }
}

pub fn ladder(games: usize, seed: u64, threads: usize, book: Option<&std::path::Path>) -> Result<(), String> {
    let openings = book_openings(book)?;
    let clock = StdClock::new();
    let mut ratings = vec![Rating::default()];
    let mut pairs: Vec<(Opponent, Opponent)> = LEVELS
        .windows(2)
        .map(|w| (Opponent::level(&w[1]), Opponent::level(&w[0])))
        .collect();
    pairs.push((Opponent::level(&LEVELS[LEVELS.len() - 1]), Opponent::Reference));
    say!("pair | wins draws losses | score | ms/move (first, second)");
    for (i, &(first, second)) in pairs.iter().enumerate() {
        let config = MatchConfig {
            first,
            second,
            games,
            swap: true,
            setups: vec![Setup::Classic],
            seed: seed.wrapping_add(i as u64),
            opening_plies: 0,
            threads,
            limits: None,
            balance: None,
        };
        if let Some(warning) = repeated_games_warning(&config, &openings, ", or a longer book (--openings)") {
            eprintln!("warning: {} vs {}: {warning}", first.name(), second.name());
        }
        let records = play_openings(&config, &openings, &clock);
        for r in &records {
            say!("  {}", game_line(r, &first));
        }
        say!("  {}", openings_line(&config, &openings, records.len()));
        let tally = Tally::of(&records);
        say!(
            "{} vs {} | {} {} {} | {:.1}% | {:.1} ms, {:.1} ms",
            first.name(),
            second.name(),
            tally.count(GameResult::Win),
            tally.count(GameResult::Draw),
            tally.count(GameResult::Loss),
            tally.score_percent(),
            tally.ms_per_move[0],
            tally.ms_per_move[1]
        );
        if i + 1 < pairs.len() {
            // The level above starts from the rating of the level below (with the default,
            // wide deviation) and is rated on its games against it.
            let below = ratings[i];
            let prior = Rating {
                rating: below.rating,
                ..Rating::default()
            };
            ratings.push(tally.rate_first(prior, below));
        }
    }
    say!("glicko2 ladder (each level rated on its games against the level below; beginner 1500):");
    for (level, r) in LEVELS.iter().zip(&ratings) {
        say!(
            "  {} rating {:.0} deviation {:.0} volatility {:.4}",
            level.name,
            r.rating,
            r.deviation,
            r.volatility
        );
    }
    Ok(())
}

pub fn selfplay(options: &SelfplayOptions) -> Result<(), String> {
    let first = Opponent::parse(&options.white)?;
    let second = Opponent::parse(&options.black)?;
    let setups = match options.setup.as_str() {
        "classic" => vec![Setup::Classic],
        "full" => vec![Setup::Full],
        "mixed" => vec![Setup::Classic, Setup::Full],
        other => return Err(format!("unknown setup '{other}': choose classic, full or mixed")),
    };
    let config = MatchConfig {
        first,
        second,
        games: options.games,
        swap: options.swap,
        setups,
        seed: options.seed,
        opening_plies: options.opening_plies,
        threads: options.threads,
        limits: options.limits.clone(),
        balance: options.balance,
    };
    let clock = StdClock::new();
    let openings = match &options.book {
        Some(path) => book_openings(Some(path))?,
        None => config
            .opening_plan()
            .openings(config.opening_count(), config.threads, &clock),
    };
    let remedies = ", use --movetime, or play a book with more openings";
    if let Some(warning) = repeated_games_warning(&config, &openings, remedies) {
        if options.sprt.is_some() {
            return Err(warning);
        }
        eprintln!("warning: {warning}");
    }
    if let Some(path) = &options.save_book {
        let header = book_header(&config, options.book.as_deref());
        path.write_text(&format_book(&openings, &header))
            .map_err(|e| format!("--save-openings: {e}"))?;
    }
    let (records, decision) = match options.sprt {
        Some(sprt) => {
            let (records, llr) = play_until_decided(&config, &openings, sprt, &clock);
            (records, Some((sprt, llr)))
        }
        None => (play_openings(&config, &openings, &clock), None),
    };
    let mut reasons: Vec<(&str, usize)> = Vec::new();
    for r in &records {
        match reasons.iter_mut().find(|(name, _)| *name == r.outcome.reason()) {
            Some((_, n)) => *n += 1,
            None => reasons.push((r.outcome.reason(), 1)),
        }
        if options.verbose {
            say!("{}", game_line(r, &first));
            say!("  moves {}", pv_text(r.game.start(), r.game.moves()));
        }
    }
    let tally = Tally::of(&records);
    say!("{} vs {}: {} games", first.name(), second.name(), records.len());
    say!(
        "wins {} draws {} losses {} score {:.1}% (for {})",
        tally.count(GameResult::Win),
        tally.count(GameResult::Draw),
        tally.count(GameResult::Loss),
        tally.score_percent(),
        first.name()
    );
    let reasons_text: Vec<String> = reasons.iter().map(|(r, n)| format!("{r} {n}")).collect();
    say!("reasons {}", reasons_text.join(", "));
    say!("{}", openings_line(&config, &openings, records.len()));
    let won_by = |color: Color| records.iter().filter(|r| r.outcome.winner() == Some(color)).count();
    say!(
        "by colour: White won {}, Black won {}",
        won_by(Color::White),
        won_by(Color::Black)
    );
    say!(
        "time per move: {} {:.1} ms, {} {:.1} ms",
        first.name(),
        tally.ms_per_move[0],
        second.name(),
        tally.ms_per_move[1]
    );
    let start = Rating::default();
    let ratings = [
        (first.name(), tally.rate_first(start, start)),
        (second.name(), tally.rate_second(start, start)),
    ];
    for (name, r) in ratings {
        say!(
            "glicko2 {name} rating {:.0} deviation {:.0} volatility {:.4}",
            r.rating,
            r.deviation,
            r.volatility
        );
    }
    if let Some((sprt, llr)) = decision {
        let verdict = match sprt.verdict(llr) {
            Verdict::Stronger => "H1 accepted",
            Verdict::NotStronger => "H0 accepted",
            Verdict::Undecided => "undecided",
        };
        say!(
            "sprt [{}, {}]: {verdict} after {} games, llr {}",
            sprt.elo0,
            sprt.elo1,
            records.len(),
            llr_text(sprt, llr)
        );
    }
    Ok(())
}

/// Games of a batch between two looks at the test: enough to keep the threads busy, few enough
/// that a decided match stops soon after it is decided.
const SPRT_BATCH: usize = 100;

/// Plays the match a batch at a time until `sprt` decides or the match's games are played;
/// says the ratio after each batch. Returns the games and the last ratio.
fn play_until_decided(
    config: &MatchConfig,
    openings: &[Opening],
    sprt: Sprt,
    clock: &(dyn crate::engine::limits::Clock + Sync),
) -> (Vec<GameRecord>, f64) {
    let mut records: Vec<GameRecord> = Vec::new();
    let mut llr = 0.0;
    while records.len() < config.games {
        let end = (records.len() + SPRT_BATCH).min(config.games);
        records.extend(play_games(config, openings, records.len()..end, clock));
        let outcomes = sprt_outcomes(config, &records);
        llr = sprt.llr(&outcomes);
        let tally = Tally::of(&records);
        say!(
            "sprt {} games: score {:.1}%, {} {:?}, llr {}",
            records.len(),
            tally.score_percent(),
            if config.swap { "pairs" } else { "games" },
            outcomes.counts(),
            llr_text(sprt, llr)
        );
        if sprt.verdict(llr) != Verdict::Undecided {
            break;
        }
    }
    (records, llr)
}

/// "1.23 (-2.94, 2.94)": the ratio and its bounds.
fn llr_text(sprt: Sprt, llr: f64) -> String {
    let (lower, upper) = sprt.bounds();
    format!("{llr:.2} ({lower:.2}, {upper:.2})")
}

/// When both players replay (node or depth limits, no noise, one thread) and the match plays an
/// opening more than once, what is wrong: its repeated games are copies, not samples, and a
/// score or test counting them as independent is too sure of itself. `remedies` ends the advice
/// with what else the command offers.
fn repeated_games_warning(config: &MatchConfig, openings: &[Opening], remedies: &str) -> Option<String> {
    let (distinct, played) = config.distinct_openings(openings, config.games);
    (config.replays_games() && distinct < played).then(|| {
        format!(
            "both players search by depth or nodes without noise on one thread, so an opening played \
             twice replays the same game move for move; this match plays {played} openings but only \
             {distinct} distinct ones. Play fewer games (at most {}){remedies}",
            if config.swap { 2 * distinct } else { distinct }
        )
    })
}

/// How many distinct openings the match's `games` played (by position), and with a balance, the range of
/// their scores: "openings: 20 distinct of 20, balanced by a 2000000-node search, scored -49 to
/// +50 cp".
fn openings_line(config: &MatchConfig, openings: &[Opening], games: usize) -> String {
    let (distinct, played) = config.distinct_openings(openings, games);
    let mut line = format!("openings: {distinct} distinct of {played}");
    let played: Vec<&Opening> = (0..played.min(openings.len())).map(|o| &openings[o]).collect();
    let scores: Vec<i32> = played.iter().filter_map(|o| o.score).collect();
    if let (Some(low), Some(high)) = (scores.iter().min(), scores.iter().max()) {
        match config.balance {
            Some(balance) => line += &format!(", balanced by a {}-node search", balance.nodes),
            None => line += ", from the book",
        }
        line += &format!(", scored {low:+} to {high:+} cp");
        if let Some(balance) = config.balance {
            let outside = scores.iter().filter(|s| s.abs() > balance.margin_cp).count();
            if outside > 0 {
                line += &format!(
                    "; {outside} outside ±{} cp (the nearest distinct ones of the candidates drawn)",
                    balance.margin_cp
                );
            }
        }
    }
    line
}

/// The first lines of a saved book: what made it.
fn book_header(config: &MatchConfig, book: Option<&std::path::Path>) -> String {
    if let Some(path) = book {
        return format!("Tesseract Chess self-play openings, copied from {}", path.display());
    }
    let setups: Vec<&str> = config.setups.iter().map(|s| s.name()).collect();
    let mut header = format!(
        "Tesseract Chess self-play openings: {} random plies from {} (seed {})",
        config.opening_plies,
        setups.join(", "),
        config.seed
    );
    if let Some(balance) = config.balance {
        header += &format!(
            ", balanced within {} cp by a {}-node search",
            balance.margin_cp, balance.nodes
        );
    }
    header + "\nOne a line: the setup, the moves in LAN4D, the score for the side to move after them."
}

/// The engine's review of `game`: what each move lost, and the costliest ones.
pub fn review(game: &Game, nodes: u64) -> Result<(), String> {
    use crate::fourfold::ai::review::Reviewer;
    let mut reviewer = Reviewer::new(game, nodes);
    let review = loop {
        if let Some(review) = reviewer.step(u64::MAX, &NoClock, &StopFlag::new()) {
            break review;
        }
    };
    let mut position = game.start().clone();
    let mut named = Vec::new();
    for (ply, &mv) in game.moves().iter().enumerate() {
        let text = format_move(&position, mv);
        let mark = review.mark(ply);
        let loss = review.losses[ply];
        if mark.is_empty() {
            say!("{} {text} {loss}", ply + 1);
        } else {
            say!("{} {text} {loss} {mark}", ply + 1);
        }
        named.push(format!("{text}{mark}"));
        position.make(mv);
    }
    let worst: Vec<String> = review
        .worst(3)
        .iter()
        .map(|&ply| format!("{} {}", ply + 1, named[ply]))
        .collect();
    say!(
        "costliest {}",
        if worst.is_empty() {
            "none".to_string()
        } else {
            worst.join(", ")
        }
    );
    Ok(())
}

pub fn bench(nodes: u64) -> Result<(), String> {
    let lines = crate::fourfold::ai::bench::run(nodes, &StdClock::new(), &mut |line| {
        say!(
            "position {} depth {} nodes {} time {:.0} ms nps {:.0}",
            line.fen,
            line.search.depth,
            line.search.nodes,
            line.search.ms,
            line.search.nodes_per_second()
        );
    });
    let (total_nodes, total_ms, nps) = crate::fourfold::ai::bench::total(&lines);
    say!("total nodes {total_nodes} time {total_ms:.0} ms nps {nps:.0}");
    let stop_latency = measure_stop_latency();
    say!("stop latency {stop_latency:.2} ms (from raising the stop flag to the search returning)");
    Ok(())
}

/// Starts an unbounded search on another thread, raises the stop flag after 200 ms and
/// measures how long the search takes to return.
fn measure_stop_latency() -> f64 {
    let stop = StopFlag::new();
    let game = Game::from_setup(Setup::Full);
    let worker_stop = stop.clone();
    let handle = std::thread::spawn(move || {
        let clock = StdClock::new();
        Engine::default().search(&game, &Limits::default(), &clock, &worker_stop, &mut |_| {});
        std::time::Instant::now()
    });
    std::thread::sleep(std::time::Duration::from_millis(200));
    let raised = std::time::Instant::now();
    stop.stop();
    let returned = handle.join().expect("the search thread does not panic");
    returned.duration_since(raised).as_secs_f64() * 1000.0
}
