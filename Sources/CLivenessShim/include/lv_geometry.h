// Plain structs that cross the boundary. Swift reads them field by field.
#ifndef LV_GEOMETRY_H
#define LV_GEOMETRY_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct { float x, y; } lv_point;
typedef struct { float x, y, width, height; } lv_box;

#define LV_LANDMARK_COUNT 68

#ifdef __cplusplus
}
#endif
#endif
