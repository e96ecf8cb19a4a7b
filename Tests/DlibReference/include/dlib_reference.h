// dlib's public shape_predictor, as dlib's own examples run it: what the tests hold the shim's
// own run of the same model (Sources/CLivenessShim/landmarks.cpp) to.
#ifndef DLIB_REFERENCE_H
#define DLIB_REFERENCE_H

#ifdef __cplusplus
extern "C" {
#endif

// Fits `model` to the face in the box (left, top, right, bottom: dlib's rectangle, inclusive) of
// the image file, read and made gray as the shim does (OpenCV, BGR to gray). Writes 68 x, y pairs
// to `xy` (whole pixels, as dlib returns them) and returns 0; on failure returns -1 and writes
// the cause into `message`.
int dlib_reference_fit(const char *model, const char *image, long left, long top, long right, long bottom,
                       long xy[136], char *message, unsigned long message_size);

#ifdef __cplusplus
}
#endif
#endif
