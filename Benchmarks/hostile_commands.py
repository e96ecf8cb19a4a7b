#!/usr/bin/env python3
"""The command-line half of the hostile corpus: what a careless or malicious user does to the
tool itself (closed streams, outputs pointed at devices and inputs, protocol-like names, endless
inputs, signals, meaningless numbers). Each case runs `liveness` and checks: its exit code, that
no signal ended it, that stderr holds exactly the lines expected (one `liveness: ` line for an
error), that no file around it changed, and what else the case says (no network socket under
strace, no process left, a memory bound).

Usage: Benchmarks/hostile_commands.py LIVENESS CORPUS_DIR [--only CLASS]
  LIVENESS    the binary to try
  CORPUS_DIR  a corpus made by Benchmarks/make_hostile_corpus.sh (its clips are used)
Prints a Markdown table and "N cases tried, M right"; exits 1 when a case is wrong.
"""
import hashlib
import json
import os
import shutil
import signal
import stat
import struct
import subprocess
import sys
import tempfile
import time
import zlib

LIVENESS = os.path.abspath(sys.argv[1])
CORPUS = os.path.abspath(sys.argv[2])
ONLY = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
SCRATCH = tempfile.mkdtemp(prefix="liveness-hostile-commands-")
UPRIGHT = os.path.join(CORPUS, "upright.mp4")
GARBAGE = os.path.join(CORPUS, "garbage.mp4")
TEXT = os.path.join(CORPUS, "text-named.mp4")
ONE_FRAME = os.path.join(CORPUS, "one-frame.mp4")
LONG = os.path.join(CORPUS, "ten-minutes-no-face.mp4")
CAN_TRACE = shutil.which("strace") is not None and subprocess.run(
    ["strace", "-f", "-qq", "-o", "/dev/null", "true"], capture_output=True).returncode == 0
CAN_MOUNT = subprocess.run(["unshare", "-m", "sh", "-c", "mount -t tmpfs -o size=16k tmpfs /mnt"],
                           capture_output=True).returncode == 0
IS_ROOT = os.geteuid() == 0
results = []


def path(name):
    return os.path.join(SCRATCH, name)


def write(name, data):
    p = path(name)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return p


def state(p):
    """What is at p: type, links, link target, content hash."""
    try:
        st = os.lstat(p)
    except FileNotFoundError:
        return None
    kind = stat.S_IFMT(st.st_mode)
    target = os.readlink(p) if stat.S_ISLNK(st.st_mode) else None
    digest = hashlib.sha256(open(p, "rb").read()).hexdigest() if stat.S_ISREG(st.st_mode) else None
    return (kind, st.st_nlink, target, digest)


def folder_state(folder):
    return {name: state(os.path.join(folder, name)) for name in sorted(os.listdir(folder))}


class Run:
    def __init__(self, argv, stdin=subprocess.DEVNULL, shell=None, cwd=None, timeout=600, env=None, during=None):
        """Runs liveness ARGV; `shell` wraps it as in the tests ("$@" is the command)."""
        command = [LIVENESS] + argv
        if shell:
            command = ["/bin/sh", "-c", shell, "sh"] + command
        environment = dict(os.environ, **(env or {}))
        for key in ["LIVENESS_LANDMARK_MODEL", "LIVENESS_FACE_CASCADE", "LIVENESS_SEARCH_CASCADE"]:
            if env is None or key not in env:
                environment.pop(key, None)
        out, err = tempfile.TemporaryFile(), tempfile.TemporaryFile()
        start = time.monotonic()
        process = subprocess.Popen(command, stdin=stdin, stdout=out, stderr=err, cwd=cwd, env=environment)
        if during:
            during(process)
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            self.hung = True
        else:
            self.hung = False
        self.seconds = time.monotonic() - start
        self.status = process.returncode
        out.seek(0)
        err.seek(0)
        self.stdout = out.read().decode("utf-8", "replace")
        self.stderr = err.read().decode("utf-8", "replace")
        self.lines = [l for l in self.stderr.split("\n") if l]

    @property
    def signalled(self):
        return self.status < 0 or "Program crashed" in self.stderr or "Fatal error" in self.stderr


def case(klass, name):
    def register(body):
        if ONLY and ONLY != klass:
            return body
        problems = []
        try:
            body(problems)
        except Exception as error:  # a case that cannot run counts as wrong
            problems.append(f"the case failed to run: {error!r}")
        results.append((klass, name, problems))
        return body
    return register


def expect_error(problems, run, code, *pieces, lines=1):
    """Exit `code`, no signal, no hang, exactly `lines` stderr lines, the first naming `pieces`."""
    if run.hung:
        problems.append("hung")
    if run.signalled:
        problems.append(f"killed by signal {-run.status}" if run.status < 0 else "crashed")
    if run.status != code:
        problems.append(f"exit {run.status}, expected {code}")
    if lines is not None and len(run.lines) != lines:
        problems.append(f"{len(run.lines)} stderr lines: {run.stderr[:300]!r}")
    for piece in pieces:
        if not any(piece in line for line in run.lines[:1]):
            problems.append(f"stderr does not say {piece!r}: {run.stderr[:300]!r}")


def expect_unchanged(problems, before, after, what):
    if before != after:
        problems.append(f"{what} changed")


def json_lines(text):
    return [json.loads(l) for l in text.split("\n") if l.strip()]


def children(pid):
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def alive(pid):
    try:
        return open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_for(condition, seconds=300):
    """Polls a condition (an event: a line written, a process started) with a generous bound."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def png(width, height, rows=None, bad_crc=False, warning=False):
    def chunk(kind, body, crc=None):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", (zlib.crc32(kind + body) if crc is None else crc) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + b"\x80" * (3 * width) for _ in range(height if rows is None else rows))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    extra = chunk(b"tEXt", b"k\x00v", 1) if warning else b""
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr, 0 if bad_crc else None) + extra + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def real_huge_png(name, side):
    """A complete side x side PNG, compressed row by row (a few MB on disk, side^2 * 3 decoded)."""
    p = path(name)
    if os.path.exists(p):
        return p
    packer = zlib.compressobj(9)
    row = b"\x00" + b"\x80" * (3 * side)
    body = b"".join(packer.compress(row) for _ in range(side)) + packer.flush()
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(p, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)) + chunk(b"IDAT", body) + chunk(b"IEND", b""))
    return p


def network_calls(log):
    return [l for l in open(log) if "AF_INET" in l]


def targets():
    """Things an output may be pointed at, fresh for each use."""
    folder = tempfile.mkdtemp(dir=SCRATCH)
    made = {}
    os.mkfifo(os.path.join(folder, "fifo"))
    made["a FIFO"] = os.path.join(folder, "fifo")
    if IS_ROOT:
        os.mknod(os.path.join(folder, "null"), 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        made["a device"] = os.path.join(folder, "null")
    notes = os.path.join(folder, "notes.txt")
    open(notes, "w").write("someone's notes\n")
    made["a file not its own"] = notes
    os.symlink(notes, os.path.join(folder, "link"))
    made["a symbolic link"] = os.path.join(folder, "link")
    open(os.path.join(folder, "linked"), "w").write("one of two names\n")
    os.link(os.path.join(folder, "linked"), os.path.join(folder, "linked-too"))
    made["a hard link"] = os.path.join(folder, "linked")
    shutil.copy(UPRIGHT, os.path.join(folder, "input.mp4"))
    made["the input video"] = os.path.join(folder, "input.mp4")
    return folder, made


# ---------------------------------------------------------------- crashes

for redirection in ["2>&-", "2>/dev/full"]:
    for label, argv, code in [("score MISSING", ["score", path("missing.mp4")], 3), ("measure MISSING", ["measure", path("missing.png")], 3),
                              ("score GARBAGE TEXT (a batch)", ["score", GARBAGE, TEXT, "--jobs", "1"], 3),
                              ("score --bogus", ["score", "--bogus"], 2)]:
        @case("crashes", f"`liveness {label}` with stderr `{redirection}`")
        def _(problems, argv=argv, code=code, redirection=redirection):
            run = Run(argv, shell=f'exec "$@" {redirection}')
            expect_error(problems, run, code, lines=0)


@case("crashes", "a full disk under --trace and --out (16 KiB tmpfs, or a 2 KiB file-size limit)")
def _(problems):
    if CAN_MOUNT:
        script = ('mount -t tmpfs -o size=16k tmpfs /mnt && mkdir /mnt/out && echo kept > /mnt/keep && '
                  '"$@" --trace /mnt/trace.csv --out /mnt/out; s=$?; ls -A /mnt /mnt/out >&2; exit $s')
        run = Run(["score", os.path.join(CORPUS, "upright.mp4"), "--seed", "1", "--json"],
                  shell=f"exec unshare -m sh -c '{script}' sh \"$@\"")
        if run.status != 4 or run.signalled:
            problems.append(f"exit {run.status}: {run.stderr[:300]!r}")
        if [l for l in run.lines if l.startswith("liveness: ")].__len__() != 1:
            problems.append(f"not one error line: {run.stderr[:300]!r}")
        if run.lines[1:] != ["/mnt:", "keep", "out", "/mnt/out:"]:
            problems.append(f"files left: {run.lines[1:]}")
    else:
        trace = write("full/trace.csv", "frame,ms,faceFound,faces,ear,openEAR,closure,yaw,inCircle,framing,cameraDegPerSec,state,prompt\n")
        before = state(trace)
        run = Run(["score", UPRIGHT, "--seed", "1", "--json", "--trace", trace], shell='ulimit -f 4; exec "$@"')
        expect_error(problems, run, 4, "could not write")
        expect_unchanged(problems, before, state(trace), "the trace")


@case("crashes", "a --face-cascade / --search-cascade nested 50,000 levels deep")
def _(problems):
    deep = write("deep.xml", "<?xml version=\"1.0\"?>\n<opencv_storage>" + "<a>" * 50000 + "</a>" * 50000 + "</opencv_storage>\n")
    for option in ["--face-cascade", "--search-cascade"]:
        expect_error(problems, Run(["score", UPRIGHT, option, deep]), 3, "nested 50001 levels deep")


@case("crashes", "a bench manifest with two clips of one name")
def _(problems):
    manifest = write("dup.json", json.dumps({"clips": [{"name": "a", "video": UPRIGHT}, {"name": "a", "video": UPRIGHT}], "floors": []}))
    expect_error(problems, Run(["bench", manifest, "--quiet"]), 3, 'two clips are named "a"')


@case("crashes", "huge numbers: --camera 99999999999, --clip-timeout 9999999999, --memory-limit 1e17")
def _(problems):
    for argv in [["live", "--camera", "99999999999", "--headless"], ["score", UPRIGHT, "--jobs", "1", "--clip-timeout", "9999999999"],
                 ["score", UPRIGHT, "--jobs", "1", "--memory-limit", "99999999999999999"]]:
        run = Run(argv)
        expect_error(problems, run, 2, "must be", lines=3)


# ---------------------------------------------------------------- lost data

for what in ["a FIFO", "a device", "a file not its own", "a symbolic link", "a hard link", "the input video"]:
    @case("lost data", f"--trace onto {what}")
    def _(problems, what=what):
        folder, made = targets()
        if what not in made:
            problems.append("cannot make a device node here (not root)")
            return
        before = folder_state(folder)
        run = Run(["score", made["the input video"], "--seed", "1", "--trace", made[what]])
        expect_error(problems, run, 4, made[what], "not replaced")
        expect_unchanged(problems, before, folder_state(folder), "the folder")

for what in ["a FIFO", "a device", "a file not its own", "a symbolic link", "a hard link", "an .mp4", "the list"]:
    @case("lost data", f"--output onto {what}")
    def _(problems, what=what):
        folder, made = targets()
        made["an .mp4"] = made["the input video"]
        made["the list"] = os.path.join(folder, "list.txt")
        open(made["the list"], "w").write(UPRIGHT + "\n")
        if what not in made:
            problems.append("cannot make a device node here (not root)")
            return
        before = folder_state(folder)
        run = Run(["score", "--list", made["the list"], "--jobs", "1", "--output", made[what]])
        expect_error(problems, run, 4, made[what], "not used")
        expect_unchanged(problems, before, folder_state(folder), "the folder")


@case("lost data", "--out onto a folder holding someone else's report.json")
def _(problems):
    out = write("foreign-out/report.json", '{"mine": true}\n')
    before = folder_state(os.path.dirname(out))
    run = Run(["score", UPRIGHT, "--seed", "1", "--out", os.path.dirname(out)])
    expect_error(problems, run, 4, "report.json", "not replaced")
    expect_unchanged(problems, before, folder_state(os.path.dirname(out)), "the folder")

for redirection, argv in [(">/dev/full", ["score", UPRIGHT, "--seed", "1"]), (">&-", ["score", UPRIGHT, "--seed", "1", "--json"]),
                          (">/dev/full", ["measure", path("grey.png")])]:
    @case("lost data", f"`liveness {argv[0]}` with stdout `{redirection}`")
    def _(problems, redirection=redirection, argv=argv):
        write("grey.png", png(64, 64))
        expect_error(problems, Run(argv, shell=f'exec "$@" {redirection}'), 4, "stdout: could not write")


@case("lost data", "`liveness score` into a pipe whose reader is gone")
def _(problems):
    read_end, write_end = os.pipe()
    os.close(read_end)
    err = tempfile.TemporaryFile()
    process = subprocess.Popen([LIVENESS, "score", UPRIGHT, "--seed", "1", "--json"], stdin=subprocess.DEVNULL, stdout=write_end, stderr=err)
    os.close(write_end)
    process.wait(timeout=600)
    err.seek(0)
    text = err.read().decode()
    if process.returncode != 4 or text != "liveness: stdout: could not write: Broken pipe\n":
        problems.append(f"exit {process.returncode}: {text!r}")


@case("lost data", "two --resume runs on one --output at once")
def _(problems):
    folder = tempfile.mkdtemp(dir=SCRATCH)
    out = os.path.join(folder, "out.jsonl")
    listed = os.path.join(folder, "list.txt")
    open(listed, "w").write("\n".join([UPRIGHT, UPRIGHT, LONG]) + "\n")
    argv = ["score", "--list", listed, "--jobs", "1", "--seed", "1", "--output", out, "--resume"]
    second = {}

    def during(process):
        wait_for(lambda: os.path.exists(out) and "\n" in open(out).read())
        second["run"] = Run(argv)
        process.send_signal(signal.SIGINT)
    first = Run(argv, during=during)
    if first.status != 130:
        problems.append(f"first run: exit {first.status}")
    expect_error(problems, second["run"], 4, "another liveness batch is writing to it")
    third = Run(argv + ["--clip-timeout", "120"])
    indices = sorted(r["index"] for r in json_lines(open(out).read()) if "summary" not in r)
    if indices != [0, 1, 2] or third.status != 0:
        problems.append(f"lines for {indices}, third run exit {third.status}")


# ---------------------------------------------------------------- network and wrong file

def make_protocol_names():
    folder = path("names")
    if not os.path.exists(folder):
        os.makedirs(os.path.join(folder, "http:", "127.0.0.1:9"))
        shutil.copy(UPRIGHT, os.path.join(folder, "x.mp4"))
        for name in ["file:x.mp4", "pipe:0", "http:/127.0.0.1:9/x.mp4"]:
            shutil.copy(ONE_FRAME, os.path.join(folder, name))
        open(os.path.join(folder, "remote.m3u8"), "w").write("#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nhttp://127.0.0.1:9/a.ts\n#EXT-X-ENDLIST\n")
        open(os.path.join(folder, "stream.sdp"), "w").write("v=0\no=- 0 0 IN IP4 127.0.0.1\ns=x\nc=IN IP4 127.0.0.1\nt=0 0\nm=video 5004 RTP/AVP 96\na=rtpmap:96 H264/90000\n")
        open(os.path.join(folder, "list.ffconcat"), "w").write("ffconcat version 1.0\nfile http://127.0.0.1:9/a.mp4\n")
    return folder

for name in ["file:x.mp4", "pipe:0", "http:/127.0.0.1:9/x.mp4"]:
    @case("network and wrong file", f"`{name}` is the local file of that name (strace: no AF_INET socket)")
    def _(problems, name=name):
        folder = make_protocol_names()
        log = path(f"strace-{abs(hash(name))}")
        shell = f'exec strace -f -qq -e trace=socket,connect -o {log} "$@"' if CAN_TRACE else None
        with open(UPRIGHT, "rb") as other:  # what pipe:0 would read
            run = Run(["score", name, "--seed", "1", "--json"], cwd=folder, stdin=other, shell=shell)
        frames = json.loads(run.stdout)["frames"]["processed"] if run.stdout else None
        if run.status != 1 or frames != 1:
            problems.append(f"exit {run.status}, {frames} frame(s): not the one-frame file named {name}: {run.stderr[:200]!r}")
        if CAN_TRACE and network_calls(log):
            problems.append(f"network: {network_calls(log)[:2]}")

for name in ["remote.m3u8", "stream.sdp", "list.ffconcat"]:
    @case("network and wrong file", f"a local `{name}` pointing at the network opens no socket")
    def _(problems, name=name):
        if not CAN_TRACE:
            problems.append("strace is not available")
            return
        folder = make_protocol_names()
        log = path(f"strace-{name}")
        run = Run(["score", name], cwd=folder, shell=f'exec strace -f -qq -e trace=socket,connect -o {log} "$@"')
        expect_error(problems, run, 3, name)
        if network_calls(log):
            problems.append(f"network: {network_calls(log)[:2]}")


@case("network and wrong file", "the same names in a batch list (strace over the workers too)")
def _(problems):
    folder = make_protocol_names()
    listed = os.path.join(folder, "list.txt")
    open(listed, "w").write("file:x.mp4\npipe:0\nhttp:/127.0.0.1:9/x.mp4\nremote.m3u8\n")
    log = path("strace-batch")
    run = Run(["score", "--list", listed, "--jobs", "1", "--seed", "1"], cwd=folder,
              shell=f'exec strace -f -qq -e trace=socket,connect -o {log} "$@"' if CAN_TRACE else None)
    records = [r for r in json_lines(run.stdout) if "summary" not in r]
    frames = [(r.get("frames") or {}).get("processed") for r in records]
    kinds = [(r.get("error") or {}).get("kind") for r in records]
    if frames[:3] != [1, 1, 1] or kinds[3] != "notAVideo":
        problems.append(f"frames {frames}, errors {kinds}")
    if CAN_TRACE and network_calls(log):
        problems.append(f"network: {network_calls(log)[:2]}")


@case("network and wrong file", "a name that is not UTF-8, alone, in a folder batch and in a list")
def _(problems):
    folder = os.fsencode(path("latin1"))
    os.makedirs(folder, exist_ok=True)
    good, bad = folder + b"/caf\xe9.mp4", folder + b"/bad\xff.mp4"
    shutil.copy(UPRIGHT, good)
    open(bad, "wb").write(b"not a video\n")
    shown_good, shown_bad = os.fsdecode(folder) + "/caf\\xE9.mp4", os.fsdecode(folder) + "/bad\\xFF.mp4"
    alone = Run(["score", os.fsdecode(good), "--seed", "1", "--json"])
    if alone.status not in (0, 1) or json.loads(alone.stdout or "{}").get("input", {}).get("path") != shown_good:
        problems.append(f"alone: exit {alone.status} {alone.stderr[:200]!r}")
    expect_error(problems, Run(["score", os.fsdecode(bad)]), 3, shown_bad)
    batch = Run(["score", os.fsdecode(folder), "--jobs", "1", "--seed", "1"])
    paths = sorted(r["path"] for r in json_lines(batch.stdout) if "summary" not in r)
    if paths != sorted([shown_good, shown_bad]):
        problems.append(f"folder batch lines: {paths}")
    listed = path("latin1-list.txt")
    open(listed, "wb").write(good + b"\n")
    listed_run = Run(["score", "--list", listed, "--jobs", "1", "--seed", "1"])
    if [r.get("error") for r in json_lines(listed_run.stdout) if "summary" not in r] != [None]:
        problems.append(f"list: {listed_run.stdout[:200]!r}")


@case("network and wrong file", "a batch in a network namespace with no interface at all (unshare -n) scores as outside it")
def _(problems):
    if subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode != 0:
        problems.append("this user cannot make a network namespace")
        return
    argv = ["score", UPRIGHT, ONE_FRAME, "--jobs", "2", "--seed", "1"]
    outside = Run(argv)
    inside = Run(argv, shell='exec unshare -n "$@"')
    def decisions(run):
        return sorted((r["index"], r["outcome"], json.dumps(r["actions"])) for r in json_lines(run.stdout) if "summary" not in r)
    if inside.status != outside.status or decisions(inside) != decisions(outside) or not decisions(inside):
        problems.append(f"inside exit {inside.status}, outside {outside.status}: {inside.stderr[:200]!r}")


# ---------------------------------------------------------------- unbounded

def endless():
    fifo = path("nobody-writes")
    if not os.path.exists(fifo):
        os.mkfifo(fifo)
    huge = path("huge.json")
    if not os.path.exists(huge):
        open(huge, "wb").truncate(2 << 30)
    return {"/dev/zero": "/dev/zero", "a FIFO with no writer": fifo, "a 2 GiB file": huge}

for what in ["/dev/zero", "a FIFO with no writer", "a 2 GiB file"]:
    for option in ["--config", "--list", "bench"]:
        @case("unbounded", f"{option} {what}")
        def _(problems, what=what, option=option):
            source = endless()[what]
            if option == "--config":
                run = Run(["score", UPRIGHT, "--config", source])
            elif option == "--list":
                run = Run(["score", "--list", source, "--jobs", "1"])
            else:
                run = Run(["bench", source])
            if option == "--list" and what == "a FIFO with no writer":
                # Nothing written is an empty list: no clip, no wait.
                if run.status != 0 or run.hung or json_lines(run.stdout)[-1]["summary"]["clips"] != 0:
                    problems.append(f"exit {run.status}: {run.stderr[:200]!r}")
            else:
                expect_error(problems, run, 3, source)
            if run.seconds > 60:
                problems.append(f"took {run.seconds:.0f} s")


@case("unbounded", "--list - fed /dev/zero, and a list of 2,000,000 lines")
def _(problems):
    with open("/dev/zero", "rb") as zero:
        expect_error(problems, Run(["score", "--list", "-", "--jobs", "1"], stdin=zero), 3, "NUL byte")
    endless_list = write("two-million.txt", "/x.mp4\n" * 2_000_000)
    expect_error(problems, Run(["score", "--list", endless_list, "--jobs", "1"]), 3, "more than 1000000 paths")


@case("unbounded", "--jobs 256 on a few clips: capped, and the summary names the workers that ran")
def _(problems):
    listed = write("many.txt", (TEXT + "\n") * 12)
    run = Run(["score", "--list", listed, "--jobs", "256"])
    summary = json_lines(run.stdout)[-1]["summary"]
    cpus = os.cpu_count()
    if summary["jobs"] > 2 * cpus or summary["workersAtOnce"] > summary["jobs"] or summary["jobsAsked"] != 256:
        problems.append(f"summary {summary['jobs']}, {summary['workersAtOnce']} at once")
    if f"with {summary['workersAtOnce']} worker(s) (--jobs 256 capped to {summary['jobs']}" not in run.lines[-1]:
        problems.append(f"human summary: {run.lines[-1]!r}")


@case("unbounded", "measure of a complete 32000x32000 PNG: refused before decoding, peak RSS < 400 MB")
def _(problems):
    huge = real_huge_png("huge-32000.png", 32000)
    run = Run(["measure", huge], shell='exec /usr/bin/time -f "%M" "$@"')
    peak_kb = int(run.lines[-1]) if run.lines and run.lines[-1].isdigit() else None
    # /usr/bin/time's own lines (the peak, "Command exited with non-zero status 3") are not ours.
    run.lines = [l for l in run.lines[:-1] if not l.startswith("Command exited")]
    expect_error(problems, run, 3, "32000x32000", "over the limit of 100 megapixels")
    if peak_kb is None or peak_kb > 400_000:
        problems.append(f"peak RSS {peak_kb} KB")


for sig in [signal.SIGINT, signal.SIGTERM]:
    @case("unbounded", f"{sig.name} to a batch: workers stopped, finished lines kept, no process left")
    def _(problems, sig=sig):
        out = path(f"stopped-{sig.name}.jsonl")
        seen = {}

        def during(process):
            wait_for(lambda: os.path.exists(out) and '"outcome"' in open(out).read())
            seen["workers"] = children(process.pid)
            process.send_signal(sig)
        run = Run(["score", LONG, LONG, UPRIGHT, UPRIGHT, UPRIGHT, "--jobs", "2", "--seed", "1", "--output", out], during=during)
        # stderr: progress lines (every 30 s), the human summary, then why it stopped.
        expect_error(problems, run, 128 + sig, lines=None)
        if not run.lines or f"stopped by {sig.name}" not in run.lines[-1]:
            problems.append(f"last stderr line: {run.lines[-1:]!r}")
        if not seen.get("workers") or not wait_for(lambda: not any(alive(p) for p in seen["workers"]), 60):
            problems.append(f"workers left: {seen.get('workers')}")
        summary = json_lines(open(out).read())[-1].get("summary", {})
        if f"stopped by {sig.name}" not in (summary.get("aborted") or ""):
            problems.append(f"summary: {summary.get('aborted')!r}")


@case("unbounded", "SIGKILL to a batch: its workers die with it")
def _(problems):
    seen = {}

    def during(process):
        wait_for(lambda: len(children(process.pid)) == 2 and all(
            any(os.path.realpath(os.path.join(f"/proc/{c}/fd", fd)) == LONG for fd in os.listdir(f"/proc/{c}/fd"))
            for c in children(process.pid)))
        seen["workers"] = children(process.pid)
        process.kill()
    run = Run(["score", LONG, LONG, "--jobs", "2"], during=during)
    if run.status != -9:
        problems.append(f"status {run.status}")
    if not seen.get("workers") or not wait_for(lambda: not any(alive(p) for p in seen["workers"]), 60):
        problems.append(f"workers left: {seen.get('workers')}")


@case("unbounded", "SIGINT to `score --trace --out`: the unfinished files removed, the old trace kept")
def _(problems):
    folder = tempfile.mkdtemp(dir=SCRATCH)
    trace = os.path.join(folder, "trace.csv")
    open(trace, "w").write("frame,ms,faceFound,faces,ear,openEAR,closure,yaw,inCircle,framing,cameraDegPerSec,state,prompt\n")
    before = state(trace)

    def during(process):
        wait_for(lambda: any(n.startswith(".liveness-") for n in os.listdir(folder)))
        process.send_signal(signal.SIGINT)
    run = Run(["score", LONG, "--trace", trace, "--out", os.path.join(folder, "out")], during=during)
    expect_error(problems, run, 130, "stopped by SIGINT")
    expect_unchanged(problems, before, state(trace), "the trace")
    if sorted(os.listdir(folder)) != ["out", "trace.csv"] or os.listdir(os.path.join(folder, "out")):
        problems.append(f"left: {os.listdir(folder)}")


# ---------------------------------------------------------------- silently wrong

for text, cause in [('{"focalLengthPx": 5e-324}', "focalLengthPx"), ('{"capMs": 1000,}', "a comma before the closing brace"),
                    ('{"capMs": 1000, "capMs": 2000}', "given twice"), ('{"blinkClosure": 0.12345}', "more than 4 decimals")]:
    @case("silently wrong", f"configuration `{text}`")
    def _(problems, text=text, cause=cause):
        config = write("config.json", text)
        expect_error(problems, Run(["score", UPRIGHT, "--config", config]), 3, "malformed configuration", cause)

for text, cause in [({"toleranceMs": -1e308, "clips": [], "floors": []}, "toleranceMs"), ('{"clips": [], "floors": [],}', "a comma before the closing brace")]:
    @case("silently wrong", f"bench manifest `{text if isinstance(text, str) else json.dumps(text)}`")
    def _(problems, text=text, cause=cause):
        manifest = write("manifest.json", text if isinstance(text, str) else json.dumps(text))
        expect_error(problems, Run(["bench", manifest, "--quiet"]), 3, cause)


@case("silently wrong", "--memory-limit 768 (the lowest) on corrupt files: notAVideo, not memoryLimit")
def _(problems):
    run = Run(["score", TEXT, GARBAGE, "--jobs", "1", "--memory-limit", "768"])
    kinds = [(r.get("error") or {}).get("kind") for r in json_lines(run.stdout) if "summary" not in r]
    if kinds != ["notAVideo", "notAVideo"]:
        problems.append(f"kinds {kinds}")


@case("silently wrong", "bench stills with a missing data folder: one line, exit 3")
def _(problems):
    manifest = write("stills.json", json.dumps({"data": "no/such/folder", "stills": True, "clips": [], "floors": []}))
    expect_error(problems, Run(["bench", manifest, "--quiet"], env={"LIVENESS_DATA": ""}), 3, "is not one")


@case("silently wrong", "a PNG whose header checksum is wrong: our line only, libpng's inside it")
def _(problems):
    expect_error(problems, Run(["measure", write("corrupt.png", png(64, 64, bad_crc=True))]), 3, "not a readable image", "CRC error")


@case("silently wrong", "a PNG libpng only warns about: measured, nothing on stderr")
def _(problems):
    run = Run(["measure", write("warned.png", png(64, 64, warning=True))])
    if run.status != 0 or run.stderr:
        problems.append(f"exit {run.status}: {run.stderr[:200]!r}")


right = sum(1 for _, _, problems in results if not problems)
print("| class | case | as expected |")
print("|---|---|---|")
for klass, name, problems in results:
    print(f"| {klass} | {name} | {'yes' if not problems else '**no**: ' + '; '.join(problems).replace('|', '/')} |")
print()
print(f"{len(results)} command cases tried, {right} right.")
shutil.rmtree(SCRATCH, ignore_errors=True)
sys.exit(0 if right == len(results) else 1)
