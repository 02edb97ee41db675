//! Reading a scene file of either game, and what is wrong with one: the place in the text that
//! RON could not read (line, column, the field that line sets), or a field whose value is wrong.

/// What is wrong with a scene file, and where: a place in the text that RON could not read, or
/// a field whose value is wrong (with the solution's move, when it is one of those).
#[derive(Clone, Debug, PartialEq)]
pub enum SceneError {
    Syntax {
        file: String,
        line: usize,
        column: usize,
        /// The field the line sets, when it sets one.
        field: Option<String>,
        message: String,
    },
    Field {
        file: String,
        field: &'static str,
        /// The solution's move (1-based) at fault.
        solution_move: Option<usize>,
        problem: String,
    },
}

impl SceneError {
    pub(crate) fn field(file: &str, field: &'static str, problem: impl std::fmt::Display) -> SceneError {
        SceneError::Field {
            file: file.to_string(),
            field,
            solution_move: None,
            problem: problem.to_string(),
        }
    }

    pub(crate) fn solution_move(file: &str, index: usize, problem: impl std::fmt::Display) -> SceneError {
        SceneError::Field {
            file: file.to_string(),
            field: "solution",
            solution_move: Some(index + 1),
            problem: problem.to_string(),
        }
    }
}

impl std::fmt::Display for SceneError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SceneError::Syntax {
                file,
                line,
                column,
                field,
                message,
            } => {
                write!(f, "{file}:{line}:{column}: {message}")?;
                match field {
                    Some(field) => write!(f, " (field `{field}`)"),
                    None => Ok(()),
                }
            }
            SceneError::Field {
                file,
                field,
                solution_move,
                problem,
            } => match solution_move {
                Some(n) => write!(f, "{file}: field `{field}`, move {n}: {problem}"),
                None => write!(f, "{file}: field `{field}`: {problem}"),
            },
        }
    }
}

impl std::error::Error for SceneError {}

/// Reads a scene file of either game; errors name the file, the line and column, and the field.
pub(crate) fn parse_ron<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, SceneError> {
    ron::from_str::<T>(text).map_err(|e| {
        let line = e.span.start.line;
        SceneError::Syntax {
            file: file.to_string(),
            line,
            column: e.span.start.col,
            field: field_on_line(text, line).map(str::to_string),
            message: e.code.to_string(),
        }
    })
}

/// The field a line of a scene file sets (`    title: "…",` gives `title`), to name it in errors.
fn field_on_line(text: &str, line: usize) -> Option<&str> {
    let source = text.lines().nth(line.checked_sub(1)?)?.trim_start();
    let (name, _) = source.split_once(':')?;
    let name = name.trim();
    (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')).then_some(name)
}
