// dlib's ResNet face-recognition network: 128 numbers per face, close for the same person.
#ifndef LV_DESCRIPTOR_H
#define LV_DESCRIPTOR_H

#include "lv_geometry.h"
#include "lv_image.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LV_DESCRIPTOR_SIZE 128

typedef struct lv_describer lv_describer;

// Deserialises dlib_face_recognition_resnet_model_v1.dat once its SHA-256 (lower-case hex) is
// `sha256`. A missing, corrupt or different file gives LV_ERR_MODEL.
lv_status lv_describer_load(const char *path, const char *sha256, lv_describer **out, lv_error *error);
void lv_describer_destroy(lv_describer *describer);

// The descriptor of the face whose 68 landmarks (image pixels) are `points`, in the 8-bit BGR or
// gray `image`: the face is aligned from its landmarks onto a 150-pixel chip (padding 0.25, as the
// network was trained) and run through the network.
lv_status lv_describer_describe(lv_describer *describer, const lv_image *image, const lv_point points[LV_LANDMARK_COUNT],
                                float descriptor[LV_DESCRIPTOR_SIZE], lv_error *error);

#ifdef __cplusplus
}
#endif
#endif
