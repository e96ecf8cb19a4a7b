#!/usr/bin/env python3
"""How long Ctrl-C takes to end a batch and every worker it started (issue 34).

Starts `liveness score CLIP CLIP --jobs 2` in a process group of its own, sends SIGINT to the
group (as a terminal's Ctrl-C does) DELAY seconds in, and prints the time until the coordinator
exits and whether any process of the group is left.
Usage: Benchmarks/batch_stop_time.py CLIP CLIP DELAY...   (after `make build`)
"""
import os, signal, subprocess, sys, time

here = os.path.dirname(os.path.abspath(__file__))
if len(sys.argv) < 4:
    sys.exit(__doc__)
clips, delays = sys.argv[1:3], [float(x) for x in sys.argv[3:]]
output = '/tmp/liveness-batch-stop-%d.jsonl' % os.getpid()
for delay in delays:
    p = subprocess.Popen([os.path.join(here, '..', '.build', 'release', 'liveness'), 'score', *clips, '--jobs', '2', '--seed', '1',
                          '--output', output], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    time.sleep(delay)
    started = time.time()
    os.killpg(p.pid, signal.SIGINT)
    p.wait()
    took = time.time() - started
    left = subprocess.run(['pgrep', '-g', str(p.pid)], capture_output=True, text=True).stdout.split()
    print(f'SIGINT {delay:.1f} s in: exit {p.returncode} after {took * 1000:.0f} ms; processes left: {len(left)}')
    if os.path.exists(output):
        os.remove(output)
