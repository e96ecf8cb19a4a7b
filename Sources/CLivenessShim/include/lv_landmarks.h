// dlib's 68-point shape predictor (iBUG 300-W numbering).
#ifndef LV_LANDMARKS_H
#define LV_LANDMARKS_H

#include "lv_geometry.h"
#include "lv_image.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lv_predictor lv_predictor;

// Deserialises a dlib .dat model. A missing or corrupt file gives LV_ERR_MODEL.
lv_status lv_predictor_load(const char *path, lv_predictor **out, lv_error *error);
void lv_predictor_destroy(lv_predictor *predictor);

// Fits the 68 points (image pixels) to the face in `box` of the 8-bit gray `gray`. `roll` is the
// head's tilt in degrees (its eye line's angle in the image): the box is turned by it about its
// centre, and the model's upright face is mapped into the image through the turned box.
lv_status lv_predictor_fit(lv_predictor *predictor, const lv_image *gray, lv_box box, float roll,
                           lv_point points[LV_LANDMARK_COUNT], lv_error *error);

#ifdef __cplusplus
}
#endif
#endif
