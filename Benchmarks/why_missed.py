#!/usr/bin/env python3
"""Why each labelled action the session did not credit was missed (issue 33, Benchmarks/RESULTS.md).

Scores every clip of the manifest into TRACES/<clip>.csv (`liveness score --trace`, each clip's
seed and configuration), then, for each labelled blink and turn of a counted confidence inside the
scan (from the autoshot to the frame that ended the session, +-toleranceMs), says: credited or creditable
(`creditable`, a blink at its closed frame, a turn turned the labelled way), else the rules that refused it there (the trace's
`refused` column, the commonest), else how far its measure got (the largest closure or yaw from
neutral inside the label), or that no face was found; and, whatever the rules made of it, what the
measures read inside the label (`reads`: what a change of rule could reach and what needs a better
measure). Prints one line per action missed and the counts.
Usage: Benchmarks/why_missed.py TRACES   (after `make build` and the derived clips)
"""
import collections, csv, json, os, subprocess, sys
from blink_bounds import lid_travel

here = os.path.dirname(os.path.abspath(__file__))
manifest = json.load(open(os.path.join(here, 'manifest.json')))
roots = {'data': os.path.join(here, manifest['data']), 'derived': os.path.join(here, manifest['derived'])}
tolerance = manifest.get('toleranceMs', 100)
counted = set(manifest.get('positiveConfidences', ['eye-checked']))


def resolve(spec):
    root, path = spec.split(':', 1)
    return os.path.join(roots[root], path)


def score(clip, traces):
    config = os.path.join(traces, clip['name'] + '.config.json')
    json.dump(clip.get('config', {}), open(config, 'w'))
    subprocess.run([os.path.join(here, '..', '.build', 'release', 'liveness'), 'score', resolve(clip['video']),
                    '--seed', str(clip.get('seed', 1)), '--config', config, '--trace', os.path.join(traces, clip['name'] + '.csv')],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return list(csv.DictReader(open(os.path.join(traces, clip['name'] + '.csv'))))


def agrees(row, direction):
    """A turned frame finds a labelled turn only turned the labelled way (as the bench counts)."""
    if not direction or not row['neutralYaw']:
        return True
    turned = float(row['yaw']) - float(row['neutralYaw'])
    return turned < 0 if direction == 'image-left' else turned > 0


def why(action, rows, start, end, direction=None):
    """Why the labelled `action` in [start, end] ms was missed; 'credited' when it was not."""
    def inside(ms):
        return start <= float(ms) <= end
    for r in rows:
        if action in r['creditable'].split() and inside(r['blinkSeenMs'] if action == 'blink' and r['blinkSeenMs'] else r['ms']) \
                and (action == 'blink' or agrees(r, direction)):
            return 'credited'
    refusals = [entry.split(':', 1)[1] for r in rows for entry in r['refused'].split()
                if entry.startswith(action + '@') and inside(entry.split('@', 1)[1].split(':', 1)[0])]
    if refusals:
        return 'refused ' + collections.Counter(refusals).most_common(1)[0][0]
    frames = [r for r in rows if inside(r['ms']) and r['faceFound'] == '1']
    if not frames:
        return 'no face'
    if action == 'blink':
        return 'not reached, closure at most %.2f' % max(float(r['closure']) for r in frames if r['closure'])
    # Toward the labelled side (either side when the label names none).
    sign = {'image-left': -1, 'image-right': 1}.get(direction)
    turned = [(float(r['yaw']) - float(r['neutralYaw'])) * sign if sign else abs(float(r['yaw']) - float(r['neutralYaw']))
              for r in frames if r['neutralYaw']]
    return 'not reached, yaw from neutral at most %.1f the labelled way' % max(turned) if turned else 'not reached'


def reads(action, rows, start, end):
    """What the measures read inside the label (+-tolerance), whatever the rules made of it: for a
    blink the largest closure, the lids' largest down-and-up by their flow to the label's end (eye
    widths, `lid_travel`: as `BlinkEvent` looks for it) and the largest |yaw|; for a turn
    the largest frame-to-frame yaw step (the pose fit's noise beside the turn's size); and the
    frames with a face."""
    inside = [r for r in rows if start <= float(r['ms']) <= end]
    faced = [r for r in inside if r['faceFound'] == '1' and r['yaw']]
    text = f'face {len(faced)}/{len(inside)}'
    if not faced:
        return text
    yaws = [float(r['yaw']) for r in faced]
    if action == 'turnHead':
        steps = [abs(b - a) for a, b in zip(yaws, yaws[1:])]
        return text + (f', yaw step at most {max(steps):.1f}' if steps else '')
    positions, total = [], 0.0
    for r in faced:
        total += float(r['lidDescent']) if r['lidDescent'] else 0.0
        positions.append((float(r['ms']), total))
    best = lid_travel(positions, start, float('inf'), float('inf'))
    closures = [float(r['closure']) for r in faced if r['closure']]
    return text + f', closure at most {max(closures):.2f}, lids down {best[0]:.3f} up {best[1]:.3f}, |yaw| at most {max(map(abs, yaws)):.0f}'


def main(traces):
    os.makedirs(traces, exist_ok=True)
    tally = {'blink': collections.Counter(), 'turnHead': collections.Counter()}
    for clip in manifest['clips']:
        if 'labels' not in clip:
            continue
        rows = score(clip, traces)
        scanning = [r for r in rows if r['state'] == 'scanning']
        if not scanning:
            continue
        scan_start = float(scanning[0]['ms'])
        # The rules read on while the snapshot is looked for: to the frame that ended the session.
        ended = [r for r in rows if r['state'] == 'ended']
        scan_end = float(ended[0]['ms']) if ended else float(rows[-1]['ms'])
        labels = json.load(open(resolve(clip['labels'])))
        for action, key in (('blink', 'blinks'), ('turnHead', 'turns')):
            for label in labels.get(key, []):
                if label['confidence'] not in counted or label['endMs'] < scan_start or label['startMs'] > scan_end:
                    continue
                span = (label['startMs'] - tolerance, label['endMs'] + tolerance)
                reason = why(action, rows, *span, label.get('direction'))
                tally[action][reason.split(',')[0]] += 1
                if reason != 'credited':
                    print(f"{clip['name']:36s} {action:8s} {label['startMs']:8.0f} {label['endMs']:8.0f}  {reason}"
                          f"  [read: {reads(action, rows, *span)}]")
    for action, counts in tally.items():
        print(f"{action}: {sum(counts.values())} labelled in the scan: " + ', '.join(f'{n} {k}' for k, n in counts.most_common()))


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
