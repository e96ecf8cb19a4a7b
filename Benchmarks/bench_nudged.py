#!/usr/bin/env python3
"""The bench's own noise: the same manifest benched under nudges no user would notice (a confirmation
every 99 ms instead of 100, a face resized to 101 px instead of 100 before HOG looks at it, ...),
for one build or several side by side (issue 45, Benchmarks/RESULTS.md).

The landmark fit starts from a box the tracker places from the fit before, so a change anywhere in
where or when a face is found moves the landmarks of every frame after it, and with them blinks and
turns that sit near a bound. One bench run is one draw of that; the spread over the nudges says how
far a figure moves by chance, and the mean over them is what a change should be judged on beside
the one draw at the defaults.

Runs `BUILD bench MANIFEST --quiet --json` once per build and nudge (each clip's own configuration
with the nudge added), keeps each result as OUTDIR/NAME-DIGEST-NUDGE.json, DIGEST the start of the
build's SHA-256 (a result already there for that very binary is reused; a rebuilt one is benched
anew), and prints per build the figures that decide and their guards: each nudge's value, the
mean and the range.

Usage: Benchmarks/bench_nudged.py MANIFEST OUTDIR NAME=BUILD [NAME=BUILD ...]
"""
import hashlib, json, os, subprocess, sys

# (name, configuration group or None for the top level, key, value): each a change of a setting
# by about 1 % or 1 ms, inside what its own comment measured.
NUDGES = [
    ('defaults', None, None, None),
    ('confirm99', 'tracking', 'confirmIntervalMs', 99),
    ('fullSearch1001', 'tracking', 'fullSearchIntervalMs', 1001),
    ('hogWidth101', 'search', 'hogFaceWidth', 101),
    ('lostWidth49', 'search', 'lostFaceWidth', 49),
]
FIGURES = ['clips.blinkActionRecall', 'clips.turnActionRecall', 'clips.eyeCheckedTurnActionRecall', 'attacks.bpcer',
           'clips.blinkPrecision', 'clips.turnPrecision', 'clips.sameDecisions', 'clips.hogOnlyFrames']
PICTURES = 'attacks.apcer.'


def nudged_manifest(manifest_path, outdir, nudge):
    """The manifest with `nudge` in every clip's configuration, its data roots made absolute."""
    name, group, key, value = nudge
    manifest = json.load(open(manifest_path))
    here = os.path.dirname(os.path.abspath(manifest_path))
    for root in ('data', 'derived'):
        if root in manifest:
            manifest[root] = os.path.normpath(os.path.join(here, manifest[root]))
    if key is not None:
        for clip in manifest['clips']:
            config = clip.setdefault('config', {})
            (config.setdefault(group, {}) if group else config)[key] = value
    path = os.path.join(outdir, f'manifest-{name}.json')
    json.dump(manifest, open(path, 'w'), indent=1)
    return path


def digest(build):
    """The build's identity: the start of its SHA-256."""
    with open(build, 'rb') as f:
        return hashlib.sha256(f.read()).hexdigest()[:12]


def bench(build, manifest, result):
    if os.path.exists(result) and os.path.getsize(result) > 0:
        return json.load(open(result))
    run = subprocess.run([build, 'bench', manifest, '--quiet', '--json'], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # 0: every floor held; 1: a floor broken (a nudge may well break one). Anything else is no result.
    if run.returncode not in (0, 1):
        sys.exit(f'bench_nudged.py: {build} bench {manifest} exited {run.returncode}: {run.stderr.strip()[-500:]}')
    open(result, 'w').write(run.stdout)
    return json.loads(run.stdout)


def main(manifest, outdir, builds):
    os.makedirs(outdir, exist_ok=True)
    manifests = {n[0]: nudged_manifest(manifest, outdir, n) for n in NUDGES}
    names = [n[0] for n in NUDGES]
    for label, build in builds:
        values, build_digest = {}, digest(build)
        for nudge in names:
            result = bench(build, manifests[nudge], os.path.join(outdir, f'{label}-{build_digest}-{nudge}.json'))
            values[nudge] = {m['name']: m['value'] for m in result['metrics']}
        print(f'### {label} (`{build}`, sha256 {build_digest}...)\n')
        print('| figure | ' + ' | '.join(names) + ' | mean | range |')
        print('|---|' + '---|' * (len(names) + 2))
        pictures = sorted({k for v in values.values() for k in v if k.startswith(PICTURES) and not k.endswith('replay')})
        for figure in FIGURES + ['pictures: highest APCER']:
            if figure.startswith('pictures'):
                row = [max((values[n].get(k, 0) for k in pictures), default=0) for n in names]
            else:
                row = [values[n].get(figure) for n in names]
            known = [x for x in row if x is not None]
            mean = sum(known) / len(known) if known else None
            spread = f'{min(known):.4g}-{max(known):.4g}' if known else '-'
            cells = ['-' if x is None else f'{x:.4g}' for x in row]
            print(f'| `{figure}` | ' + ' | '.join(cells) + f" | {'-' if mean is None else f'{mean:.4g}'} | {spread} |")
        print()


if __name__ == '__main__':
    args = sys.argv[1:]
    if len(args) < 3 or not all('=' in a for a in args[2:]):
        sys.exit(__doc__)
    builds = [tuple(a.split('=', 1)) for a in args[2:]]
    for path in [args[0]] + [b for _, b in builds]:
        if not os.path.isfile(path):
            sys.exit(f'bench_nudged.py: no such file: {path}')
    main(args[0], args[1], builds)
