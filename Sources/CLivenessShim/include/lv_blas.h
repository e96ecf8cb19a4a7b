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

// Makes the BLAS library take its working memory now, with one tiny product. OpenBLAS allocates
// a buffer of about 128 MB per thread on its first call (dlib's landmark fit makes one on every
// face), and when an address-space limit leaves no room for it, it retries forever instead of
// failing: a batch worker calls this before it limits itself.
void lv_blas_reserve(void);

#ifdef __cplusplus
}
#endif
#endif
