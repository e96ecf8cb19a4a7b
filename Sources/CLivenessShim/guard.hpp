// The shim's single exception boundary: every exported function runs its body through lv_guard,
// so no C++ exception ever crosses into Swift (which cannot unwind through C frames).
#ifndef LV_GUARD_HPP
#define LV_GUARD_HPP

#include "lv_status.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

#include <dlib/error.h>
#include <opencv2/core.hpp>

// Thrown by shim code to fail with a specific status.
struct lv_failure : std::runtime_error {
    lv_status status;
    lv_failure(lv_status s, const std::string &message) : std::runtime_error(message), status(s) {}
};

inline void lv_require(bool ok, lv_status status, const char *message) {
    if (!ok) throw lv_failure(status, message);
}

// Fails with `status` and "<action> <path>: <cause>" unless `path` names a readable regular file;
// OpenCV and dlib report a missing file no differently from a corrupt one.
inline void lv_require_file(const char *path, lv_status status, const char *action) {
    if (!path || !*path) throw lv_failure(LV_ERR_ARGUMENT, std::string(action) + ": no path given");
    struct stat st;
    const char *cause = nullptr;
    if (stat(path, &st) != 0 || access(path, R_OK) != 0)
        cause = std::strerror(errno);
    else if (!S_ISREG(st.st_mode))
        cause = "not a regular file";
    if (cause) throw lv_failure(status, std::string(action) + " " + path + ": " + cause);
}

// What a foreign (OpenCV, dlib, runtime) exception turns into. Loaders use LV_ERR_MODEL and name
// the file, so a corrupt model reads "could not load cascade x.xml: OpenCV: ...".
struct lv_scope {
    lv_status status = LV_ERR_INTERNAL;
    const char *action = nullptr;
    const char *subject = nullptr;
};

namespace lv_detail {

// Formats into error->message without allocating (this runs while handling bad_alloc too);
// newlines from OpenCV/dlib become spaces so the message stays one line.
inline lv_status report(lv_error *error, lv_status status, const lv_scope *scope, const char *kind,
                        const char *what, const char *where = "") {
    if (!error) return status;
    char *m = error->message;
    const size_t n = sizeof error->message;
    if (scope && scope->action)
        std::snprintf(m, n, "%s %s: %s%s%s", scope->action, scope->subject ? scope->subject : "", kind,
                      what ? what : "", where);
    else
        std::snprintf(m, n, "%s%s%s", kind, what ? what : "", where);
    for (char *p = m; *p; ++p)
        if (*p == '\n' || *p == '\r' || *p == '\t') *p = ' ';
    for (size_t len = std::strlen(m); len > 0 && m[len - 1] == ' '; --len) m[len - 1] = '\0';
    return status;
}

}  // namespace lv_detail

template <class F>
lv_status lv_guard(lv_error *error, F &&body, lv_scope scope = {}) noexcept {
    using lv_detail::report;
    try {
        body();
        return LV_OK;
    } catch (const lv_failure &e) {
        return report(error, e.status, nullptr, "", e.what());
    } catch (const cv::Exception &e) {
        // e.what() carries the OpenCV build path; the short text and function are enough.
        char where[160] = "";
        if (!e.func.empty()) std::snprintf(where, sizeof where, " (in %s)", e.func.c_str());
        return report(error, scope.status, &scope, "OpenCV: ", e.err.c_str(), where);
    } catch (const dlib::error &e) {
        return report(error, scope.status, &scope, "dlib: ", e.what());
    } catch (const std::bad_alloc &) {
        return report(error, scope.status, &scope, "", "out of memory");
    } catch (const std::exception &e) {
        return report(error, scope.status, &scope, "C++: ", e.what());
    } catch (...) {
        return report(error, scope.status, &scope, "", "unknown C++ exception");
    }
}

#endif
