// An image (a cv::Mat behind an opaque handle): load, convert, rotate, resize, write.
#ifndef LV_IMAGE_H
#define LV_IMAGE_H

#include "lv_geometry.h"
#include "lv_status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lv_image lv_image;

// An empty image; the functions below fill it. Release with lv_image_destroy.
lv_image *lv_image_create(void);
void lv_image_destroy(lv_image *image);

// Width, height and channel count (0 x 0 when empty).
void lv_image_size(const lv_image *image, int *width, int *height, int *channels);

// Decodes a still (JPEG, PNG, ...) into `out` as 8-bit BGR.
lv_status lv_image_load(const char *path, lv_image *out, lv_error *error);

// The mean and standard deviation of the 8-bit gray `gray`'s pixels inside `box` (clipped to the
// image; both 0 when nothing of it is inside).
lv_status lv_image_region_stats(const lv_image *gray, lv_box box, double *mean, double *deviation, lv_error *error);

// The 8-bit gray `gray`'s pixels inside `box` shrunk (by area) to `side` x `side` bytes in `out`,
// row by row; parts of the box outside the image repeat its edge. `side` is 1..256.
lv_status lv_image_sample(const lv_image *gray, lv_box box, int side, unsigned char *out, lv_error *error);

// Encodes `image` as JPEG at `quality` (1-100).
lv_status lv_image_write_jpeg(const lv_image *image, const char *path, int quality, lv_error *error);

// Encodes `image` as PNG (lossless: plots and timelines).
lv_status lv_image_write_png(const lv_image *image, const char *path, lv_error *error);

// `gray` becomes the 8-bit single-channel version of the BGR `image`.
lv_status lv_image_to_gray(const lv_image *image, lv_image *gray, lv_error *error);

// `dst` becomes the 8-bit gray `gray` with its histogram equalised (its gray levels spread over
// 0-255): what the cascades search, and a dim or flat-lit still's second look for HOG.
lv_status lv_image_equalize(const lv_image *gray, lv_image *dst, lv_error *error);

// `dst` becomes a deep copy of `src`.
lv_status lv_image_copy(const lv_image *src, lv_image *dst, lv_error *error);

// Rotates in place by `quarter_turns` x 90 degrees clockwise (any integer; taken modulo 4).
lv_status lv_image_rotate(lv_image *image, int quarter_turns, lv_error *error);

// `dst` becomes `src` scaled by `factor` (area interpolation when shrinking, linear when growing).
lv_status lv_image_resize(const lv_image *src, double factor, lv_image *dst, lv_error *error);

// `dst` becomes `src` shrunk by `factor` (0 < factor <= 1) the cheap way: halved by 2 x 2
// averages (OpenCV's fast path) while a halving stays at or above the target, then resized for
// the rest, on an image at most twice the target: by area when `area` is non-zero, else
// bilinearly. OpenCV's area resize straight from a 1080p frame to 200 px high costs 4 ms; this
// way about 0.3 ms, and a bilinear last step is ten times cheaper still. The cascades need the
// area step (with a bilinear one they missed faces the area resize shows them); the background
// flow does not.
lv_status lv_image_shrink(const lv_image *src, double factor, int area, lv_image *dst, lv_error *error);

#ifdef __cplusplus
}
#endif
#endif
