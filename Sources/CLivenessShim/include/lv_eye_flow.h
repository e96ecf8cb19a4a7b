// Dense optical flow over the eyes between consecutive frames (SPEC §2: the lids' own motion).
#ifndef LV_EYE_FLOW_H
#define LV_EYE_FLOW_H

#include "lv_geometry.h"
#include "lv_image.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lv_eye_flow lv_eye_flow;

lv_status lv_eye_flow_create(lv_eye_flow **out, lv_error *error);
void lv_eye_flow_destroy(lv_eye_flow *flow);

// Keeps the 8-bit gray frame's pixels inside `region` (frame pixels, clipped to the frame),
// scaled by `scale` (0 < scale <= 4), for the next call to lv_eye_flow_measure.
lv_status lv_eye_flow_keep(lv_eye_flow *flow, const lv_image *gray, lv_box region, double scale, lv_error *error);

// Farneback's dense flow from the kept pixels to this frame's pixels of the same region moved by
// the region's own shift (phase correlation of the two, rounded to whole frame pixels and written
// to `*offset`: so that only what moved against the region is left for the flow to find), and
// for each of `count` points (frame pixels, where they were in the kept frame) the mean flow of
// the 3 x 3 scaled pixels around it, in frame pixels, less that shift, written to `flows`.
// `*measured` is 1 when the flows were written, 0 when nothing is kept (the first call, after a
// reset) or the moved region is not wholly inside this frame.
lv_status lv_eye_flow_measure(lv_eye_flow *flow, const lv_image *gray, const lv_point *points, int count,
                              lv_point *flows, lv_point *offset, int *measured, lv_error *error);

// Forgets the kept pixels (a new stream, or a frame without a face).
void lv_eye_flow_reset(lv_eye_flow *flow);

#ifdef __cplusplus
}
#endif
#endif
