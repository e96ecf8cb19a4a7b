// Process-wide library settings.
#include "guard.hpp"
#include "lv_runtime.h"

#include <cstdlib>

#include <opencv2/core/utils/logger.hpp>

extern "C" void lv_silence_library_logs(void) {
    lv_guard(nullptr, [] {
        if (!std::getenv("OPENCV_LOG_LEVEL"))
            cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
        // Read by OpenCV's FFmpeg backend when it first opens a file; -8 is FFmpeg's "quiet".
        setenv("OPENCV_FFMPEG_LOGLEVEL", "-8", 0);
    });
}
