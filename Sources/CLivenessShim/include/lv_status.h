// Status codes and the error message every shim call can return.
// Swift turns them into errors in LivenessVision/Shim/VisionError.swift (`shimCall`).
#ifndef LV_STATUS_H
#define LV_STATUS_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    LV_OK = 0,
    LV_ERR_OPEN = 1,      // file or camera could not be opened
    LV_ERR_FORMAT = 2,    // not a decodable video or image, or corrupt data
    LV_ERR_MODEL = 3,     // a model file could not be loaded
    LV_ERR_ARGUMENT = 4,  // a caller passed something out of range
    LV_ERR_INTERNAL = 5,  // OpenCV, dlib or the C++ runtime threw
    LV_ERR_DISPLAY = 6    // no display to open a window on
} lv_status;

// Filled on every failure; untouched on success.
typedef struct {
    char message[512];
} lv_error;

#ifdef __cplusplus
}
#endif
#endif
