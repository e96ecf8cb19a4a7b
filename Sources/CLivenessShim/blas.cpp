// Finds the BLAS library behind cblas_sgemm at run time (Debian switches libblas.so.3 between
// implementations with update-alternatives, so the link line does not tell), and has it take its
// working memory before a batch worker limits its address space.
#include "guard.hpp"
#include "lv_blas.h"

#include <climits>
#include <cstdlib>
#include <cstring>

#include <dlfcn.h>

// The CBLAS entry point (libblas.so.3 provides it); the enum arguments are plain ints in its ABI.
extern "C" void cblas_dgemm(int order, int trans_a, int trans_b, int m, int n, int k, double alpha, const double *a,
                            int lda, const double *b, int ldb, double beta, double *c, int ldc);

namespace {

constexpr int cblas_row_major = 101, cblas_no_trans = 111;

void copy_text(char *to, size_t size, const char *from) {
    std::snprintf(to, size, "%s", from ? from : "");
}

}  // namespace

extern "C" void lv_blas_reserve(void) {
    lv_guard(nullptr, [] {
        const double a = 1, b = 1;
        double c = 0;
        cblas_dgemm(cblas_row_major, cblas_no_trans, cblas_no_trans, 1, 1, 1, 1.0, &a, 1, &b, 1, 0.0, &c, 1);
    });
}

extern "C" void lv_blas_describe(lv_blas_info *info) {
    if (!info) return;
    *info = lv_blas_info{};
    lv_guard(nullptr, [&] {
        Dl_info where{};
        void *sgemm = dlsym(RTLD_DEFAULT, "cblas_sgemm");
        if (sgemm && dladdr(sgemm, &where) && where.dli_fname) {
            char resolved[PATH_MAX];
            copy_text(info->library, sizeof info->library, realpath(where.dli_fname, resolved) ? resolved : where.dli_fname);
        }
        // OpenBLAS exports these; the reference BLAS does not.
        using config_fn = char *(*)();
        using threads_fn = int (*)();
        if (auto config = reinterpret_cast<config_fn>(dlsym(RTLD_DEFAULT, "openblas_get_config")))
            copy_text(info->openblas, sizeof info->openblas, config());
        if (auto threads = reinterpret_cast<threads_fn>(dlsym(RTLD_DEFAULT, "openblas_get_num_threads")))
            info->threads = threads();
    });
}
