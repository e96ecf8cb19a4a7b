#!/usr/bin/env python3
"""The blink bound's evidence (issue 33, Benchmarks/RESULTS.md "the lids' own motion").

Scores every clip of the manifest into TRACES/<clip>.csv (`liveness score --trace`, each clip's
seed and configuration, with the blink's travel bound off and no turn or cap ending the session,
so that every candidate shows), then replays the event rule of BlinkEvent on them (a closing from eyes seen open that reopens within
blinkMaxClosedMs, with a closed frame that may count; the lids' travel down and back up from the
trace's lidDescent), without the bound. Prints each candidate's smaller travel, whether it lies
inside a labelled blink (eye-checked or model-agree, +-150 ms), and the bound chosen on every
person but one, checked on that one (leave one person out).
Usage: Benchmarks/lid_travel.py TRACES [CONFIG]   (after `make build` and the derived clips)
CONFIG: a JSON object merged into every clip's configuration, section by section, to measure the
same with a setting changed, e.g. '{"measures": {"lidFlowEyeWidthPx": 32}}'.
"""
import csv, json, os, re, subprocess, sys

CLOSED, OPEN, SEEN_MS, MAX_CLOSED_MS, WINDOW_MS, MAX_YAW, TOLERANCE = 0.22, 0.11, 40, 500, 300, 25, 150
here = os.path.dirname(os.path.abspath(__file__))
manifest = json.load(open(os.path.join(here, 'manifest.json')))
roots = {'data': os.path.join(here, manifest['data']), 'derived': os.path.join(here, manifest['derived'])}


OPEN_SESSION = {"turnDegrees": 90, "turnHoldFrames": 1000, "capMs": 100000, "blinkMinLidTravel": 0}


def merged(base, extra):
    """`base` with `extra`'s keys, a section (an object) merged key by key."""
    out = dict(base)
    for key, value in extra.items():
        out[key] = merged(out.get(key, {}), value) if isinstance(value, dict) else value
    return out


def make_traces(traces, extra=None):
    os.makedirs(traces, exist_ok=True)
    for clip in manifest['clips']:
        root, path = clip['video'].split(':', 1)
        config = os.path.join(traces, clip['name'] + '.config.json')
        json.dump(merged({**clip.get('config', {}), **OPEN_SESSION}, extra or {}), open(config, 'w'))
        run = subprocess.run([os.path.join(here, '..', '.build', 'release', 'liveness'), 'score', os.path.join(roots[root], path),
                              '--seed', str(clip.get('seed', 1)), '--config', config, '--trace', os.path.join(traces, clip['name'] + '.csv')],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        # 0 passed, 1 did not pass: anything else (a configuration refused, a missing model) would
        # leave the clip out of the evidence without a word.
        if run.returncode not in (0, 1):
            sys.exit(f"lid_travel.py: {clip['name']} was not scored (exit {run.returncode}): {run.stderr.strip()}")


def number(x):
    return float(x) if x not in ('', None) else None


def candidates(trace):
    """(closed frame ms, travel down, travel up) of every closing the event rule would judge."""
    found, seen, open_since, positions, closing = [], False, None, [], None
    for r in csv.DictReader(open(trace)):
        if r['state'] != 'scanning':
            continue
        ms, c, yaw, lid = float(r['ms']), number(r['closure']), number(r['yaw']), number(r['lidDescent'])
        readable = c is not None and yaw is not None and abs(yaw) < MAX_YAW
        counts = readable and c >= CLOSED and r['inCircle'] == '1' and (number(r['cameraDegPerSec']) or 0) <= 5 and 'blink' not in r['cut']
        if c is None or lid is None:
            positions, closing = [], None
        else:
            position = (positions[-1][1] if positions else 0) + lid
            before = min(p for _, p in positions) if positions else 0
            positions = [(t, p) for t, p in positions + [(ms, position)] if ms - t <= WINDOW_MS]
            if closing is not None and closing['reopened'] is not None and c >= CLOSED and seen:
                closing = None  # eyes seen open again: a new closing
            if closing is None:
                if c >= CLOSED and seen:
                    closing = dict(start=ms, before=before, lowest=position, credit=ms if counts else None, reopened=None, up=0)
            else:
                closing['lowest'] = max(closing['lowest'], position)
                if c >= CLOSED:
                    closing['reopened'] = None
                    closing['credit'] = closing['credit'] or (ms if counts else None)
                elif closing['reopened'] is None:
                    closing['reopened'] = ms
                if closing['reopened'] is not None:
                    closing['up'] = max(closing['up'], closing['lowest'] - position)
                    if ms - closing['reopened'] >= WINDOW_MS:
                        if closing['credit'] is not None:
                            found.append((closing['credit'], closing['lowest'] - closing['before'], closing['up']))
                        closing = None
                elif ms - closing['start'] > MAX_CLOSED_MS:
                    closing = None
        if not readable:
            open_since = None
            continue
        open_since = (open_since if open_since is not None else ms) if c < OPEN else None
        if open_since is not None and ms - open_since >= SEEN_MS:
            seen = True
        if c >= CLOSED:
            seen = False
    return found


def person(clip):
    """Whose face it is: a clip and its derived copies are one person."""
    name = re.sub(r'_(fitted|10fps|60fps|vfr|rot90|rot180|rot270|offcentre|tooclose)', '', clip)
    return {'real': 'real.mov', 'face_noface': 'single_face', 'grid_padded': 'grid', 'grid_closed_start': 'grid'}.get(name, name)


def main(traces):
    rows = []
    for clip in manifest['clips']:
        trace = os.path.join(traces, clip['name'] + '.csv')
        if clip.get('attack') or 'labels' not in clip or not os.path.exists(trace):
            continue
        root, path = clip['labels'].split(':', 1)
        blinks = json.load(open(os.path.join(roots[root], path))).get('blinks', [])
        for ms, down, up in candidates(trace):
            near = [b for b in blinks if b['startMs'] - TOLERANCE <= ms <= b['endMs'] + TOLERANCE]
            if near and all(b.get('confidence') not in ('eye-checked', 'model-agree') for b in near):
                continue  # an uncertain label: neither side
            rows.append((person(clip['name']), clip['name'], ms, min(down, up), bool(near)))
    for r in sorted(rows, key=lambda r: (r[4], r[3])):
        print(f"{'blink  ' if r[4] else 'outside'} {r[3]:7.3f}  {r[1]} {r[2]:.0f} ms")

    def percentile(values, q):
        v = sorted(values)
        k = q * (len(v) - 1)
        return v[int(k)] + (v[min(int(k) + 1, len(v) - 1)] - v[int(k)]) * (k - int(k))

    def bound(rs):  # the middle between most misreadings and most blinks
        return (percentile([r[3] for r in rs if not r[4]], 0.75) + percentile([r[3] for r in rs if r[4]], 0.10)) / 2

    print(f'bound on every person: {bound(rows):.3f}')
    lost = kept = 0
    for p in sorted({r[0] for r in rows}):
        b = bound([r for r in rows if r[0] != p])
        mine = [r for r in rows if r[0] == p]
        l = [r for r in mine if r[4] and r[3] < b]
        k = [r for r in mine if not r[4] and r[3] >= b]
        lost, kept = lost + len(l), kept + len(k)
        print(f'leave out {p:20} bound {b:.3f}: blinks lost {len(l)} of {sum(r[4] for r in mine)}, '
              f'misreadings kept {len(k)} of {sum(not r[4] for r in mine)}')
    print(f'left out in turn: blinks lost {lost} of {sum(r[4] for r in rows)}, misreadings kept {kept} of {sum(not r[4] for r in rows)}')


def setting(text):
    """The CONFIG argument: a JSON object, or the script stops saying what is wrong with it."""
    try:
        extra = json.loads(text)
    except json.JSONDecodeError as e:
        sys.exit(f'lid_travel.py: CONFIG is not JSON ({e}): {text}')
    if not isinstance(extra, dict):
        sys.exit(f'lid_travel.py: CONFIG must be a JSON object, like {{"measures": {{"lidFlowEyeWidthPx": 32}}}}: {text}')
    return extra


if __name__ == '__main__':
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    make_traces(sys.argv[1], setting(sys.argv[2]) if len(sys.argv) == 3 else None)
    main(sys.argv[1])
