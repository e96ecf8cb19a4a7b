#!/usr/bin/env python3
"""The lid-timed blink event's evidence (issue 33, Benchmarks/RESULTS.md "the event timed by the
lids' own motion").

Replays BlinkEvent and EyesSeenOpen on the traces `lid_travel.py TRACES` makes (every clip of the
manifest, its seed and configuration, no turn or cap ending the session; the trace's columns do
not depend on the blink rule): a closing starts on a closed frame once the eyes were seen open
since the autoshot; one shut longer than blinkMaxClosedMs ends and the next starts on that frame;
a reopened closing that meets a closed frame after eyes seen open again ends; the lids' event is
their descent and rise by the travel each within the window W ending on a frame of the closing,
the lowest point inside it; the blink is given once the closure reopens, credited on the closing's
first closed frame that may count (a continued closing: the first after the lids' descent began).
Prints, for W swept, the credits inside labelled blinks (eye-checked or model-agree, +-150 ms),
outside every label on the genuine clips, and on the attack clips; the least W each credit needs;
and the travel bound swept at W = blinkMaxClosedMs.
Usage: Benchmarks/lid_event.py TRACES   (after `Benchmarks/lid_travel.py TRACES` made them)
"""
import csv, json, os, sys
from lid_travel import manifest, roots, number

CLOSED, OPEN, SEEN_MS, MAX_CLOSED_MS, WAIT_MS, MAX_YAW, TOLERANCE, TRAVEL = 0.22, 0.11, 40, 500, 300, 25, 150, 0.065


def lid_event(positions, start, travel):
    """(down, up, where the descent began) of the best lowest point at or after `start`."""
    now, highest, best = positions[-1][1], float('inf'), (0.0, 0.0, 0)
    for k, (ms, p) in enumerate(positions):
        highest = min(highest, p)
        if ms >= start and min(p - highest, p - now) > min(best[0], best[1]):
            best = (p - highest, p - now, k)
    lowest = positions[best[2]][1]
    above = [ms for ms, p in positions[:best[2] + 1] if lowest - p >= travel]
    return best[0], best[1], above[-1] if above else positions[best[2]][0]


def blinks(rows, window, travel):
    """The credited closed frames (ms) of one trace."""
    out, seen, again, open_since, positions, c = [], False, False, None, [], None
    for r in rows:
        ms, closure, yaw, lid = float(r['ms']), number(r['closure']), number(r['yaw']), number(r['lidDescent'])
        readable = closure is not None and yaw is not None and abs(yaw) < MAX_YAW
        if closure is None or lid is None:
            positions, c = [], None
        else:
            counts = readable and r['inCircle'] == '1' and (number(r['cameraDegPerSec']) or 0) <= 5 and 'blink' not in r['cut']
            positions.append((ms, (positions[-1][1] if positions else 0) + lid))
            positions = [(t, p) for t, p in positions if ms - t <= window]
            closed, shut = closure >= CLOSED, ms
            if c and c['reopened'] is not None and closed and again:
                c = None
            if c and c['reopened'] is None and closed and ms - c['start'] > MAX_CLOSED_MS:
                shut, c = c['shut'], None
            if c is None:
                if closed and seen:
                    c = dict(start=ms, shut=shut, counted=[ms] if counts else [], reopened=None, event=None)
            else:
                if closed:
                    c['reopened'] = None
                    if counts:
                        c['counted'].append(ms)
                elif c['reopened'] is None:
                    c['reopened'] = ms
                down, up, began = lid_event(positions, c['start'], travel)
                if c['event'] is None and down >= travel and up >= travel:
                    c['event'] = began
                if c['reopened'] is not None and c['event'] is not None:
                    credit = [t for t in c['counted'] if t > c['event']] if c['shut'] < c['start'] else c['counted']
                    if credit:
                        out.append(credit[0])
                        c, positions = None, []
                if c and c['reopened'] is not None and ms - c['reopened'] > WAIT_MS:
                    c = None
        if readable:
            open_since = (open_since if open_since is not None else ms) if closure < OPEN else None
            if open_since is not None and ms - open_since >= SEEN_MS:
                seen = again = True
            if closure >= CLOSED:
                again = False
        else:
            open_since = None
    return out


def main(traces):
    clips = []
    for clip in manifest['clips']:
        trace = os.path.join(traces, clip['name'] + '.csv')
        if not os.path.exists(trace):
            continue
        labels = []
        if 'labels' in clip:
            root, path = clip['labels'].split(':', 1)
            labels = json.load(open(os.path.join(roots[root], path))).get('blinks', [])
        rows = [r for r in csv.DictReader(open(trace)) if r['state'] == 'scanning']
        clips.append((clip['name'], bool(clip.get('attack')), labels, rows))

    def kind(attack, labels, ms):
        if attack:
            return 'attack'
        near = [b for b in labels if b['startMs'] - TOLERANCE <= ms <= b['endMs'] + TOLERANCE]
        if near and all(b.get('confidence') not in ('eye-checked', 'model-agree') for b in near):
            return 'uncertain'
        return 'blink' if near else 'outside'

    def credits(window, travel):
        return {(name, round(ms), kind(attack, labels, ms)) for name, attack, labels, rows in clips for ms in blinks(rows, window, travel)}

    least = {}
    for window in range(300, 1010, 10):
        found = credits(window, TRAVEL)
        for credit in found:
            least.setdefault(credit, window)
        if window % 100 == 0 or window in (450, 550):
            n = lambda k: sum(1 for f in found if f[2] == k)
            print(f'W {window:4} ms: labelled blinks {n("blink")}, outside {n("outside")}, attack clips {n("attack")}')
    print('the least W each credit needs (blinks needing more than 300 ms, and every other credit):')
    for (name, ms, k), window in sorted(least.items(), key=lambda x: (x[0][2], x[1])):
        if k != 'blink' or window > 300:
            print(f'  {k:8} {window:4} ms  {name} {ms} ms')
    for travel in (0.05, 0.055, 0.06, 0.065, 0.07, 0.075):
        found = credits(MAX_CLOSED_MS, travel)
        n = lambda k: sum(1 for f in found if f[2] == k)
        print(f'travel {travel:.3f} at W {MAX_CLOSED_MS}: labelled blinks {n("blink")}, outside {n("outside")}, attack clips {n("attack")}')


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
