"""Sphinx configuration of the Python API reference of ``wallrush``.

Built from the installed package's docstrings (autodoc) and the Markdown guides (MyST),
with warnings as errors::

    sphinx-build -W --keep-going -b html wallrush-py/docs target/python-docs
"""

from __future__ import annotations

import wallrush

project = "wallrush"
author = "The wallrush developers"
release = version = wallrush.__version__

extensions = ["sphinx.ext.autodoc", "myst_parser"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["requirements.txt"]

# Members in the order the source gives them; signatures from the native module's
# `__text_signature__` and the pure-Python modules alike.
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
# Type hints live in the stubs (`_wallrush.pyi`), not in the native functions; the
# docstrings say what each argument is.
autodoc_typehints = "none"

# Headings of the guides become link targets (`#the-api-in-short`).
myst_heading_anchors = 3

html_theme = "alabaster"
html_title = f"wallrush {release}"
