// Which BLAS library the process loaded: dlib's face-recognition network runs through it, and
// Debian's reference BLAS is about ten times slower than OpenBLAS at it.
#ifndef LV_BLAS_H
#define LV_BLAS_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    char library[512];  // the file that provides cblas_sgemm, symbolic links resolved ("" if unknown)
    char openblas[256]; // OpenBLAS's own description of its build ("" when the library is not OpenBLAS)
    int threads;        // OpenBLAS's thread count (0 when the library is not OpenBLAS)
} lv_blas_info;

void lv_blas_describe(lv_blas_info *info);

#ifdef __cplusplus
}
#endif
#endif
