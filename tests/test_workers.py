"""How conftest.py runs the suite on several workers: a notebook's kernel
that dies before it answers is started again, instead of failing every cell
of its notebook (three workers and the browser tests' JupyterLabs start
kernels at once, and a kernel whose port another process took in the
meantime exits at once); and the controller compiles the package and
rewrites the test modules once, before the workers start."""

import os
import sys
from pathlib import Path

import nbval.kernel


class Dies:
    """A stand-in for nbval's start_new_kernel: the first ``deaths`` calls
    fail as a kernel that exits does, the next returns (manager, client)."""

    def __init__(self, deaths: int):
        self.deaths = deaths
        self.stderrs: list = []

    def __call__(self, startup_timeout=60, kernel_name="python", **kwargs):
        self.stderrs.append(kwargs["stderr"])
        if len(self.stderrs) <= self.deaths:
            raise RuntimeError("Kernel died before replying to kernel_info")
        return "manager", "client"


def test_nbval_starts_its_kernels_through_the_retry():
    assert getattr(nbval.kernel.start_new_kernel, "_gametree_retries", False)


def test_a_kernel_that_dies_twice_is_started_a_third_time(root_conftest):
    start = Dies(root_conftest._KERNEL_STARTS - 1)
    started = root_conftest.retrying_kernel_starts(start)(
        startup_timeout=5, kernel_name="k", stderr=open(os.devnull, "w"))  # noqa: SIM115
    assert started == ("manager", "client")
    assert len(start.stderrs) == root_conftest._KERNEL_STARTS
    # The failed attempts' /dev/null files are closed; the running kernel keeps its own.
    assert [f.closed for f in start.stderrs] == [True] * (root_conftest._KERNEL_STARTS - 1) + [False]
    assert len({id(f) for f in start.stderrs}) == root_conftest._KERNEL_STARTS
    start.stderrs[-1].close()


def test_a_kernel_that_always_dies_fails_after_the_last_start_with_nothing_left_open(root_conftest):
    start = Dies(root_conftest._KERNEL_STARTS)
    try:
        root_conftest.retrying_kernel_starts(start)(stderr=open(os.devnull, "w"))  # noqa: SIM115
    except RuntimeError as error:
        assert "Kernel died" in str(error)
    else:
        raise AssertionError("a kernel that never starts must fail its notebook")
    assert len(start.stderrs) == root_conftest._KERNEL_STARTS
    assert all(f.closed for f in start.stderrs)


def test_other_errors_are_not_retried(root_conftest):
    calls = []

    def broken(**kwargs):
        calls.append(kwargs)
        raise KeyError("no such kernel")

    try:
        root_conftest.retrying_kernel_starts(broken)(kernel_name="nope")
    except KeyError:
        pass
    else:
        raise AssertionError("a missing kernel is not a port race")
    assert len(calls) == 1


def course_of_one_test(root: Path) -> Path:
    (root / "gametree").mkdir()
    (root / "gametree" / "answer.py").write_text("ANSWER = 3\n")
    (root / "tests").mkdir()
    test = root / "tests" / "test_one.py"
    test.write_text("def test_three():\n    assert 1 + 2 == 3\n")
    (root / "tests" / "helper.py").write_text("X = 1\n")   # not a test module: not rewritten
    return test


def test_the_controller_rewrites_each_test_module_once_and_compiles_the_package(
        root_conftest, tmp_path, monkeypatch, request):
    test = course_of_one_test(tmp_path)
    monkeypatch.setattr(root_conftest, "_ROOT", tmp_path)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    assert root_conftest.compile_once_for_the_workers(request.config) == 1
    cached = sorted(p.name for p in (tmp_path / "tests" / "__pycache__").iterdir())
    assert len(cached) == 1 and cached[0].startswith("test_one.") and "pytest" in cached[0]
    assert [p.suffix for p in (tmp_path / "gametree" / "__pycache__").iterdir()] == [".pyc"]
    assert root_conftest.compile_once_for_the_workers(request.config) == 0   # already in the cache
    test.write_text("def test_four():\n    assert 2 + 2 == 4\n")        # changed: again
    assert root_conftest.compile_once_for_the_workers(request.config) == 1


def test_nothing_is_written_when_bytecode_is_not(root_conftest, tmp_path, monkeypatch, request):
    course_of_one_test(tmp_path)
    monkeypatch.setattr(root_conftest, "_ROOT", tmp_path)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert root_conftest.compile_once_for_the_workers(request.config) == 0
    assert not list(tmp_path.rglob("__pycache__"))
