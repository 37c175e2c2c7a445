"""``import gametree`` leaves the games unloaded (they load on first use of a
name that needs them), and every public name still works."""

import subprocess
import sys

import pytest

import gametree


def test_importing_gametree_loads_no_game():
    code = ("import sys, gametree; "
            "print(sorted(m for m in sys.modules if m.startswith('gametree.games')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_importing_gametree_loads_none_of_its_modules():
    code = ("import sys, gametree; "
            "print(sorted(m for m in sys.modules if m.startswith('gametree.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_lazy_name_loads_its_module_and_works():
    code = ("import sys, gametree; f = gametree.number_game; "
            "print('gametree.games.numbergame' in sys.modules, f([3, 9, 1]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", str(gametree.number_game([3, 9, 1]))]


def test_every_public_name_is_there():
    for name in gametree.__all__:
        assert getattr(gametree, name) is not None, name
    assert "number_game" in dir(gametree)
    from gametree import number_game
    from gametree.games import number_game as same
    assert number_game is same


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="module 'gametree' has no attribute 'numbergame'"):
        gametree.numbergame  # noqa: B018


def test_public_names_stay_functions_once_their_modules_are_imported():
    # importing a submodule sets it as an attribute of the package: no public
    # name may be a submodule's name, or it would turn into the module
    code = ("import importlib, gametree; f = gametree.maxn; "
            "[importlib.import_module(m) for m in set(gametree._LAZY.values())]; "
            "print(all(getattr(gametree, n) is not None and not "
            "type(getattr(gametree, n)).__name__ == 'module' for n in gametree.__all__), "
            "gametree.maxn is f)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "True"]
