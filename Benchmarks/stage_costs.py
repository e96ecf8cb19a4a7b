#!/usr/bin/env python3
"""Where a frame's time goes, call by call (issue 47): `liveness score` on each clip, every frame
analysed ({"framesToAutoshot": 1000}), pinned to one core with OpenCV, FFmpeg and BLAS on one
thread, under `perf record` (DWARF call graphs, which walk through Debian's OpenCV where frame
pointers do not). Each sample of the frame loop is given to the first call below its stack holds,
and each of the report's stage timers (ms a frame, same runs) is split among its calls by their
samples. Some stacks still stop inside OpenCV or FFmpeg and are left out, so perf's own sample
counts are not times: the report's timers are, and the samples only share them out.

Usage: Benchmarks/stage_costs.py [RUNS] [CLIP...]   (after `make build`; needs perf)
       default clips: the speed clips of issue 47 (real.mov, single_face.mp4, not_expressive.mp4)
"""
import collections, json, os, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(here)
liveness = os.path.realpath(os.environ.get('LIVENESS', os.path.join(top, '.build', 'release', 'liveness')))
data = os.environ.get('LIVENESS_DATA', os.path.join(top, '..', 'shared', 'data'))
CLIPS = ['liveness_real_vs_spoof_samples/videos/real.mov', 'pyfeat_face_videos/single_face.mp4',
         'openwillis_selfie_videos/not_expressive.mp4']
HZ = 2000

# (stage, call, what the stack must hold): the first row whose names are all on a sample's stack
# takes it. Swift names are matched on their mangled fragments.
CALLS = [
    ('detect', 'gray conversion', ['lv_image_to_gray']),
    ('detect', 'confirm: Haar', ['FaceSearchC4near', 'lv_cascade_detect']),
    ('detect', 'confirm: HOG', ['FaceSearchC4near', 'lv_hog_detect']),
    ('detect', 'lost face: Haar', ['FaceSearchC10lookAround', 'lv_cascade_detect']),
    ('detect', 'lost face: HOG', ['FaceSearchC10lookAround', 'lv_hog_detect']),
    ('detect', 'whole frame: HOG sweep', ['wholeFrame', 'lv_hog_detect']),
    ('detect', 'whole frame: LBP/Haar', ['wholeFrame', 'lv_cascade_detect']),
    ('detect', 'whole frame: search copy', ['wholeFrame', 'lv_image_shrink']),
    ('detect', 'patch statistics', ['lv_image_region_stats']),
    ('landmarks', 'landmark fit', ['lv_predictor_fit']),
    ('motion', 'lid flow (Farneback)', ['lv_eye_flow']),
    ('motion', 'background corners and flow', ['lv_flow_track']),
    ('motion', 'background copy', ['lv_image_shrink']),
    ('motion', 'face and eye pixel samples', ['lv_image_sample']),
]


def profile(clip, config, perf_data):
    """The report of one perf-recorded run and its frame-loop samples, call by call."""
    env = dict(os.environ, OPENCV_FOR_THREADS_NUM='1', OPENCV_FFMPEG_CAPTURE_OPTIONS='threads;1',
               OPENBLAS_NUM_THREADS='1', OPENCV_LOG_LEVEL='ERROR')
    run = subprocess.run(['taskset', '-c', '1', 'perf', 'record', '-q', '--call-graph', 'dwarf,16384', '-F', str(HZ),
                          '-o', perf_data, liveness, 'score', clip, '--seed', '1', '--json', '--config', config],
                         env=env, capture_output=True, text=True)
    if run.returncode not in (0, 1):
        sys.exit(f'{clip}: liveness or perf failed ({run.returncode}): {run.stderr.strip()[-300:]}')
    report = json.loads(run.stdout)
    script = subprocess.run(['perf', 'script', '-i', perf_data, '-F', 'ip,sym'], capture_output=True, text=True).stdout
    counts = collections.Counter()
    for sample in script.split('\n\n'):
        stack = sample.strip()
        if 'StreamScorer' not in stack:
            continue  # model loading, the report, a stack cut short
        key = next((f'{stage}|{call}' for stage, call, names in CALLS if all(n in stack for n in names)), None)
        if key:
            counts[key] += 1
    return report, counts


def main(args):
    runs = int(args.pop(0)) if args and args[0].isdigit() else 1
    clips = args or [os.path.join(data, c) for c in CLIPS]
    with tempfile.TemporaryDirectory() as work:
        config = os.path.join(work, 'whole-clip.json')
        with open(config, 'w') as f:
            json.dump({'framesToAutoshot': 1000}, f)
        for clip in clips:
            total, timers, frames = collections.Counter(), collections.Counter(), 0
            for _ in range(runs):
                report, counts = profile(clip, config, os.path.join(work, 'perf.data'))
                total.update(counts)
                frames += report['frames']['processed']
                for stage, ms in report['timing']['msPerFrame'].items():
                    timers[stage] += ms / runs
            size = f'{report["input"]["width"]}x{report["input"]["height"]}'
            print(f'\n{os.path.basename(clip)} ({size}, {frames // runs} frames, {runs} run(s), {sum(total.values())} samples)\n')
            print('| stage | ms a frame | call | ms a frame |')
            print('|---|---|---|---|')
            for stage, ms in timers.items():
                if not ms:
                    continue
                mine = {key.split('|')[1]: n for key, n in total.items() if key.startswith(stage + '|')}
                calls = sorted(mine.items(), key=lambda kv: -kv[1]) if len(mine) > 1 else [('', 0)]
                for i, (call, n) in enumerate(calls):
                    split = f'{ms * n / sum(mine.values()):.2f}' if call else ''
                    print(f'| {stage if i == 0 else ""} | {f"{ms:.2f}" if i == 0 else ""} | {call} | {split} |')
            print(f'| all | {sum(timers.values()):.2f} | | |')

if __name__ == '__main__':
    main(sys.argv[1:])
