//! The four-player table's part of the settings: the New game form (rule set, setup, who sits
//! where, time control) and the view options, read when the app starts (they decide the first
//! game) and kept when the player changes them, in the shell's store (`app::shell::settings`).

use bevy::prelude::*;

use super::table::{Sitter, Table};
use super::turns::Pace;
use super::ui::CrossForm;
use super::view::CrossView;
use crate::app::shell::clocks::TimeControl;
use crate::app::shell::settings::{SettingsStore, WriteSections};
use crate::four_player::ai::{LEVELS, levels};
use crate::four_player::{Game, RuleKind, Rules, Setup};
use crate::settings::FourPlayerSetting;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(PostStartup, from_settings).add_systems(
        Last,
        into_settings.in_set(WriteSections).run_if(
            resource_changed::<CrossForm>
                .or_eager(resource_changed::<CrossView>)
                .or_eager(resource_changed::<Pace>),
        ),
    );
}

fn sitter(name: &str) -> Sitter {
    match name {
        "human" => Sitter::Human,
        level => levels::index(level).map_or(Sitter::Human, Sitter::Computer),
    }
}

fn sitter_name(sitter: Sitter) -> String {
    match sitter {
        Sitter::Human => "human".to_string(),
        Sitter::Computer(level) => LEVELS[level.min(LEVELS.len() - 1)].name.to_string(),
    }
}

fn setup(name: &str) -> Setup {
    if name == "classic" {
        Setup::Classic
    } else {
        Setup::Modern
    }
}

/// The first game as the remembered form sets it (its rule set, setup, sitters and clocks), in
/// the rule set the address or command line asked for, if one did (the form then follows the
/// table, as after an imported record).
pub fn first_table(setting: &FourPlayerSetting, asked: Option<RuleKind>) -> Table {
    let kind: RuleKind = asked.unwrap_or_else(|| setting.rules.parse().unwrap_or(RuleKind::Ffa));
    let mut table = Table::new(
        Game::new(Rules::new(kind), setup(&setting.setup).position()),
        setting.seats.each_ref().map(|s| sitter(s)),
    );
    let control = setting.clock.as_deref().and_then(|c| TimeControl::parse(c).ok());
    let (game, sitters) = (table.game.clone(), table.sitters);
    table.restart(game, sitters, control);
    table
}

fn from_settings(
    store: Option<Res<SettingsStore>>,
    mut form: ResMut<CrossForm>,
    mut view: ResMut<CrossView>,
    mut pace: ResMut<Pace>,
) {
    let Some(store) = store else { return };
    let setting = &store.settings.four_player;
    form.kind = setting.rules.parse().unwrap_or(RuleKind::Ffa);
    form.setup = setup(&setting.setup);
    form.sitters = setting.seats.each_ref().map(|s| sitter(s));
    form.clock = setting.clock.as_deref().and_then(|c| TimeControl::parse(c).ok());
    view.follow_turn = setting.follow_turn;
    view.top_down = setting.top_down;
    pace.pause_seconds = if setting.pause {
        Pace::default().pause_seconds
    } else {
        0.0
    };
}

fn into_settings(form: Res<CrossForm>, view: Res<CrossView>, pace: Res<Pace>, mut store: ResMut<SettingsStore>) {
    let now = FourPlayerSetting {
        rules: form.kind.name().to_string(),
        setup: match form.setup {
            Setup::Modern => "modern",
            Setup::Classic => "classic",
        }
        .to_string(),
        seats: form.sitters.map(sitter_name),
        clock: form.clock.map(|c| format!("{}+{}", c.minutes, c.increment_seconds)),
        follow_turn: view.follow_turn,
        top_down: view.top_down,
        pause: pace.pause_seconds > 0.0,
    };
    store.edit(|settings| settings.four_player = now);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_remembered_form_sets_the_first_table() {
        let setting = FourPlayerSetting {
            rules: "teams".into(),
            setup: "classic".into(),
            seats: ["strong".into(), "human".into(), "novice".into(), "grandmaster".into()],
            clock: Some("5+5".into()),
            ..FourPlayerSetting::default()
        };
        let table = first_table(&setting, None);
        assert_eq!(table.game.rules.kind, RuleKind::Teams);
        let club = first_table(&setting, Some(RuleKind::Club));
        assert_eq!(club.game.rules.kind, RuleKind::Club, "the rules asked for win");
        assert_eq!(club.sitters, table.sitters, "the form's seats stay");
        assert_eq!(table.game.position().to_fen4(), Setup::Classic.position().to_fen4());
        let strong = levels::index("strong").unwrap();
        let novice = levels::index("novice").unwrap();
        assert_eq!(
            table.sitters,
            [
                Sitter::Computer(strong),
                Sitter::Human,
                Sitter::Computer(novice),
                Sitter::Human
            ],
            "an unknown level sits a human"
        );
        assert_eq!(table.clocks.as_ref().map(|c| c.control), Some(TimeControl::new(5, 5)));
        assert_eq!(sitter_name(Sitter::Computer(strong)), "strong");
        assert_eq!(sitter(&sitter_name(Sitter::Human)), Sitter::Human);
    }
}
