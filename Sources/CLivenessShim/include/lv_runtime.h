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

#ifdef __cplusplus
}
#endif
#endif
