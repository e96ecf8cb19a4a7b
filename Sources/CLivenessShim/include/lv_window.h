// The preview window of `liveness live`, and whether a display can be reached.
#ifndef LV_WINDOW_H
#define LV_WINDOW_H

#include "lv_image.h"

#ifdef __cplusplus
extern "C" {
#endif

// Returns 1 when a display can be opened (checked without letting Qt abort the process).
int lv_display_available(void);
// Starts Qt on the display in a child process, which is left to abort if Qt cannot: 1 when the
// child opened a window, 0 when it failed or died, -1 when it had not finished in `timeout_ms`
// (it is then killed). Call it before any window exists in this process.
int lv_display_probe(int timeout_ms);
lv_status lv_window_show(const char *title, const lv_image *image, lv_error *error);
// Waits up to `ms` for a key; returns the key code or -1.
int lv_window_key(int ms);
// 1 while the window `title` is on screen, 0 once the user has closed it (or before it opened).
int lv_window_visible(const char *title);
void lv_window_close_all(void);

#ifdef __cplusplus
}
#endif
#endif
