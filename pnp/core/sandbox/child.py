"""The worker's side of pnp/core/sandbox/runner.py: a forked process that shuts itself in (limits, closed
files, an empty environment, an audit hook) before any game code runs, then runs the works the
parent names, one report each, until the parent closes its commands."""

from __future__ import annotations

import contextlib
import math
import os
import pickle
import signal
import struct
import sys
from collections.abc import Callable, Sequence
from types import FrameType
from typing import Any

from pnp.core import watchdog
from pnp.core.errors import InputError
from pnp.core.sandbox.confinement import Confinement, hold_limits, readable_folders, shown, traced_line

Work = Callable[[], Any]
_exit = os._exit  # the worker's own way out: game code that replaces os._exit cannot keep a refused worker going


class Lap:
    """A page the worker and the parent share (made before the fork): the work the worker runs, the part of
    it, and when that part started by the system's monotonic clock. The parent reads it only when a work is
    past its deadline (a new part then has its own) or the worker died (which part it was in): it costs the
    worker a write a game and the parent nothing meanwhile."""

    FORMAT = "<iId"  # work (-1: none), part, started (time.monotonic)

    def __init__(self) -> None:
        import mmap

        self.page = mmap.mmap(-1, struct.calcsize(self.FORMAT))  # anonymous and shared with the fork
        self.set(-1, 0)

    def set(self, work: int, part: int) -> None:
        import time

        struct.pack_into(self.FORMAT, self.page, 0, work, part, time.monotonic())

    def get(self) -> tuple[int, int, float]:
        work, part, started = struct.unpack_from(self.FORMAT, self.page, 0)
        return work, part, started

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.page.close()


def report(kind: str, payload: Any = None, failure: str = "", at: str = "", printed: str = "") -> bytes:
    """One report, framed for the pipe (used by the worker); it names the part of the work it came from."""
    part = _PART[0]
    try:
        data = pickle.dumps((kind, payload, failure, at, printed, part), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception as exc:
        data = pickle.dumps(("error", None, f"returned what cannot be sent back ({type(exc).__name__}: {exc})",
                             at, printed, part))
    return struct.pack("<I", len(data)) + data



WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
FILES = {"os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.chmod", "os.chown", "os.link", "os.symlink",
         "os.truncate", "os.utime", "os.mkfifo", "os.mknod", "os.chflags", "os.lchflags", "os.setxattr",
         "os.removexattr", "shutil.rmtree", "shutil.chown", "mmap.__new__"}
PROCESSES = {"os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty", "subprocess.Popen",
             "pty.spawn", "os.startfile"}
SIGNALS = {"os.kill", "os.killpg", "signal.pthread_kill"}
NETWORK = ("socket.", "urllib.", "http.", "ftplib.", "smtplib.", "poplib.", "imaplib.", "nntplib.", "telnetlib.",
           "webbrowser.")
WATCHED = frozenset({"open", "os.listdir", "os.scandir", "resource.setrlimit", "resource.prlimit"}) | FILES | \
    PROCESSES | SIGNALS  # the events `Guard.refused` looks at (besides NETWORK's and ctypes'): others pass at once
WATCHED_PREFIXES = (*NETWORK, "ctypes.")


def start(works: Sequence[Work], box: Confinement) -> tuple[int, int, int, int, Lap]:
    """A new worker for `works`: its pid, the parent's ends of its pipes (commands, reports, tracebacks) and
    the page that says which part of its work it runs."""
    import faulthandler  # noqa: F401  (imported before the fork: the worker reads no module it can do without)
    import gc  # noqa: F401
    import resource  # noqa: F401
    import threading  # noqa: F401

    cmd_r, cmd_w = os.pipe()
    rep_r, rep_w = os.pipe()
    trace_r, trace_w = os.pipe()
    lap_page = Lap()
    pid = os.fork()
    if pid == 0:  # the worker: it never returns into the caller
        try:
            _serve(works, box, cmd_r, rep_w, trace_w, lap_page)
        finally:
            _exit(70)
    for fd in (cmd_r, rep_w, trace_w):
        os.close(fd)
    return pid, cmd_w, rep_r, trace_r, lap_page


def _serve(works: Sequence[Work], box: Confinement, cmd: int, rep: int, trace: int, lap_page: Lap) -> None:
    import faulthandler
    import gc

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it ends its workers
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    keep = sorted({cmd, rep, trace})
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    for low, high in zip([2, *keep], [*keep, 1 << 20], strict=True):  # every descriptor it inherited, closed
        os.closerange(low + 1, high)
    if box.prepare is not None:
        with contextlib.suppress(Exception):  # only ever saves time
            box.prepare()
    faulthandler.enable(file=trace, all_threads=True)  # a crash: its traceback to the parent
    faulthandler.register(signal.SIGXCPU, file=trace, all_threads=True, chain=True)
    faulthandler.register(signal.SIGUSR1, file=trace, all_threads=True, chain=False)  # the parent's "where are you"
    with contextlib.suppress(Exception):  # reportlab reads its settings from the home folder when first imported
        import reportlab.rl_config  # noqa: F401  (a rule laying out a template imports it): before the guard
    reads = readable_folders(box)
    os.environ.clear()
    sys.dont_write_bytecode = True
    gc.freeze()  # what the parent made stays as it is; what game code makes is collected
    gc.enable()
    signal.signal(signal.SIGPROF, _overtime)
    signal.signal(signal.SIGALRM, _overtime)
    hold_limits(box)
    guard = Guard(box, reads, rep)
    sys.addaudithook(guard)

    def again() -> None:
        caller = sys._getframe(2)  # (lap's caller)
        if shown(caller.f_code.co_filename, caller.f_lineno, box):  # game code giving itself a part's time again
            guard.refuse("start its time limits again (lap())", caller)
        if _FIRED[0]:  # the part before caught its time limit and finished: late all the same
            raise watchdog.Overtime
        if laps[0] >= box.parts - 1:
            raise watchdog.Overtime  # more parts than the work was given time for
        laps[0] += 1
        _PART[0] = laps[0]
        lap_page.set(current[0], laps[0])  # the parent's deadline: this part's own
        guard.cpu(box.seconds)
        signal.setitimer(signal.ITIMER_PROF, box.seconds, 1.0)
        signal.setitimer(signal.ITIMER_REAL, box.clock(), 1.0)

    laps, current = [0], [-1]
    _LAP[0] = again
    while len(head := _read(cmd, 4)) == 4:
        (i,) = struct.unpack("<I", head)
        laps[0] = _PART[0] = 0
        current[0] = i
        lap_page.set(i, 0)
        guard.printed = Printed()
        sys.stdout = sys.stderr = guard.printed
        guard.cpu(box.seconds)
        os.write(rep, _run(works[i], box, guard.printed))
    _exit(0)


def _run(work: Work, box: Confinement, printed: Printed) -> bytes:
    def said(exc: BaseException) -> str:
        try:
            text = str(exc)
        except Exception:
            text = ""
        return f"{type(exc).__name__}: {text[:300]}" if text else type(exc).__name__

    _FIRED[0] = 0
    try:
        signal.setitimer(signal.ITIMER_PROF, box.seconds, 1.0)  # processor time: Overtime at `seconds`, each second on
        signal.setitimer(signal.ITIMER_REAL, box.clock(), 1.0)  # the clock: sleeping or starved, the same
        try:
            value = work()
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.setitimer(signal.ITIMER_REAL, 0)
        if _FIRED[0]:  # it caught its time limit and finished: late all the same
            raise watchdog.Overtime
    except InputError as exc:
        return report("input", list(exc.problems), printed=printed.text())
    except watchdog.Overtime as exc:
        return report("overtime", None, f"ran longer than {box.seconds:g} s and was stopped", traced_line(exc, box),
                      printed.text())
    except SystemExit as exc:
        return report("exit", None, "called sys.exit()", traced_line(exc, box), printed.text())
    except MemoryError as exc:
        return report("memory", None, f"ran out of memory (a worker may take {box.memory >> 20} MB)",
                      traced_line(exc, box), printed.text())
    except BaseException as exc:  # anything else, BaseException and GeneratorExit too: the game's mistake
        return report("error", None, f"failed: {said(exc)}", traced_line(exc, box), printed.text())
    return report("ok", value, printed=printed.text())


_FIRED = [0]  # how often the work being run was told it is out of time
_PART = [0]  # in a worker: the part of its work it runs (each lap() the next)
_LAP: list[Callable[[], None] | None] = [None]  # in a worker: the time limits started again for the next part


def lap() -> None:
    """Between two parts of one work (`pnp simulate` plays a batch of games a work): the next part gets
    the whole time of one again (`Confinement.seconds`, and `Confinement.clock()` by the clock); a work has
    `Confinement.parts - 1` laps, so its whole time is never more than that of `Confinement.parts` works. Outside
    a worker: nothing."""
    if _LAP[0] is not None:
        _LAP[0]()


def _overtime(signum: int, frame: FrameType | None) -> None:
    """The work has used its processor time: stop it at its line (again each second, if it catches this; code
    stuck in C is ended by RLIMIT_CPU). A signal, not pnp's watchdog thread: starting a thread costs a worker
    10 ms on a busy machine."""
    _FIRED[0] += 1
    raise watchdog.Overtime


class Printed:
    """stdout and stderr of a work: the first 2,000 characters kept."""

    encoding = "utf-8"

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.size = 0

    def write(self, s: Any) -> int:
        s = str(s)
        if self.size < 2000:
            self.parts.append(s[:2000 - self.size])
        self.size += len(s)
        return len(s)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def text(self) -> str:
        return "".join(self.parts)


class Guard:
    """The audit hook: what game code may not do is refused, reported at its line, and ends the worker
    (a rule that catches the refusal cannot go on as if it had not happened)."""

    def __init__(self, box: Confinement, reads: list[str], rep: int):
        self.box, self.reads, self.rep = box, reads, rep
        self.printed = Printed()
        self.ours = False

    def __call__(self, event: str, args: tuple) -> None:
        if event not in WATCHED and not event.startswith(WATCHED_PREFIXES):  # id(), exec, import...: pass at
            return  # once (a game's play calls id() hundreds of times, each call an event)
        import threading

        if self.ours or threading.get_ident() == watchdog.timekeeper():  # pnp's own: its limits, the watchdog's
            # ctypes call (a template laid out for a rule runs under a time limit)
            return
        what = self.refused(event, args)
        if what:
            self.refuse(what, sys._getframe(1))

    def refuse(self, what: str, frame: FrameType | None) -> None:
        """Report the refusal at the game's innermost line from `frame` out, and end the worker."""
        at = ""
        while frame is not None and not at:
            at = shown(frame.f_code.co_filename, frame.f_lineno, self.box)
            frame = frame.f_back
        os.write(self.rep, report("refused", None, f"tried to {what}: refused", at, self.printed.text()))
        _exit(0)

    def refused(self, event: str, args: tuple) -> str:
        if event == "open":
            path, mode, flags = args
            if isinstance(path, int):
                return f"open file descriptor {path}"
            if (flags or 0) & WRITE_FLAGS or (isinstance(mode, str) and any(c in mode for c in "wax+")):
                return f"write a file ({os.fsdecode(path)})"
            return "" if self.inside(path) else f"read a file outside the project ({os.fsdecode(path)})"
        if event in ("os.listdir", "os.scandir"):
            path = args[0] if args and args[0] is not None else "."
            if isinstance(path, int):
                return f"list open directory {path}"
            return "" if self.inside(path) else f"list a folder outside the project ({os.fsdecode(path)})"
        if event in FILES:
            return f"change files ({event} {args[0] if args else ''})"
        if event in PROCESSES:
            return f"start a process ({event})"
        if event in SIGNALS:
            return f"send a signal ({event})"
        if event.startswith(NETWORK):
            return f"use the network ({event})"
        if event.startswith("ctypes."):
            return f"call C code through ctypes ({event})"
        if event in ("resource.setrlimit", "resource.prlimit"):
            return "change its own limits"
        return ""

    def inside(self, path: Any) -> bool:
        real = os.path.realpath(os.fsdecode(path))
        return any(real == root or real.startswith(root + os.sep) for root in self.reads)

    def cpu(self, seconds: float) -> None:
        """Processor time for the next work: the watchdog stops Python code at `seconds`; a C call that
        does not return (a catastrophic regular expression) is ended by the system a second or two later."""
        import resource

        used = sum(resource.getrusage(resource.RUSAGE_SELF)[:2])  # whole seconds: the watchdog comes first
        soft, hard = math.ceil(used + seconds + 0.5), resource.getrlimit(resource.RLIMIT_CPU)[1]
        self.ours = True
        try:
            resource.setrlimit(resource.RLIMIT_CPU, (soft if hard == resource.RLIM_INFINITY else min(soft, hard),
                                                     hard))
        finally:
            self.ours = False


def _read(fd: int, n: int) -> bytes:
    data = b""
    while len(data) < n and (chunk := os.read(fd, n - len(data))):
        data += chunk
    return data
