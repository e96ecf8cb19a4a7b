// Video recording through OpenCV's built-in Motion-JPEG AVI writer.
#include "image.hpp"
#include "lv_writer.h"

#include <cmath>
#include <memory>
#include <string>

#include <opencv2/videoio.hpp>

struct lv_writer {
    cv::VideoWriter writer;
    cv::Size size;
};

extern "C" {

lv_status lv_writer_open(const char *path, int width, int height, double fps, lv_writer **out,
                         lv_error *error) {
    return lv_guard(
        error,
        [&] {
            lv_require(out != nullptr, LV_ERR_ARGUMENT, "no output handle");
            lv_require(path && *path, LV_ERR_ARGUMENT, "no path given");
            lv_require(width > 0 && height > 0, LV_ERR_ARGUMENT, "width and height must be positive");
            lv_require(std::isfinite(fps) && fps > 0, LV_ERR_ARGUMENT, "frame rate must be positive");
            auto writer = std::make_unique<lv_writer>();
            writer->size = cv::Size(width, height);
            // CAP_OPENCV_MJPEG is OpenCV's own muxer and encoder: no dependency on FFmpeg's encoders.
            if (!writer->writer.open(path, cv::CAP_OPENCV_MJPEG, cv::VideoWriter::fourcc('M', 'J', 'P', 'G'),
                                     fps, writer->size, true))
                throw lv_failure(LV_ERR_OPEN, std::string("could not create ") + path);
            *out = writer.release();
        },
        lv_scope{LV_ERR_OPEN, "could not create", path});
}

lv_status lv_writer_write(lv_writer *writer, const lv_image *frame, lv_error *error) {
    return lv_guard(error, [&] {
        lv_require(writer != nullptr, LV_ERR_ARGUMENT, "no writer");
        const cv::Mat &mat = lv_source(frame);
        lv_require(mat.type() == CV_8UC3, LV_ERR_ARGUMENT, "expected an 8-bit BGR frame");
        lv_require(mat.size() == writer->size, LV_ERR_ARGUMENT, "frame size differs from the recording's");
        writer->writer.write(mat);
    });
}

void lv_writer_close(lv_writer *writer) {
    lv_guard(nullptr, [&] { delete writer; });
}

}  // extern "C"
