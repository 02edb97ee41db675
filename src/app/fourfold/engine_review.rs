//! The engine's review of a finished game (`fourfold::ai::review`): asked for under the moves,
//! it searches every position in the background (the shell's turn task) and marks the moves
//! that lost the most — `??` a blunder, `?` a mistake — in the move list, the costliest named in
//! the panel. In the browser the review's own Web Worker runs it whole, as natively. With
//! `?review=on` (`EngineReview::automatic`) every finished game is reviewed at once.

use bevy::prelude::*;
use bevy_egui::egui;

use super::state::Play;
use crate::app::shell::turn_task::{Thinker, Thought, TurnTask};
use crate::engine::{Clock, StopFlag};
use crate::fourfold::ai::review::{Review, Reviewer};
use crate::fourfold::rules::Game;
use crate::worker::{Request, Study};

/// Nodes a review searches in each position: a 60-move game in a few seconds natively.
const REVIEW_NODES: u64 = 100_000;

pub struct ReviewThinker {
    reviewer: Reviewer,
    game: Game,
}

impl Thinker for ReviewThinker {
    type Answer = Review;

    fn think(&mut self, slice_nodes: u64, clock: &dyn Clock, stop: &StopFlag) -> Option<Review> {
        self.reviewer.step(slice_nodes, clock, stop)
    }

    fn remote_request(&self) -> Option<String> {
        Some(Request::study(&self.game, Study::Review(REVIEW_NODES)).to_text())
    }

    fn remote_answer(&self, reply: &str) -> Result<Review, String> {
        crate::worker::read_review(&self.game, reply)
    }

    /// A worker of its own: the analysis may be searching at the same time.
    fn remote_channel(&self) -> &'static str {
        "review"
    }
}

/// Which game a review is of: its number and its length.
type Reviewed = (u64, usize);

#[derive(Resource, Default)]
pub struct EngineReview {
    job: Option<(TurnTask<ReviewThinker>, Reviewed)>,
    done: Option<(Reviewed, Review, Thought)>,
    /// Review every game once it is over, unasked (`?review=on`).
    pub automatic: bool,
}

impl EngineReview {
    /// The review of the game on the board, once there.
    pub fn of(&self, play: &Play) -> Option<&Review> {
        let game = (play.game_number, play.game.moves().len());
        self.done
            .as_ref()
            .filter(|(of, ..)| *of == game)
            .map(|(_, review, _)| review)
    }

    /// Where the review of the game on the board was worked out, once there.
    pub fn thought(&self, play: &Play) -> Option<Thought> {
        let game = (play.game_number, play.game.moves().len());
        self.done
            .as_ref()
            .filter(|(of, ..)| *of == game)
            .map(|(.., thought)| *thought)
    }

    fn running_for(&self, play: &Play) -> bool {
        let game = (play.game_number, play.game.moves().len());
        self.job.as_ref().is_some_and(|(_, of)| *of == game)
    }

    /// Starts reviewing the game on the board.
    pub fn start(&mut self, play: &Play) {
        let game = (play.game_number, play.game.moves().len());
        let thinker = ReviewThinker {
            reviewer: Reviewer::new(&play.game, REVIEW_NODES),
            game: play.game.clone(),
        };
        self.job = Some((TurnTask::start(thinker), game));
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<EngineReview>().add_systems(
        Update,
        collect
            .after(crate::app::AppSystems::Apply)
            .run_if(in_state(crate::app::Mode::Fourfold)),
    );
}

fn collect(mut review: ResMut<EngineReview>, play: Res<Play>) {
    let review = &mut *review;
    let finished = play.end().is_some() && !play.game.moves().is_empty();
    if review.automatic && finished && review.job.is_none() && review.of(&play).is_none() {
        review.start(&play);
    }
    let Some((job, of)) = review.job.as_mut() else { return };
    if *of != (play.game_number, play.game.moves().len()) {
        // The game changed: that review is of no use now.
        review.job = None;
        return;
    }
    if let Some(finished) = job.poll() {
        review.done = Some((*of, finished.answer, finished.thought));
        review.job = None;
    }
}

/// Under the move list of a finished game: ask for the review, or read it.
pub(super) fn section(ui: &mut egui::Ui, review: &mut EngineReview, play: &Play, texts: &[String]) {
    if play.end().is_none() || play.game.moves().is_empty() {
        return;
    }
    match review.of(play) {
        Some(done) => {
            let worst = done.worst(3);
            if worst.is_empty() {
                ui.label(format!(
                    "The engine's review: no mistake (no move lost {:.1} pawns or more).",
                    f64::from(crate::fourfold::ai::review::MISTAKE) / 100.0
                ));
            } else {
                let named: Vec<String> = worst
                    .iter()
                    .map(|&ply| {
                        format!(
                            "{}{} (−{:.2})",
                            texts[ply],
                            done.mark(ply),
                            f64::from(done.losses[ply]) / 100.0
                        )
                    })
                    .collect();
                ui.label(format!("Costliest moves: {}", named.join(", ")));
            }
        }
        None if review.running_for(play) => {
            ui.label("The engine is reviewing the game…");
        }
        None => {
            if ui
                .button("Review with the engine")
                .on_hover_text("Marks the moves that lost the most: ?? a blunder, ? a mistake.")
                .clicked()
            {
                review.start(play);
            }
        }
    }
}
