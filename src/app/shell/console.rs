//! Warnings, errors and panics in the browser's console (browser only). Bevy's log plugin does
//! this with a filtering subscriber whose regular-expression engine is 0.4 MB of the download;
//! the game needs only "warnings and worse, to the console", so this is that and no more.
//! Levels below warn are compiled out of the web build (`release_max_level_warn`).

use std::fmt::Write as _;

use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Level, Metadata, Subscriber};

/// Routes `tracing` events (Bevy's, wgpu's through `log`, the game's) and panics to the console.
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("panic: {info}").into());
    }));
    let _ = tracing::subscriber::set_global_default(ConsoleSubscriber);
    if log::set_logger(&ConsoleLogger).is_ok() {
        log::set_max_level(log::LevelFilter::Warn);
    }
}

fn write_to_console(level: Level, text: &str) {
    if level == Level::ERROR {
        web_sys::console::error_1(&text.into());
    } else {
        web_sys::console::warn_1(&text.into());
    }
}

struct ConsoleSubscriber;

/// An event's message first, then its other fields as `name=value`.
#[derive(Default)]
struct EventText {
    message: String,
    fields: String,
}

impl Visit for EventText {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "message" {
            let _ = write!(self.message, "{value:?}");
        } else {
            let _ = write!(self.fields, " {}={value:?}", field.name());
        }
    }
}

impl Subscriber for ConsoleSubscriber {
    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        metadata.is_event() && *metadata.level() <= Level::WARN
    }

    // Spans are not shown: one shared id keeps them free.
    fn new_span(&self, _: &Attributes<'_>) -> Id {
        Id::from_u64(1)
    }

    fn record(&self, _: &Id, _: &Record<'_>) {}

    fn record_follows_from(&self, _: &Id, _: &Id) {}

    fn event(&self, event: &Event<'_>) {
        let metadata = event.metadata();
        let mut text = EventText::default();
        event.record(&mut text);
        write_to_console(
            *metadata.level(),
            &format!(
                "{} {}: {}{}",
                metadata.level(),
                metadata.target(),
                text.message,
                text.fields
            ),
        );
    }

    fn enter(&self, _: &Id) {}

    fn exit(&self, _: &Id) {}
}

struct ConsoleLogger;

impl log::Log for ConsoleLogger {
    fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
        metadata.level() <= log::Level::Warn
    }

    fn log(&self, record: &log::Record<'_>) {
        if self.enabled(record.metadata()) {
            let level = if record.level() == log::Level::Error {
                Level::ERROR
            } else {
                Level::WARN
            };
            write_to_console(
                level,
                &format!("{} {}: {}", record.level(), record.target(), record.args()),
            );
        }
    }

    fn flush(&self) {}
}
