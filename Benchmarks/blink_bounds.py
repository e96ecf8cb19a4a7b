#!/usr/bin/env python3
"""The blink's bounds, chosen leaving one person out (issue 44, Benchmarks/RESULTS.md).

Scores every clip of the manifest into TRACES/<clip>.csv (`liveness score --trace`, each clip's seed
and configuration, with no turn or cap ending the session, so that every closing shows; two clips
at a time; a trace already there is kept unless --make), then replays SPEC §2's blink as
`BlinkEvent` and `OpenEyeReference` judge it: the open eye and the fit's noise read on the frames
just before, a closing beyond `blinkNoiseMultiple` times that noise that reopens within
`blinkMaxClosedMs`, the lids' own motion down and up in the trace's `lidDescent` (a move inside
one long frame interval taken from the fit). Each blink credited is judged against the labels
(eye-checked or model-agree, +-toleranceMs; a credit inside an `uncertain` label is neither hit
nor false); a credit on a picture attack (any attack clip but a replay) is counted apart.

For each bound in turn, the others at their defaults: every value of its grid on every clip, the
value chosen on everyone, and per person the value chosen on everyone else (the most blinks
found with credits at least 90 % inside labels: `choose`) with that person's blinks credited,
missed and false credits at it; the credits on picture attacks beside each value.
Markdown on stdout.
Usage: Benchmarks/blink_bounds.py TRACES [--make]   (after `make build` and the derived clips; LIVENESS=BINARY
       traces another build)
"""
import csv, json, os, statistics, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

here = os.path.dirname(os.path.abspath(__file__))
manifest = json.load(open(os.path.join(here, 'manifest.json')))
roots = {'data': os.environ.get('LIVENESS_DATA', os.path.join(here, manifest['data'])), 'derived': os.path.join(here, manifest['derived'])}
tolerance = manifest.get('toleranceMs', 150)
# Another build's traces (a change to a measure the bounds read): LIVENESS=path/to/liveness.
liveness = os.environ.get('LIVENESS', os.path.join(here, '..', '.build', 'release', 'liveness'))
counted = set(manifest.get('positiveConfidences', ['eye-checked']))
OPEN_SESSION = {"turnDegrees": 90, "turnHoldFrames": 1000, "capMs": 100000}

# The engine's defaults (LivenessConfig), by the names the grids below use (maxAbsYaw is
# blinkMaxAbsYaw, "eyes unreadable"; openMaxAbsYaw is openEyeMaxAbsYaw, the open eye's frames).
DEFAULTS = dict(closure=0.22, maxAbsYaw=25, openMaxAbsYaw=25, noiseMultiple=6.0, reopenShare=0.5, maxClosedMs=500, minTravel=0.03,
                leadMs=200, riseWaitMs=150, oneIntervalMs=75, squintShare=0.35, percentile=0.8, windowMs=600,
                minSamples=2, noiseWindowMs=2000, cameraMax=5)
GRIDS = {'maxAbsYaw': [20, 25, 30, 35, 40, 45, 60, 90],
         'minTravel': [0.015, 0.02, 0.025, 0.03, 0.035, 0.04, 0.05, 0.06],
         'noiseMultiple': [3, 4, 5, 6, 7, 8, 10],
         'maxClosedMs': [300, 400, 500, 600, 700],
         'reopenShare': [0.3, 0.4, 0.5, 0.6, 0.7, 0.8],
         'windowMs': [300, 450, 600, 900, 1200],
         'leadMs': [100, 200, 300, 500],
         'oneIntervalMs': [60, 75, 90, 1000]}


def resolve(spec):
    root, path = spec.split(':', 1)
    return os.path.join(roots[root], path)


def make_trace(clip, traces, remake):
    trace = os.path.join(traces, clip['name'] + '.csv')
    if os.path.exists(trace) and not remake:
        return
    config = os.path.join(traces, clip['name'] + '.config.json')
    json.dump({**clip.get('config', {}), **OPEN_SESSION}, open(config, 'w'))
    run = subprocess.run([liveness, 'score', resolve(clip['video']),
                          '--seed', str(clip.get('seed', 1)), '--config', config, '--trace', trace],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    # 0 passed, 1 did not pass: anything else would leave the clip out of the evidence unsaid.
    if run.returncode not in (0, 1):
        sys.exit(f"blink_bounds.py: {clip['name']} was not scored (exit {run.returncode}): {run.stderr.strip()}")


def number(x):
    return float(x) if x not in ('', None) else None


def frames(trace):
    out = []
    for r in csv.DictReader(open(trace)):
        lids = [number(r[k]) for k in ('upperLidR', 'upperLidL', 'lowerLidR', 'lowerLidL')]
        out.append(dict(ms=float(r['ms']), lids=None if None in lids else lids, yaw=number(r['yaw']),
                        scan=r['state'] in ('scanning', 'choosingSnapshot'), inCircle=r['inCircle'] == '1',
                        camera=number(r['cameraDegPerSec']) or 0, cut='blink' in r['cut'].split(), descent=number(r['lidDescent'])))
    return out


def quantile(values, q):
    s = sorted(values)
    rank = q * (len(s) - 1)
    low, high = int(rank), min(int(rank) + 1, len(s) - 1)
    return s[low] + (s[high] - s[low]) * (rank - low)


def reference(history, ms, p):
    """`OpenEyeReference.reading`: the open lids and the fit's noise for a frame at `ms`."""
    recent = [lids for t, lids in history if ms - p['windowMs'] <= t < ms]
    if len(recent) < p['minSamples']:
        return [0.22, 0.22, None, None], 0.0
    open_lids = [quantile([l[k] for l in recent], p['percentile']) for k in range(4)]
    uppers = [(l[0] + l[1]) / 2 for t, l in history if ms - p['noiseWindowMs'] <= t < ms]
    steps = [abs(b - a) for a, b in zip(uppers, uppers[1:])]
    open_upper = (open_lids[0] + open_lids[1]) / 2
    return open_lids, (statistics.median(steps) / open_upper if steps and open_upper > 0 else 0.0)


def closure(lids, open_lids, p):
    """`eyeClosure`: the upper lids' fall against the open eye, less what a squint explains."""
    def rise(lower, open_lower):
        return min(max(1 - lower / open_lower, 0), 1) if open_lower else 0
    squint = p['squintShare'] * min(rise(lids[2], open_lids[2]), rise(lids[3], open_lids[3]))
    def one(upper, lower, open_upper, open_lower):
        too_high = max(lower - (open_lower if open_lower is not None else 0.095), 0)
        return min(max(1 - (upper + too_high) / open_upper - squint, 0), 1) if open_upper > 0 else 0
    return (one(lids[0], lids[2], open_lids[0], open_lids[2]) + one(lids[1], lids[3], open_lids[1], open_lids[3])) / 2


def lid_travel(positions, start, end, lead):
    """The lids' largest down-and-up: a lowest point in [start, end), the descent to it from the
    highest since `lead` before `start`, the rise from it to the last position."""
    if not positions:
        return 0.0, 0.0
    now, highest, best = positions[-1][1], float('inf'), (0.0, 0.0)
    for t, v in positions:
        if t < start - lead:
            continue
        highest = min(highest, v)
        if start <= t < end and min(v - highest, v - now) > min(best):
            best = (v - highest, v - now)
    return best


def blinks(rows, p):
    """The ms of every blink credited (`BlinkEvent`), the scan read to the clip's end."""
    history, out, closing, shut, positions, last_read, last_frame = [], [], None, False, [], None, None
    for f in rows:
        ms = f['ms']
        held = closing['reference'] if closing else None
        open_lids, noise = held or reference(history, ms, p)
        c = closure(f['lids'], open_lids, p) if f['lids'] else None
        readable = c is not None and f['yaw'] is not None and abs(f['yaw']) < p['maxAbsYaw']
        if f['scan']:
            if f['descent'] is None:
                positions = []
            else:
                if not positions:
                    positions.append((last_frame if last_frame is not None else ms, 0.0))
                positions.append((ms, positions[-1][1] + f['descent']))
                positions = [x for x in positions if ms - x[0] <= p['maxClosedMs'] + p['leadMs']]
            last_frame = ms
            if closing and closing['reopened'] is None and ms - closing['start'] > p['maxClosedMs']:
                closing, shut = None, True
            if readable:
                before, last_read = last_read, ms
                counts = f['inCircle'] and f['camera'] <= p['cameraMax'] and not (c >= p['closure'] and f['cut'])
                if closing is None:
                    if shut:
                        shut = c > p['reopenShare'] * p['closure']
                    elif c >= p['closure'] and c >= p['noiseMultiple'] * noise:
                        closing = dict(start=ms, reference=(open_lids, noise), before=before, last_closed=ms, deepest=c,
                                       credit=ms if counts else None, reopened=None, travel=(0.0, 0.0))
                elif closing['reopened'] is None and c > p['reopenShare'] * closing['deepest']:
                    closing['deepest'] = max(closing['deepest'], c)
                    closing['last_closed'] = ms
                    if c >= p['closure'] and closing['credit'] is None and counts:
                        closing['credit'] = ms
                else:
                    if closing['reopened'] is None:
                        closing['reopened'] = ms
                    travel = lid_travel(positions, closing['start'], closing['reopened'], p['leadMs'])
                    if min(travel) > min(closing['travel']):
                        closing['travel'] = travel
                    down, up = closing['travel']
                    in_one_down = closing['before'] is not None and closing['start'] - closing['before'] >= p['oneIntervalMs']
                    in_one_up = closing['reopened'] - closing['last_closed'] >= p['oneIntervalMs']
                    moved = max(down, up) >= p['minTravel'] and (down >= p['minTravel'] or in_one_down) \
                        and (up >= p['minTravel'] or in_one_up)
                    if moved or ms - closing['reopened'] >= p['riseWaitMs'] or c >= p['closure']:
                        if moved and closing['credit'] is not None:
                            out.append(closing['credit'])
                        closing = None
        if f['lids'] and f['yaw'] is not None and abs(f['yaw']) < p['openMaxAbsYaw'] and closing is None:
            history.append((ms, f['lids']))
            history = [h for h in history if ms - h[0] <= max(p['windowMs'], p['noiseWindowMs'])]
    return out


def person(clip):
    """Who is filmed: the label's `person`, a copy's source's, else the clip's own name."""
    if clip.get('sameDecisionsAs'):
        return person(next(c for c in manifest['clips'] if c['name'] == clip['sameDecisionsAs']))
    labels = json.load(open(resolve(clip['labels']))) if 'labels' in clip else {}
    return labels.get('person', clip['name'].removesuffix('_fitted'))


def judge(clips, p):
    """Per clip: eye-checked blinks in the scan found and missed, false credits; picture-attack credits."""
    out = {}
    for clip, rows, labels in clips:
        scan = [f['ms'] for f in rows if f['scan']]
        credits = blinks(rows, p) if scan else []
        if clip.get('attack'):
            out[clip['name']] = dict(picture=clip.get('kind') != 'replay', attackCredits=len(credits))
            continue
        def inside(ms, b):
            return b['startMs'] - tolerance <= ms <= b['endMs'] + tolerance
        eye = [b for b in labels if b['confidence'] == 'eye-checked' and scan and b['endMs'] + tolerance >= scan[0]]
        found = sum(1 for b in eye if any(inside(ms, b) for ms in credits))
        false = sum(1 for ms in credits if not any(inside(ms, b) for b in labels))
        out[clip['name']] = dict(person=person(clip), found=found, missed=len(eye) - found, false=false)
    return out


def totals(result, skip=None):
    genuine = [r for r in result.values() if 'person' in r and r['person'] != skip]
    return (sum(r['found'] for r in genuine), sum(r['found'] + r['missed'] for r in genuine), sum(r['false'] for r in genuine),
            sum(r['attackCredits'] for r in result.values() if r.get('picture')))


def choose(results, grid, skip=None):
    """Issue 44's order: the most genuine blinks found, among the values whose credits are at least
    90 % inside labelled blinks (else the most precise); ties to fewer false credits, then to the
    grid's middle. Picture attacks are kept out by SPEC §6, not by the blink's bounds: their
    credits are printed beside each value, and the bench holds every picture kind to APCER 0."""
    def score(v):
        found, _, false, _ = totals(results[v], skip)
        precise = found >= 0.9 * (found + false)
        return (precise, found if precise else -false, -false, -abs(grid.index(v) - len(grid) // 2))
    return max(grid, key=score)


def main(traces, remake):
    os.makedirs(traces, exist_ok=True)
    with ThreadPoolExecutor(2) as pool:
        list(pool.map(lambda c: make_trace(c, traces, remake), manifest['clips']))
    clips = [(c, frames(os.path.join(traces, c['name'] + '.csv')),
              json.load(open(resolve(c['labels']))).get('blinks', []) if 'labels' in c else []) for c in manifest['clips']]
    found, labelled, false, pictures = totals(judge(clips, DEFAULTS))
    print(f'At the defaults: {found} of {labelled} eye-checked blinks in the scan credited, {false} false credits, '
          f'{pictures} credits on picture attacks.\n')
    for name, grid in GRIDS.items():
        results = {v: judge(clips, {**DEFAULTS, name: v}) for v in grid}
        print(f'### `{name}` (default {DEFAULTS[name]}; chosen on everyone: {choose(results, grid)})\n')
        print('| value | found | false | picture credits |\n|---|---|---|---|')
        for v in grid:
            f, n, x, pc = totals(results[v])
            print(f'| {v} | {f}/{n} | {x} | {pc} |')
        print('\n| person left out | chosen on the others | found | missed | false |\n|---|---|---|---|---|')
        people = sorted({r['person'] for r in results[grid[0]].values() if 'person' in r})
        left_out = [0, 0, 0]
        for who in people:
            v = choose(results, grid, skip=who)
            mine = [r for r in results[v].values() if r.get('person') == who]
            row = [sum(r[k] for r in mine) for k in ('found', 'missed', 'false')]
            left_out = [a + b for a, b in zip(left_out, row)]
            print(f"| {who} | {v} | {row[0]} | {row[1]} | {row[2]} |")
        found, missed, false = left_out
        print(f'\nEach person judged at the value chosen without them: {found} of {found + missed} found '
              f'({found / max(found + missed, 1):.3f}), {false} false credits.\n')


if __name__ == '__main__':
    args = [a for a in sys.argv[1:] if a != '--make']
    if len(args) != 1:
        sys.exit(__doc__)
    main(args[0], '--make' in sys.argv)
