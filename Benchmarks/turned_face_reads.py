#!/usr/bin/env python3
"""What the landmark fit reads on turned faces (issue 45, Benchmarks/RESULTS.md).

Traces every genuine github clip whole into TRACES/<clip>.csv (`liveness score --trace`, fitted
guide, no autoshot, so no session ends early), then prints three tables:
- each eye-checked turn whose label gives its peak: the peak yaw from the turn's start by the
  label, the largest the fit reads (from the median yaw of the 300 ms before the turn), and the
  frames with a face;
- the eye-checked blinks by the largest |yaw| around them (+-100 ms): how many reach closure 0.22
  and their median peak closure;
- the frames outside every labelled blink (+-300 ms) by |yaw|: how often the closure reads 0.22
  or more there.
Usage: Benchmarks/turned_face_reads.py TRACES   (after `make build`)
"""
import collections, csv, glob, json, os, statistics, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
liveness = os.path.join(here, '..', '.build', 'release', 'liveness')
clips = os.path.join(here, json.load(open(os.path.join(here, 'manifest.json')))['data'], 'github_selfie_clips')
BINS = ('<15', '15-25', '25-35', '>=35')


def yaw_bin(yaw):
    return '<15' if yaw < 15 else '15-25' if yaw < 25 else '25-35' if yaw < 35 else '>=35'


def traced(traces):
    """(clip name, labels, trace rows) of every genuine clip, scoring the missing traces."""
    config = os.path.join(traces, 'whole-clip.json')
    with open(config, 'w') as f:
        json.dump({'fittedGuide': True, 'framesToAutoshot': 1000}, f)
    for path in sorted(glob.glob(os.path.join(clips, 'labels', '*.json'))):
        labels = json.load(open(path))
        if labels.get('kind') != 'genuine':
            continue
        name = os.path.basename(path)[:-5]
        trace = os.path.join(traces, name + '.csv')
        if not os.path.exists(trace):
            video = os.path.join(clips, labels['video'])
            subprocess.run([liveness, 'score', video, '--seed', '1', '--config', config, '--trace', trace],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        yield name, labels, list(csv.DictReader(open(trace)))


def main(traces):
    os.makedirs(traces, exist_ok=True)
    turns, blinks = [], []
    outside = collections.OrderedDict((b, [0, 0]) for b in BINS)
    for name, labels, rows in traced(traces):
        def between(a, b):
            return [r for r in rows if a <= float(r['ms']) <= b]
        for t in labels.get('turns', []):
            if t.get('confidence') != 'eye-checked' or t.get('peakYawFromStartDeg') is None:
                continue
            inside = between(t['startMs'], t['endMs'])
            before = [float(r['yaw']) for r in between(t['startMs'] - 300, t['startMs']) if r['yaw']]
            yaws = [float(r['yaw']) for r in inside if r['yaw']]
            start = statistics.median(before) if before else None
            peak = max(abs(y - start) for y in yaws) if yaws and start is not None else None
            turns.append((name, t['startMs'], t['peakYawFromStartDeg'], peak, sum(r['faceFound'] == '1' for r in inside), len(inside)))
        spans = []
        for b in labels.get('blinks', []):
            spans.append((b['startMs'] - 300, b['endMs'] + 300))
            if b.get('confidence') != 'eye-checked':
                continue
            inside = [r for r in between(b['startMs'] - 100, b['endMs'] + 100) if r['faceFound'] == '1' and r['closure']]
            blinks.append((name, b['startMs'], max((float(r['closure']) for r in inside), default=None),
                           max((abs(float(r['yaw'])) for r in inside if r['yaw']), default=None)))
        for r in rows:
            if r['faceFound'] != '1' or not r['closure'] or not r['yaw'] or any(a <= float(r['ms']) <= b for a, b in spans):
                continue
            tally = outside[yaw_bin(abs(float(r['yaw'])))]
            tally[0] += 1
            tally[1] += float(r['closure']) >= 0.22

    print('| clip | turn at (ms) | labelled peak (deg from start) | fit reads | frames with a face |')
    print('|---|---|---|---|---|')
    for name, at, labelled, peak, found, frames in turns:
        print(f"| {name} | {at:.0f} | {labelled:.1f} | {'-' if peak is None else f'{peak:.1f}'} | {found} of {frames} |")
    print('\n| max abs yaw at the blink | blinks | closure reaches 0.22 | median peak closure |')
    print('|---|---|---|---|')
    for b in BINS:
        group = [x for x in blinks if x[2] is not None and yaw_bin(x[3]) == b]
        if group:
            print(f'| {b} | {len(group)} | {sum(x[2] >= 0.22 for x in group)} | {statistics.median(x[2] for x in group):.2f} |')
    print(f'| no face on its frames | {sum(x[2] is None for x in blinks)} | - | - |')
    for name, at, closure, yaw in blinks:
        if yaw is not None and yaw >= 25:
            print(f'  {name} {at:.0f} ms: closure {closure:.2f} at |yaw| up to {yaw:.1f}')
    print('\n| abs yaw | frames with a face outside blinks | closure >= 0.22 | share |')
    print('|---|---|---|---|')
    for b, (frames, closed) in outside.items():
        print(f'| {b} | {frames} | {closed} | {closed / frames if frames else 0:.3f} |')


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[-1])
    main(sys.argv[1])
