"""What every command promises on bad input, checked in one place: one line on stderr, exit code 2."""

import pytest

from cli import main


def fails(capsys, *argv) -> str:
    """Run the CLI on argv, which must be refused: exit code 2 and one line, no traceback. Returns the line."""
    with pytest.raises(SystemExit) as e:
        main([str(a) for a in argv])
    err = capsys.readouterr().err.strip()
    assert e.value.code == 2, err
    assert "\n" not in err and "Traceback" not in err, err
    return err
