// The whole boundary between Swift and OpenCV/dlib, one header per concern.
#ifndef LIVENESS_SHIM_H
#define LIVENESS_SHIM_H
#include "lv_status.h"
#include "lv_geometry.h"
#include "lv_image.h"
#include "lv_video.h"
#include "lv_detect.h"
#include "lv_landmarks.h"
#include "lv_descriptor.h"
#include "lv_blas.h"
#include "lv_flow.h"
#include "lv_eye_flow.h"
#include "lv_hog.h"
#include "lv_draw.h"
#include "lv_window.h"
#include "lv_writer.h"
#include "lv_runtime.h"
#endif
