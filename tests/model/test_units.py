import pytest

from pnp.model.units import MM, parse_colour, parse_length


@pytest.mark.parametrize("text,points", [("63.5mm", 63.5 * MM), ("1in", 72.0), ("9pt", 9.0), ("1cm", 10 * MM),
                                         (0, 0.0), ("-3mm", -3 * MM)])
def test_lengths(text, points):
    assert parse_length(text) == pytest.approx(points)


def test_percent_needs_a_parent():
    assert parse_length("50%", 100.0) == 50.0
    with pytest.raises(ValueError, match="no parent"):
        parse_length("50%")


@pytest.mark.parametrize("bad", [3, "3", "3 furlongs", True, None])
def test_bad_lengths(bad):
    with pytest.raises(ValueError):
        parse_length(bad)


def test_colours():
    assert parse_colour("#ff0000") == (1.0, 0.0, 0.0)
    assert parse_colour("#0f0") == (0.0, 1.0, 0.0)
    assert parse_colour("ink", {"ink": "#000000"}) == (0.0, 0.0, 0.0)
    assert parse_colour("none") is None
    with pytest.raises(ValueError, match="unknown colour 'inc'.*palette: ink"):
        parse_colour("inc", {"ink": "#000000"})
