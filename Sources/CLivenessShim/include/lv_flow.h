// Background feature tracking between consecutive frames (for the camera's own motion).
#ifndef LV_FLOW_H
#define LV_FLOW_H

#include "lv_geometry.h"
#include "lv_image.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lv_flow lv_flow;

lv_status lv_flow_create(lv_flow **out, lv_error *error);
void lv_flow_destroy(lv_flow *flow);

// Tracks corners found in the previous call's frame (outside its `exclude` box) into this 8-bit
// gray frame with pyramidal Lucas-Kanade. Frames are small copies (about 200 px wide: the
// caller shrinks them once and shares them); points and `exclude` are in their pixels. Writes
// matched pairs, up to `capacity`, and their number to `*count` (0 on the first call or after a
// change of size). Then picks new corners in this frame outside `exclude` (a zero-size box
// excludes nothing), at most `max_features` of them, for the next call.
lv_status lv_flow_track(lv_flow *flow, const lv_image *gray, lv_box exclude, int max_features, lv_point *from,
                        lv_point *to, int capacity, int *count, lv_error *error);

// Forgets the previous frame (after a seek, a restart or a dropped run of frames).
void lv_flow_reset(lv_flow *flow);

#ifdef __cplusplus
}
#endif
#endif
