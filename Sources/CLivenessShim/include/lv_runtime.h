// Process-wide settings of the libraries behind the shim.
#ifndef LV_RUNTIME_H
#define LV_RUNTIME_H

#ifdef __cplusplus
extern "C" {
#endif

// Stops OpenCV and FFmpeg from printing their own log lines on stderr, so a user sees only the
// engine's one-line errors. Call before the first video is opened; an OPENCV_LOG_LEVEL or
// OPENCV_FFMPEG_LOGLEVEL already set in the environment wins.
void lv_silence_library_logs(void);

// Asks the kernel to kill this process (SIGKILL) when its parent ends, so a worker never outlives
// the batch that started it (prctl's PR_SET_PDEATHSIG, which Swift cannot call: it is variadic).
// Returns 0, or -1 when the request failed or `parent` is no longer the parent.
int lv_end_with_parent(int parent);

#ifdef __cplusplus
}
#endif
#endif
