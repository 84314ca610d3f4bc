//! Records as people keep them (the native half of `wallrush.record`): comments, the
//! result token and the headers of a `Record`, many records in one text, and the line
//! splitter that reads a stream record by record.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use std::ops::ControlFlow;

use pyo3::types::{PyList, PyTuple};
use wallrush_core::record::{
    self, CommentError, GameTree, HeaderError, Nag, Node, RecordSplitter, RoundNumber, Skip, TagError,
    TreeError, Visitor,
};
use wallrush_core::{Action, Record};

use crate::enums::notation_from;
use crate::errors;
use crate::game::PyRecord;
use crate::locked::Locked;
use crate::types::text_arg;

/// Registers the module functions and the splitter.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("MAX_RECORD_BYTES", record::MAX_RECORD_BYTES)?;
    m.add_class::<PyRecordSplitter>()?;
    m.add_function(wrap_pyfunction!(record_from_chunk, m)?)?;
    m.add_function(wrap_pyfunction!(write_records, m)?)?;
    m.add_function(wrap_pyfunction!(scan_chunk, m)?)?;
    m.add("MAX_VARIATION_DEPTH", record::MAX_VARIATION_DEPTH)?;
    m.add("MAX_RECORD_NODES", record::MAX_RECORD_NODES)?;
    Ok(())
}

fn header_error(py: Python<'_>, name: &str, e: HeaderError) -> PyErr {
    match e {
        HeaderError::Tag(TagError::Name) => errors::invalid_text_at(
            py,
            "header name",
            name,
            0,
            "a letter followed by letters, digits and '_'",
        ),
        HeaderError::Notation(_) | HeaderError::Draw(_) => {
            let text = e.to_string();
            errors::invalid_text_message(
                py,
                format!("invalid {text}"),
                name,
                0,
                "a value of the header",
                None,
            )
        }
        e => errors::invalid_argument(e.to_string()),
    }
}

fn comment_error(e: CommentError) -> PyErr {
    match e {
        CommentError::PastTheEnd { .. } => pyo3::exceptions::PyIndexError::new_err(e.to_string()),
        CommentError::Brace => errors::invalid_argument(e.to_string()),
    }
}

#[pymethods]
impl PyRecord {
    /// The comments, ``{…}`` in the move list: a dict from the number of actions before
    /// each (0: before the first action) to its text.
    #[getter]
    fn comments<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let items: Vec<(usize, String)> =
            self.inner.with(|r| r.comments().map(|(i, c)| (i, c.to_string())).collect());
        let d = PyDict::new(py);
        for (i, c) in items {
            d.set_item(i, c)?;
        }
        Ok(d)
    }

    /// The comment after the first ``after`` actions (0: before the first), or None.
    fn comment(&self, after: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let after = crate::ints::int_in(after, "after", 0, usize::MAX)?;
        Ok(self.inner.with(|r| r.comment(after).map(str::to_string)))
    }

    /// Sets (or with None removes) the comment after the first ``after`` actions.
    ///
    /// Raises InvalidArgumentError for a comment holding ``}``, IndexError for a place
    /// past the game's last action.
    fn set_comment(&self, after: &Bound<'_, PyAny>, comment: Option<String>) -> PyResult<()> {
        let after = crate::ints::int_in(after, "after", 0, usize::MAX)?;
        self.inner.with(|r| r.set_comment(after, comment)).map_err(comment_error)
    }

    /// Whether the move list ends with the result token (``*``, ``1-0``, …; see
    /// ``Game.result``): true for a record read with one. Settable.
    #[getter]
    fn get_result_token(&self) -> bool {
        self.inner.with(|r| r.has_result_token())
    }

    #[setter]
    fn set_result_token(&self, on: bool) {
        self.inner.with(|r| r.set_result_token(on));
    }

    /// The result token the game gives: ``'*'``, ``'1-0'``, ``'0-1'``, ``'1/2-1/2'``, or
    /// one score per seat with four (see ``Game.result``).
    fn result(&self) -> String {
        self.inner.with(|r| record::result_token(r.game()))
    }

    /// The headers as the record writes them, in order: a list of (name, value) pairs
    /// (``Variant``, ``Notation``, ``Position`` and ``Draw`` when they apply, the players,
    /// the other tags, ``Result``). ``headers`` is the same as a dict-like view.
    fn header_items(&self) -> Vec<(String, String)> {
        self.inner.with(|r| r.headers())
    }

    /// The value of header ``name``, or None.
    fn header(&self, name: &str) -> Option<String> {
        self.inner.with(|r| r.header(name))
    }

    /// Sets (or with None removes) header ``name``: ``Notation`` and ``Draw`` set the
    /// notation and the draw rules, a seat's name (``South``, …) its player, any other
    /// name a tag.
    ///
    /// Raises InvalidArgumentError for ``Variant``, ``Position`` and ``Result`` (written
    /// from the game) and a seat the variant lacks, InvalidTextError for a malformed name
    /// or value.
    fn set_header(&self, py: Python<'_>, name: &str, value: Option<String>) -> PyResult<()> {
        self.inner.with(|r| r.set_header(name, value.as_deref())).map_err(|e| header_error(py, name, e))
    }

    /// The headers as a dict-like view (``record.headers["Event"] = "Club"``), as
    /// python-chess's ``game.headers``; see ``wallrush.record.Headers``.
    #[getter]
    fn headers<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        crate::classes::classes(slf.py())?.headers.bind(slf.py()).call1((slf,))
    }
}

/// Tells where each record of a text begins, fed one line at a time (the private helper
/// of ``wallrush.record.read_records``).
#[pyclass(name = "_RecordSplitter", module = "wallrush._wallrush", frozen)]
pub(crate) struct PyRecordSplitter {
    inner: Locked<RecordSplitter>,
}

#[pymethods]
impl PyRecordSplitter {
    /// A splitter before the first line.
    #[new]
    fn new() -> PyRecordSplitter {
        PyRecordSplitter { inner: Locked::new(RecordSplitter::new()) }
    }

    /// Whether ``line`` (the next line of the text) begins a new record.
    fn starts_record(&self, line: &Bound<'_, PyAny>) -> PyResult<bool> {
        let line = text_arg(line, "a line")?;
        Ok(self.inner.with(|s| s.starts_record(&line)))
    }

    /// Whether the record taken so far ended with its result token.
    fn ended(&self) -> bool {
        self.inner.with(|s| s.ended())
    }
}

/// Reads one record, ``text``, that begins on line ``first_line`` of a larger text (the
/// private helper of ``wallrush.record``): an error's line counts in the larger text.
#[pyfunction]
#[pyo3(signature = (text, notation, first_line))]
fn record_from_chunk(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    notation: Option<&Bound<'_, PyAny>>,
    first_line: &Bound<'_, PyAny>,
) -> PyResult<PyRecord> {
    let s = text_arg(text, "record text")?;
    let notation = notation_from(notation)?;
    let first_line = crate::ints::int_in(first_line, "first_line", 1, usize::MAX)?;
    Record::parse_at(&s, notation, first_line)
        .map(|r| PyRecord { inner: Locked::new(r) })
        .map_err(|e| errors::record_at(py, &s, &e, first_line))
}

/// The text of ``records`` one after another, each with its result token, a blank line
/// between two.
#[pyfunction]
fn write_records(records: Vec<Bound<'_, PyAny>>) -> PyResult<String> {
    let records = records
        .iter()
        .map(|r| {
            r.cast::<PyRecord>()
                .map(|r| r.get().inner.snapshot())
                .map_err(|_| PyTypeError::new_err("expected Record items"))
        })
        .collect::<PyResult<Vec<Record>>>()?;
    Ok(record::write_records(&records))
}

/// A line of a tree as Python sees it: a list of nodes, each a tuple
/// `(action, starting_comment, nags, comment, variations)`, the variations lists of lines.
fn line_py<'py>(py: Python<'py>, line: &[Node]) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for node in line {
        let variations = PyList::empty(py);
        for v in &node.variations {
            variations.append(line_py(py, v)?)?;
        }
        let nags: Vec<u8> = node.nags.iter().map(|n| n.0).collect();
        let item = (
            crate::game::action_py(py, node.action)?,
            node.starting_comment.clone(),
            nags,
            node.comment.clone(),
            variations,
        );
        out.append(item.into_pyobject(py)?)?;
    }
    Ok(out)
}

/// A line from its Python form (see [`line_py`]), at most [`record::MAX_VARIATION_DEPTH`]
/// variations deep below `depth`.
fn line_from(obj: &Bound<'_, PyAny>, depth: usize) -> PyResult<Vec<Node>> {
    if depth > record::MAX_VARIATION_DEPTH {
        return Err(errors::invalid_argument(format!(
            "variations nested more than {} deep",
            record::MAX_VARIATION_DEPTH
        )));
    }
    let mut line = Vec::new();
    for item in obj.try_iter()? {
        let item = item?;
        let t = item.cast::<PyTuple>().map_err(|_| PyTypeError::new_err("expected a node tuple"))?;
        if t.len() != 5 {
            return Err(PyTypeError::new_err(
                "expected (action, starting_comment, nags, comment, variations)",
            ));
        }
        let a = t.get_item(0)?;
        let action = match a.cast::<crate::game::PyResignation>() {
            Ok(r) => Action::Resign(r.get().0),
            Err(_) => Action::Move(crate::types::move_from(&a)?),
        };
        let mut node = Node::new(action);
        node.starting_comment = t.get_item(1)?.extract()?;
        node.nags = t.get_item(2)?.extract::<Vec<u8>>()?.into_iter().map(Nag).collect();
        node.comment = t.get_item(3)?.extract()?;
        for v in t.get_item(4)?.try_iter()? {
            node.variations.push(line_from(&v?, depth + 1)?);
        }
        line.push(node);
    }
    Ok(line)
}

fn tree_error(py: Python<'_>, e: TreeError) -> PyErr {
    match e {
        TreeError::Illegal { ref path, error } => {
            let raised = match error {
                wallrush_core::ActionError::Move(m) => errors::illegal_move(py, m),
                wallrush_core::ActionError::Resign(r) => errors::illegal_resign(py, r),
            };
            let message =
                format!("{path}: {}", raised.value(py).str().map(|s| s.to_string()).unwrap_or_default());
            match raised.value(py).setattr("args", (message,)) {
                Ok(()) => raised,
                Err(e) => e,
            }
        }
        e => errors::invalid_argument(e.to_string()),
    }
}

#[pymethods]
impl PyRecord {
    /// The record's tree (the private form ``wallrush.record.GameTree`` is built from):
    /// the comment before the first action and the main line, each node a tuple
    /// ``(action, starting_comment, nags, comment, variations)``.
    pub(crate) fn _tree<'py>(&self, py: Python<'py>) -> PyResult<(Option<String>, Bound<'py, PyList>)> {
        let tree = self.inner.with(|r| r.tree());
        Ok((tree.comment, line_py(py, &tree.mainline)?))
    }

    /// Replaces the game's actions, comments, NAGs and variations with a tree in the form
    /// ``_tree`` gives, played from the game's start.
    ///
    /// Raises IllegalMoveError naming the path to an action that cannot be played,
    /// InvalidArgumentError for a starting comment where none may stand, a comment
    /// holding ``}``, an empty variation or a tree over the limits, TypeError for
    /// malformed nodes.
    pub(crate) fn _set_tree(
        &self,
        py: Python<'_>,
        comment: Option<String>,
        mainline: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let tree = GameTree { comment, mainline: line_from(mainline, 0)? };
        self.inner.with(|r| r.set_tree(tree)).map_err(|e| tree_error(py, e))
    }
}

/// What ``scan_chunk`` returns: the tags, the main line's action texts, the result token.
type ScanParts = (Vec<(String, String)>, Vec<String>, Option<String>);

/// What ``scan_chunk`` gathers: the tags, the main line's action texts, the result token.
#[derive(Default)]
struct Scan {
    tags: Vec<(String, String)>,
    moves: Vec<String>,
    result: Option<String>,
}

impl Visitor for Scan {
    fn tag(&mut self, name: &str, value: &str, _: usize) -> ControlFlow<()> {
        self.tags.push((name.to_string(), value.to_string()));
        ControlFlow::Continue(())
    }
    fn action(&mut self, text: &str, _: Option<RoundNumber>, _: usize) -> ControlFlow<()> {
        self.moves.push(text.to_string());
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, _: usize) -> ControlFlow<(), Skip> {
        ControlFlow::Continue(Skip(true))
    }
    fn result(&mut self, token: &str, _: usize) -> ControlFlow<()> {
        self.result = Some(token.to_string());
        ControlFlow::Continue(())
    }
}

/// The tags, main-line action texts and result token of one record, ``text``, that begins
/// on line ``first_line`` of a larger text, read for syntax only (the private helper of
/// ``wallrush.record.scan``): no move is checked and no tree is built.
///
/// Raises InvalidTextError (its line counted in the larger text) for text that does not
/// read.
#[pyfunction]
fn scan_chunk(py: Python<'_>, text: &Bound<'_, PyAny>, first_line: &Bound<'_, PyAny>) -> PyResult<ScanParts> {
    let s = text_arg(text, "record text")?;
    let first_line = crate::ints::int_in(first_line, "first_line", 1, usize::MAX)?;
    let mut scan = Scan::default();
    py.detach(|| record::visit(&s, &mut scan)).map_err(|e| {
        let shifted = wallrush_core::RecordError::new(e.line() + first_line - 1, e.kind().clone());
        errors::record_at(py, &s, &shifted, first_line)
    })?;
    Ok((scan.tags, scan.moves, scan.result))
}
