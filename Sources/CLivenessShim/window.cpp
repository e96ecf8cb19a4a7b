// The preview window and whether a display can be reached (OpenCV's highgui).
#include "image.hpp"
#include "lv_window.h"

#include <algorithm>
#include <cstdlib>
#include <string>

#include <csignal>
#include <ctime>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <opencv2/highgui.hpp>

namespace {

bool is_socket(const std::string &path) {
    struct stat st;
    return stat(path.c_str(), &st) == 0 && S_ISSOCK(st.st_mode);
}

std::string env(const char *name) {
    const char *v = std::getenv(name);
    return v ? v : "";
}

// X11: a local display (":N", "unix:N") needs its socket /tmp/.X11-unix/XN; a remote "host:N"
// cannot be probed without libX11, so it is trusted.
bool x11_reachable() {
    const std::string display = env("DISPLAY");
    const size_t colon = display.rfind(':');
    if (colon == std::string::npos) return false;
    const std::string host = display.substr(0, colon);
    const std::string number = display.substr(colon + 1, display.find('.', colon) - colon - 1);
    if (!host.empty() && host != "unix") return true;
    return !number.empty() && is_socket("/tmp/.X11-unix/X" + number);
}

// Wayland: WAYLAND_DISPLAY names a socket, relative to XDG_RUNTIME_DIR unless absolute.
bool wayland_reachable() {
    const std::string name = env("WAYLAND_DISPLAY");
    if (name.empty()) return false;
    return is_socket(name[0] == '/' ? name : env("XDG_RUNTIME_DIR") + "/" + name);
}

}  // namespace

extern "C" {

// OpenCV's highgui here is Qt 5, which aborts the process (no exception to catch) when it cannot
// reach its display, so this must be asked before any window call. Qt picks X11 (xcb) unless
// QT_QPA_PLATFORM says wayland, so WAYLAND_DISPLAY alone does not count. This checks that the
// display's socket exists, not that the server accepts us (that would need libX11).
int lv_display_available(void) {
    int available = 0;
    lv_guard(nullptr, [&] {
        available = env("QT_QPA_PLATFORM").rfind("wayland", 0) == 0 ? wayland_reachable() : x11_reachable();
    });
    return available;
}

// Qt aborts (qFatal) on every way its platform can fail: a dead TCP display (ssh -X gone), an
// X server that refuses us, an unknown QT_QPA_PLATFORM, a missing plugin. No socket check can
// foresee them all, so a child process meets them: it opens and closes a window and exits 0,
// or dies in our stead. Its output goes to /dev/null (Qt's own lines would break the one-line
// error the caller prints).
int lv_display_probe(int timeout_ms) {
    const pid_t child = fork();
    if (child < 0) return 0;
    if (child == 0) {
        const int null = open("/dev/null", O_RDWR);
        if (null >= 0) {
            dup2(null, STDOUT_FILENO);
            dup2(null, STDERR_FILENO);
        }
        try {
            cv::namedWindow("liveness display check", cv::WINDOW_AUTOSIZE | cv::WINDOW_GUI_NORMAL);
            cv::destroyAllWindows();
        } catch (...) {
            _exit(1);
        }
        _exit(0);
    }
    timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        int status = 0;
        const pid_t done = waitpid(child, &status, WNOHANG);
        if (done == child) return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 1 : 0;
        if (done < 0 && errno != EINTR) return 0;
        timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        const long elapsed_ms = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
        if (elapsed_ms >= timeout_ms) {
            kill(child, SIGKILL);
            while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
            return -1;
        }
        const timespec pause = {0, 10 * 1000 * 1000};
        nanosleep(&pause, nullptr);
    }
}

lv_status lv_window_show(const char *title, const lv_image *image, lv_error *error) {
    return lv_guard(error, [&] {
        const cv::Mat &mat = lv_source(image);
        lv_require(title != nullptr, LV_ERR_ARGUMENT, "no window title");
        lv_require(lv_display_available(), LV_ERR_DISPLAY,
                   "no display (DISPLAY is not set or not reachable)");
        // A plain window the image's size: no Qt toolbar or status bar (whose zoom would change
        // what the user sees). A no-op once the window exists.
        cv::namedWindow(title, cv::WINDOW_AUTOSIZE | cv::WINDOW_KEEPRATIO | cv::WINDOW_GUI_NORMAL);
        cv::imshow(title, mat);
    });
}

int lv_window_key(int ms) {
    int key = -1;
    lv_guard(nullptr, [&] {
        if (!lv_display_available()) return;
        // waitKey(0) would block forever; the header promises "up to ms".
        const int pressed = cv::waitKey(std::max(1, ms));
        key = pressed < 0 ? -1 : pressed & 0xFF;
    });
    return key;
}

int lv_window_visible(const char *title) {
    int visible = 0;
    lv_guard(nullptr, [&] {
        if (!title || !lv_display_available()) return;
        visible = cv::getWindowProperty(title, cv::WND_PROP_VISIBLE) > 0 ? 1 : 0;
    });
    return visible;
}

void lv_window_close_all(void) {
    lv_guard(nullptr, [&] {
        if (lv_display_available()) cv::destroyAllWindows();
    });
}

}  // extern "C"
