// Face detection with an OpenCV cascade classifier (Haar or LBP).
#ifndef LV_DETECT_H
#define LV_DETECT_H

#include "lv_geometry.h"
#include "lv_image.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lv_cascade lv_cascade;

lv_status lv_cascade_load(const char *path, lv_cascade **out, lv_error *error);
void lv_cascade_destroy(lv_cascade *cascade);

typedef struct {
    lv_box region;       // where to search, in image pixels; a part beyond the image is filled from its edge
    float scale;         // the region is resized by this factor before the search (0 < scale <= 4)
    float min_face;      // smallest face side to look for, in image pixels
    float max_face;      // largest face side, in image pixels (0 = no limit)
    float scale_step;    // cascade pyramid step, e.g. 1.1
    int min_neighbors;   // cascade grouping threshold, e.g. 3
    float roll;          // degrees: the region is searched turned by this much about its centre, so a
                         // head tilted by `roll` (its eye line's angle in the image) stands upright
} lv_detect_params;

// Finds faces in the 8-bit gray `gray` within params.region. Writes up to `capacity` boxes and
// the number found (which may exceed capacity) to `*count`. A box's centre is in image pixels;
// its sides are upright to the head, so with a roll the box is turned by `roll` about its centre.
lv_status lv_cascade_detect(lv_cascade *cascade, const lv_image *gray, lv_detect_params params,
                            lv_box *boxes, int capacity, int *count, lv_error *error);

#ifdef __cplusplus
}
#endif
#endif
