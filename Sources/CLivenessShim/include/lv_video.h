// Frames from a video file or a camera, with their presentation timestamps.
#ifndef LV_VIDEO_H
#define LV_VIDEO_H

#include "lv_image.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lv_video lv_video;

typedef struct {
    int width, height;        // as decoded, before any rotation
    double fps;               // as the container declares it (0 when unknown)
    long long frame_count;    // as the container declares it (may be wrong or 0)
    int rotation_degrees;     // rotation metadata (0, 90, 180, 270); OpenCV's own auto-rotation is off
    char codec[8];            // FourCC as text, "" when unknown
} lv_video_info;

// Opens a file through OpenCV's FFmpeg backend. Fails with LV_ERR_OPEN or LV_ERR_FORMAT.
lv_status lv_video_open_file(const char *path, lv_video **out, lv_video_info *info, lv_error *error);
// The time the file's header says its video spans, in ms, from its first frame: the container's
// duration less its start time (OpenCV counts frames from the duration alone, so a Matroska file
// starting at 600 s "declares" 600 s of frames more than it has), or, when the file's packets
// reach that duration, the video's own last packet (audio may outlast the video). 0 when unknown.
double lv_video_declared_span_ms(const char *path);

// Opens camera `index` (V4L2, /dev/video<index>), asking for `width` x `height` when both are > 0.
// Fails with LV_ERR_OPEN, saying whether the device is missing or could not be opened.
lv_status lv_video_open_camera(int index, int width, int height, lv_video **out, lv_video_info *info,
                               lv_error *error);

// Reads the next frame into `frame` (BGR). `*got_frame` is 0 at the end of the stream.
// `*timestamp_ms` is OpenCV's CAP_PROP_POS_MSEC after the read, unmodified (it can be 0 or
// go backwards at the end of some files; the Swift side repairs it).
lv_status lv_video_read(lv_video *video, lv_image *frame, double *timestamp_ms, int *got_frame,
                        lv_error *error);

void lv_video_close(lv_video *video);

#ifdef __cplusplus
}
#endif
#endif
