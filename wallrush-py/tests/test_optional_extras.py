"""The optional extras fail softly: without NumPy, PettingZoo or Gymnasium the package
imports, lists and documents itself, and only using ``wallrush.rl`` raises the
ImportError that names the extra to install."""

from __future__ import annotations

import subprocess
import sys
import textwrap

# Run in a fresh interpreter where the three packages cannot be imported, whether or
# not they are installed: a `None` entry in sys.modules makes `import name` fail.
BLOCKED = textwrap.dedent(
    """
    import sys
    for name in ("numpy", "pettingzoo", "gymnasium"):
        sys.modules[name] = None
    """
)


def run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", BLOCKED + textwrap.dedent(code)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_the_package_lists_and_documents_itself_without_the_extras() -> None:
    out = run(
        """
        import inspect, pydoc
        import wallrush
        assert hasattr(wallrush, "rl")
        members = dict(inspect.getmembers(wallrush))
        assert members["rl"] is wallrush.rl and "Position" in members
        text = pydoc.render_doc(wallrush, renderer=pydoc.plaintext)
        assert "Rules of Quoridor-style wall games" in text
        rl_text = pydoc.render_doc(wallrush.rl, renderer=pydoc.plaintext)
        assert "pip install 'wallrush[rl]'" in rl_text  # the module's own docstring
        print("listed")
        """
    )
    assert out.strip() == "listed"


def test_using_rl_without_the_extras_names_the_extra() -> None:
    out = run(
        """
        import wallrush
        for use in (lambda: wallrush.rl.env(), lambda: wallrush.rl.SingleAgentEnv):
            try:
                use()
            except ImportError as err:
                print(err)
            else:
                raise AssertionError("no ImportError")
        try:
            from wallrush.rl import raw_env
        except ImportError as err:
            print(err)
        """
    )
    lines = out.strip().splitlines()
    assert len(lines) == 3
    for line in lines:
        assert line == "wallrush.rl needs NumPy, PettingZoo and Gymnasium: pip install 'wallrush[rl]'"


def test_a_name_rl_never_had_is_an_attribute_error() -> None:
    out = run(
        """
        import wallrush
        try:
            wallrush.rl.no_such_name
        except AttributeError as err:
            print(err)
        """
    )
    assert out.strip() == "module 'wallrush.rl' has no attribute 'no_such_name'"
