//! All integration tests in one binary: with the game compiled in, every test binary links Bevy,
//! so one binary instead of eight saves gigabytes of disk and minutes of linking.

mod ai;
mod app;
mod cli;
mod endgames;
mod four_player;
mod four_player_ai;
mod four_player_app;
mod four_player_club;
mod four_player_ffa;
mod four_player_records;
mod four_player_reference;
mod fuzz;
mod mates;
mod openings;
mod pgn;
mod profile;
mod properties;
mod scenes;
mod settings;
mod vectors;
