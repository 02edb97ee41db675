//! What the cross board looks like: light and dark cells, the four armies in their colours, grey
//! for an army that is out and a pale frosted look for a frozen Club army, target dots and
//! rings, and the cells' tints for selection, keyboard focus, each seat's last move (in that
//! seat's colour) and a king in check.

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;

use super::mirror::{CrossCell, CrossPiece, CrossTarget};
use super::table::Table;
use crate::app::shell::piece_meshes::{Detail, piece_mesh};
use crate::app::shell::plain_material::PlainMaterial;
use crate::app::shell::target_looks::TargetLooks;
use crate::four_player::{PieceKind, Seat, Square};

/// The armies' colours: red, blue, yellow and green, as chess.com draws them, darkened enough to
/// stand on light squares; grey for a dead army.
pub const SEAT_COLOURS: [Color; 4] = [
    Color::srgb(0.80, 0.16, 0.14),
    Color::srgb(0.16, 0.38, 0.85),
    Color::srgb(0.92, 0.72, 0.08),
    Color::srgb(0.14, 0.58, 0.24),
];
pub const GREY: Color = Color::srgb(0.62, 0.62, 0.64);
/// A frozen army: its own colour washed out towards ice.
const FROST: Color = Color::srgb(0.82, 0.93, 1.0);

pub fn seat_colour(seat: Seat) -> Color {
    SEAT_COLOURS[seat.index()]
}

/// A frozen army's colour: pale, with a frost tint (unlike grey, the army is still in the game).
pub fn frozen_colour(seat: Seat) -> Color {
    seat_colour(seat).mix(&FROST, 0.5)
}

const LIGHT: Color = Color::srgb(0.86, 0.84, 0.78);
const DARK: Color = Color::srgb(0.47, 0.50, 0.55);
const SELECTED: Color = Color::srgb(0.95, 0.78, 0.32);
const FOCUS: Color = Color::srgb(0.35, 0.58, 0.95);
const CHECKED: Color = Color::srgb(0.88, 0.30, 0.26);
/// A tutorial scene's lit squares: violet, unlike any army's colour.
const HIGHLIGHT: Color = Color::srgb(0.72, 0.52, 0.92);

pub fn is_dark(square: Square) -> bool {
    (square.file() + square.rank()).is_multiple_of(2)
}

pub fn cell_colour(square: Square) -> Color {
    if is_dark(square) { DARK } else { LIGHT }
}

/// What a cell shows, most important first.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CellLook {
    Checked,
    Selected,
    Focus,
    /// A tutorial scene lights this square.
    Highlight,
    /// A seat's last move started or ended here.
    LastMove(Seat),
    Plain,
}

impl CellLook {
    /// Every look a cell can have (each has a material for light and one for dark squares).
    pub const ALL: [CellLook; 9] = [
        CellLook::Checked,
        CellLook::Selected,
        CellLook::Focus,
        CellLook::Plain,
        CellLook::LastMove(Seat::Red),
        CellLook::LastMove(Seat::Blue),
        CellLook::LastMove(Seat::Yellow),
        CellLook::LastMove(Seat::Green),
        CellLook::Highlight,
    ];

    /// Its colour on a light or dark square.
    pub fn colour(self, square: Square) -> Color {
        let base = cell_colour(square);
        match self {
            CellLook::Checked => CHECKED,
            CellLook::Selected => SELECTED,
            CellLook::Focus => FOCUS,
            CellLook::Highlight => base.mix(&HIGHLIGHT, 0.7),
            CellLook::LastMove(seat) => base.mix(&seat_colour(seat), 0.45),
            CellLook::Plain => base,
        }
    }

    /// Its index among the cell materials: per look, light then dark.
    fn index(self, square: Square) -> usize {
        let look = match self {
            CellLook::Checked => 0,
            CellLook::Selected => 1,
            CellLook::Focus => 2,
            CellLook::Plain => 3,
            CellLook::LastMove(seat) => 4 + seat.index(),
            CellLook::Highlight => 8,
        };
        look * 2 + usize::from(is_dark(square))
    }
}

/// The cell looks a light and a dark square can have (see `CellLook::index`).
const CELL_MATERIALS: usize = CellLook::ALL.len() * 2;

#[derive(Resource)]
struct CrossLooks {
    tile: Handle<Mesh>,
    /// Shared by every cell that looks the same, so the 160 cells draw in a few batches.
    cells: Vec<Handle<PlainMaterial>>,
    pieces: [Handle<Mesh>; 6],
    /// Per seat: live, frozen; then grey.
    armies: [[Handle<PlainMaterial>; 2]; 4],
    grey: Handle<PlainMaterial>,
    targets: TargetLooks<PlainMaterial>,
}

pub(crate) fn plugin(app: &mut App) {
    // Made now: the board is spawned on entering the mode, which can come before `PreStartup`.
    app.world_mut()
        .run_system_once(make_looks)
        .expect("the mesh and material assets exist once DefaultPlugins are added");
    app.add_systems(
        Update,
        tint_cells
            .after(crate::app::AppSystems::Mirror)
            .run_if(in_state(crate::app::Mode::FourPlayer)),
    )
    .add_observer(dress_cell)
    .add_observer(dress_piece)
    .add_observer(dress_target);
}

/// Cells and men take the plain material: the board is most of the picture, and under software
/// rendering the PBR shader on 160 cells and 64 men made the frame twice the 4D board's.
fn make_looks(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut plain: ResMut<Assets<PlainMaterial>>) {
    let mut army = |colour: Color, shine: f32| plain.add(PlainMaterial::lit(colour, shine));
    // Frozen armies shine like ice, grey ones are matte; a near-white grey would wash out in
    // the tone mapping, so its men are lit a shade darker (as the PBR shader showed them).
    let armies = Seat::ALL.map(|seat| [army(seat_colour(seat), 0.6), army(frozen_colour(seat), 0.9)]);
    let grey = army(GREY.darker(0.15), 0.1);
    let light = Square::new(4, 0).expect("e1");
    let dark = Square::new(3, 0).expect("d1");
    let mut cells = vec![Handle::default(); CELL_MATERIALS];
    for look in CellLook::ALL {
        for square in [light, dark] {
            // Unlit: flat squares lose nothing, and every lit pixel costs.
            cells[look.index(square)] = plain.add(PlainMaterial::unlit(look.colour(square)));
        }
    }
    let looks = CrossLooks {
        tile: meshes.add(Cuboid::new(0.96, 0.08, 0.96)),
        cells,
        pieces: PieceKind::ALL.map(|k| meshes.add(piece_mesh(k, Detail::Light))),
        armies,
        grey,
        targets: TargetLooks::plain(&mut meshes, &mut plain),
    };
    commands.insert_resource(looks);
}

fn dress_cell(add: On<Add, CrossCell>, cells: Query<&CrossCell>, looks: Res<CrossLooks>, mut commands: Commands) {
    let Ok(cell) = cells.get(add.entity) else { return };
    let material = looks.cells[CellLook::Plain.index(cell.0)].clone();
    commands
        .entity(add.entity)
        .insert((Mesh3d(looks.tile.clone()), MeshMaterial3d(material)));
}

/// Knights look across the board: each army's towards the seat opposite.
fn facing(seat: Option<Seat>) -> Quat {
    let angle = match seat {
        Some(Seat::Red) | None => 0.0,
        Some(Seat::Blue) => -std::f32::consts::FRAC_PI_2,
        Some(Seat::Yellow) => std::f32::consts::PI,
        Some(Seat::Green) => std::f32::consts::FRAC_PI_2,
    };
    Quat::from_rotation_y(angle)
}

fn dress_piece(
    add: On<Add, CrossPiece>,
    pieces: Query<(&CrossPiece, &Transform)>,
    looks: Res<CrossLooks>,
    mut commands: Commands,
) {
    let Ok((model, transform)) = pieces.get(add.entity) else {
        return;
    };
    let material = match model.piece.seat() {
        Some(seat) => looks.armies[seat.index()][usize::from(model.frozen)].clone(),
        None => looks.grey.clone(),
    };
    commands.entity(add.entity).insert((
        Mesh3d(looks.pieces[model.piece.kind.index()].clone()),
        MeshMaterial3d(material),
        transform.with_rotation(facing(model.piece.seat())),
    ));
}

fn dress_target(
    add: On<Add, CrossTarget>,
    targets: Query<&CrossTarget>,
    looks: Res<CrossLooks>,
    mut commands: Commands,
) {
    let Ok(target) = targets.get(add.entity) else { return };
    commands.entity(add.entity).insert(looks.targets.dress(target.capture));
}

/// What a cell shows, most important first: a king in check, the selection, the keyboard
/// focus, a seat's last move (the latest seat's wins a shared square), its plain colour.
pub fn cell_tint(
    table: &Table,
    square: Square,
    checked_kings: &[Square],
    last_moves: &[Option<(Seat, crate::four_player::Move)>],
) -> CellLook {
    if checked_kings.contains(&square) {
        return CellLook::Checked;
    }
    if table.selected == Some(square) {
        return CellLook::Selected;
    }
    if table.focus == Some(square) {
        return CellLook::Focus;
    }
    if table.highlight.contains(&square) {
        return CellLook::Highlight;
    }
    for (seat, mv) in last_moves.iter().flatten() {
        if mv.from == square || mv.to == square {
            return CellLook::LastMove(*seat);
        }
    }
    CellLook::Plain
}

/// Each seat's last move, the most recent first.
pub fn recent_moves(table: &Table) -> Vec<Option<(Seat, crate::four_player::Move)>> {
    let last = table.last_moves();
    let mut order: Vec<(usize, Seat)> = Vec::new();
    for (i, played) in table.shown().turns().iter().enumerate().rev() {
        if !order.iter().any(|(_, s)| *s == played.seat) {
            order.push((i, played.seat));
        }
    }
    order
        .into_iter()
        .map(|(_, seat)| last[seat.index()].map(|mv| (seat, mv)))
        .collect()
}

/// The kings in check on the board shown, of seats still in the game.
pub fn checked_kings(table: &Table) -> Vec<Square> {
    let pos = table.shown_position();
    table
        .checked_seats()
        .into_iter()
        .filter_map(|s| pos.king_square(s))
        .collect()
}

/// Gives each cell the shared material of its look (only where it changed).
fn tint_cells(
    table: Res<Table>,
    looks: Res<CrossLooks>,
    mut cells: Query<(&CrossCell, &mut MeshMaterial3d<PlainMaterial>)>,
) {
    let checked = checked_kings(&table);
    let recent = recent_moves(&table);
    for (cell, mut handle) in &mut cells {
        let wanted = &looks.cells[cell_tint(&table, cell.0, &checked, &recent).index(cell.0)];
        if handle.0 != *wanted {
            handle.0 = wanted.clone();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::four_player::table::Sitter;
    use crate::four_player::{Rules, Setup, Turn};

    #[test]
    fn the_four_armies_grey_and_frost_are_all_told_apart() {
        let mut colours: Vec<Color> = SEAT_COLOURS.to_vec();
        colours.push(GREY);
        colours.extend(Seat::ALL.map(frozen_colour));
        colours.extend([LIGHT, DARK]);
        for (i, a) in colours.iter().enumerate() {
            for b in &colours[i + 1..] {
                let (a, b) = (a.to_srgba(), b.to_srgba());
                let distance = (a.red - b.red).abs() + (a.green - b.green).abs() + (a.blue - b.blue).abs();
                assert!(distance > 0.12, "{a:?} and {b:?} are too alike");
            }
        }
    }

    #[test]
    fn each_seats_last_move_is_tinted_in_its_colour_and_a_check_comes_first() {
        let mut table = Table::fresh(Rules::FFA, Setup::Modern, [Sitter::Human; 4]);
        let h2: Square = "h2".parse().unwrap();
        let h3: Square = "h3".parse().unwrap();
        let mv = table
            .game
            .legal_moves()
            .iter()
            .copied()
            .find(|m| m.from == h2 && m.to == h3)
            .unwrap();
        table.play(Turn::Move(mv)).unwrap();
        let recent = recent_moves(&table);
        assert_eq!(recent, vec![Some((Seat::Red, mv))]);
        let tint = cell_tint(&table, h3, &[], &recent);
        assert_eq!(tint, CellLook::LastMove(Seat::Red));
        assert_eq!(tint.colour(h3), cell_colour(h3).mix(&seat_colour(Seat::Red), 0.45));
        assert_eq!(cell_tint(&table, h3, &[h3], &recent), CellLook::Checked);
        let a4: Square = "a4".parse().unwrap();
        assert_eq!(cell_tint(&table, a4, &[], &recent).colour(a4), cell_colour(a4));
        // Every look of a light and of a dark square has its own material slot.
        let h4: Square = "h4".parse().unwrap();
        assert_ne!(is_dark(h3), is_dark(h4));
        let mut slots: Vec<usize> = CellLook::ALL
            .into_iter()
            .flat_map(|look| [look.index(h4), look.index(h3)])
            .collect();
        slots.sort();
        slots.dedup();
        assert_eq!(slots.len(), CELL_MATERIALS);
    }
}
