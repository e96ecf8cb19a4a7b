// Writing frames to a video file (the live command's recording), Motion-JPEG in an AVI container:
// OpenCV's own encoder, so it needs no FFmpeg encoder and plays almost everywhere.
#ifndef LV_WRITER_H
#define LV_WRITER_H

#include "lv_image.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lv_writer lv_writer;

// Creates (or truncates) `path` for `width` x `height` BGR frames at `fps` (> 0).
// Fails with LV_ERR_OPEN when the file cannot be created.
lv_status lv_writer_open(const char *path, int width, int height, double fps, lv_writer **out,
                         lv_error *error);

// Appends one 8-bit BGR frame of the size given to lv_writer_open.
lv_status lv_writer_write(lv_writer *writer, const lv_image *frame, lv_error *error);

// Finishes the file (writes the AVI index) and releases the writer.
void lv_writer_close(lv_writer *writer);

#ifdef __cplusplus
}
#endif
#endif
