// Drawing on an image (the live overlay, the bench's plots).
#ifndef LV_DRAW_H
#define LV_DRAW_H

#include "lv_geometry.h"
#include "lv_image.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct { unsigned char b, g, r; } lv_color;

void lv_draw_circle(lv_image *image, lv_point centre, float radius, lv_color color, int thickness);
void lv_draw_ellipse(lv_image *image, lv_point centre, float semi_x, float semi_y, float angle_degrees,
                     lv_color color, int thickness);
void lv_draw_point(lv_image *image, lv_point at, int radius, lv_color color);
void lv_draw_line(lv_image *image, lv_point from, lv_point to, lv_color color, int thickness);
// A rectangle's outline, or filled when `thickness` < 0.
void lv_draw_rect(lv_image *image, lv_box box, lv_color color, int thickness);
// Draws `src` resized into `box` of `image` (thumbnails); the part outside `image` is clipped.
void lv_draw_image(lv_image *image, const lv_image *src, lv_box box);
// `out` becomes a `width` x `height` BGR canvas filled with `color`.
lv_status lv_image_blank(int width, int height, lv_color color, lv_image *out, lv_error *error);
// Text with its baseline's left end at `origin`; `scale` 1.0 is about 22 px tall.
void lv_draw_text(lv_image *image, const char *text, lv_point origin, double scale, lv_color color,
                  int thickness);
// Width and height of `text` as lv_draw_text would draw it.
void lv_text_size(const char *text, double scale, int thickness, int *width, int *height);
// Mirrors left-right in place.
void lv_image_mirror(lv_image *image);
// Blends `color` over the whole image with weight `alpha` (0..1).
void lv_draw_tint(lv_image *image, lv_color color, double alpha);
// Gaussian blur in place with the given kernel size (odd).
void lv_draw_blur(lv_image *image, int kernel);

#ifdef __cplusplus
}
#endif
#endif
