// Process control that Swift cannot call itself (prctl is variadic). No OpenCV or dlib here.
#ifndef LV_PROCESS_H
#define LV_PROCESS_H

#ifdef __cplusplus
extern "C" {
#endif

// Asks the kernel to kill this process (SIGKILL) when its parent ends, so a worker never outlives
// the batch that started it (PR_SET_PDEATHSIG). Returns 0, or -1 when the request failed or
// `parent` is no longer the parent.
int lv_end_with_parent(int parent);

#ifdef __cplusplus
}
#endif
#endif
