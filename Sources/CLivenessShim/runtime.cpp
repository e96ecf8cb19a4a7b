// Process-wide library settings.
#include "guard.hpp"
#include "lv_runtime.h"

#include <csignal>
#include <cstdlib>

#include <sys/prctl.h>
#include <unistd.h>

#include <opencv2/core/utils/logger.hpp>

extern "C" void lv_silence_library_logs(void) {
    lv_guard(nullptr, [] {
        if (!std::getenv("OPENCV_LOG_LEVEL"))
            cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
        // Read by OpenCV's FFmpeg backend when it first opens a file; -8 is FFmpeg's "quiet".
        setenv("OPENCV_FFMPEG_LOGLEVEL", "-8", 0);
    });
}

extern "C" int lv_end_with_parent(int parent) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
    // The parent may have gone before the request was made.
    return getppid() == parent ? 0 : -1;
}
