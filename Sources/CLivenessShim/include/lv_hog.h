// Face detection with dlib's HOG frontal-face detector (get_frontal_face_detector: built into
// libdlib, no model file). It finds faces with their eyes closed and heads turned up to about
// 30 degrees that the cascades miss, at several times their cost.
#ifndef LV_HOG_H
#define LV_HOG_H

#include "lv_geometry.h"
#include "lv_image.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lv_hog lv_hog;

lv_status lv_hog_create(lv_hog **out, lv_error *error);
void lv_hog_destroy(lv_hog *hog);

// Finds faces in `region` of the 8-bit gray `gray`, searched on a copy resized by `scale` (0 < scale
// <= 4) and turned upright by `roll` degrees, as lv_cascade_detect does. dlib's window is 80 px,
// so faces smaller than 80 / scale image pixels are missed. Writes up to `capacity` boxes (dlib's
// own boxes: the ones its 68-point model was trained on), and the number found (which may exceed
// capacity) to `*count`.
lv_status lv_hog_detect(lv_hog *hog, const lv_image *gray, lv_box region, float scale, float roll, lv_box *boxes,
                        int capacity, int *count, lv_error *error);

#ifdef __cplusplus
}
#endif
#endif
