// Image handle lifetime, decoding, encoding and whole-image conversions.
#include "image.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <vector>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

extern "C" {

lv_image *lv_image_create(void) { return new (std::nothrow) lv_image(); }

void lv_image_destroy(lv_image *image) {
    lv_guard(nullptr, [&] { delete image; });
}

void lv_image_size(const lv_image *image, int *width, int *height, int *channels) {
    lv_guard(nullptr, [&] {
        const bool empty = !image || image->mat.empty();
        if (width) *width = empty ? 0 : image->mat.cols;
        if (height) *height = empty ? 0 : image->mat.rows;
        if (channels) *channels = empty ? 0 : image->mat.channels();
    });
}

lv_status lv_image_load(const char *path, lv_image *out, lv_error *error) {
    return lv_guard(error, [&] {
        cv::Mat &dst = lv_target(out);
        lv_require_file(path, LV_ERR_OPEN, "could not open");
        cv::Mat decoded = cv::imread(path, cv::IMREAD_COLOR);
        if (decoded.empty()) throw lv_failure(LV_ERR_FORMAT, "OpenCV cannot decode it as an image");
        dst = decoded;
    });
}

namespace {

// Encode then write, rather than cv::imwrite, so the format does not depend on the path's
// extension and a failed write is told apart from a failed encode.
void write_encoded(const cv::Mat &src, const char *path, const char *extension, const std::vector<int> &params) {
    lv_require(path && *path, LV_ERR_ARGUMENT, "no path given");
    std::vector<unsigned char> bytes;
    lv_require(cv::imencode(extension, src, bytes, params), LV_ERR_INTERNAL, "image encoding failed");
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(reinterpret_cast<const char *>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    file.close();
    if (!file) throw lv_failure(LV_ERR_OPEN, std::string("could not write ") + path);
}

}  // namespace

lv_status lv_image_write_jpeg(const lv_image *image, const char *path, int quality, lv_error *error) {
    return lv_guard(error, [&] {
        lv_require(quality >= 1 && quality <= 100, LV_ERR_ARGUMENT, "JPEG quality must be 1-100");
        write_encoded(lv_source(image), path, ".jpg", {cv::IMWRITE_JPEG_QUALITY, quality});
    });
}

lv_status lv_image_write_png(const lv_image *image, const char *path, lv_error *error) {
    return lv_guard(error, [&] { write_encoded(lv_source(image), path, ".png", {}); });
}

lv_status lv_image_to_gray(const lv_image *image, lv_image *gray, lv_error *error) {
    return lv_guard(error, [&] {
        const cv::Mat src = lv_source(image);  // a header copy, so image == gray is safe
        cv::Mat &dst = lv_target(gray);
        lv_require(src.depth() == CV_8U, LV_ERR_ARGUMENT, "expected an 8-bit image");
        switch (src.channels()) {
            case 1: src.copyTo(dst); break;
            case 3: cv::cvtColor(src, dst, cv::COLOR_BGR2GRAY); break;
            case 4: cv::cvtColor(src, dst, cv::COLOR_BGRA2GRAY); break;
            default: throw lv_failure(LV_ERR_ARGUMENT, "expected 1, 3 or 4 channels");
        }
    });
}

lv_status lv_image_equalize(const lv_image *gray, lv_image *dst, lv_error *error) {
    return lv_guard(error, [&] {
        const cv::Mat src = lv_gray_source(gray);
        cv::Mat equalised;
        cv::equalizeHist(src, equalised);
        lv_target(dst) = equalised;
    });
}

lv_status lv_image_copy(const lv_image *src, lv_image *dst, lv_error *error) {
    return lv_guard(error, [&] {
        const cv::Mat from = lv_source(src);
        from.copyTo(lv_target(dst));
    });
}

lv_status lv_image_rotate(lv_image *image, int quarter_turns, lv_error *error) {
    return lv_guard(error, [&] {
        cv::Mat &mat = lv_source(image);
        static const int codes[] = {cv::ROTATE_90_CLOCKWISE, cv::ROTATE_180, cv::ROTATE_90_COUNTERCLOCKWISE};
        const int turns = ((quarter_turns % 4) + 4) % 4;
        if (turns == 0) return;
        cv::Mat rotated;  // cv::rotate transposes, which cannot run in place on a non-square image
        cv::rotate(mat, rotated, codes[turns - 1]);
        mat = rotated;
    });
}

lv_status lv_image_resize(const lv_image *src, double factor, lv_image *dst, lv_error *error) {
    return lv_guard(error, [&] {
        const cv::Mat from = lv_source(src);
        cv::Mat &to = lv_target(dst);
        lv_require(std::isfinite(factor) && factor > 0, LV_ERR_ARGUMENT, "resize factor must be positive");
        const cv::Size size(std::max(1, static_cast<int>(std::lround(from.cols * factor))),
                            std::max(1, static_cast<int>(std::lround(from.rows * factor))));
        cv::resize(from, to, size, 0, 0, factor < 1 ? cv::INTER_AREA : cv::INTER_LINEAR);
    });
}

lv_status lv_image_shrink(const lv_image *src, double factor, int area, lv_image *dst, lv_error *error) {
    return lv_guard(error, [&] {
        const cv::Mat from = lv_source(src);
        cv::Mat &to = lv_target(dst);
        lv_require(std::isfinite(factor) && factor > 0 && factor <= 1, LV_ERR_ARGUMENT, "shrink factor must be in (0, 1]");
        const cv::Size target(std::max(1, static_cast<int>(std::lround(from.cols * factor))),
                              std::max(1, static_cast<int>(std::lround(from.rows * factor))));
        cv::Mat level = from;
        while (level.cols / 2 >= target.width && level.rows / 2 >= target.height) {
            // An odd last row or column is dropped, so the 2 x 2 average takes OpenCV's fast path.
            const cv::Mat even = level(cv::Rect(0, 0, level.cols & ~1, level.rows & ~1));
            const cv::Size half(level.cols / 2, level.rows / 2);
            // The last step is written into the target's own buffer, kept from frame to frame: a
            // new one each frame (half a megabyte at 1080p) came back as fresh pages to fault in.
            if (half == target && to.data != from.data) {
                cv::resize(even, to, half, 0, 0, cv::INTER_AREA);
                return;
            }
            cv::Mat next;
            cv::resize(even, next, half, 0, 0, cv::INTER_AREA);
            level = next;
        }
        if (level.size() == target) {
            if (level.data == from.data) level.copyTo(to); else to = level;
        } else {
            cv::resize(level, to, target, 0, 0, area ? cv::INTER_AREA : cv::INTER_LINEAR);
        }
    });
}

lv_status lv_image_region_stats(const lv_image *gray, lv_box box, double *mean, double *deviation, lv_error *error) {
    return lv_guard(error, [&] {
        const cv::Mat from = lv_source(gray);
        lv_require(from.type() == CV_8UC1, LV_ERR_ARGUMENT, "region statistics need an 8-bit gray image");
        const cv::Rect inside = lv_box_pixels(box) & cv::Rect(0, 0, from.cols, from.rows);
        *mean = 0;
        *deviation = 0;
        if (inside.empty()) return;
        cv::Scalar m, d;
        cv::meanStdDev(from(inside), m, d);
        *mean = m[0];
        *deviation = d[0];
    });
}

lv_status lv_image_sample(const lv_image *gray, lv_box box, int side, unsigned char *out, lv_error *error) {
    return lv_guard(error, [&] {
        const cv::Mat from = lv_source(gray);
        lv_require(from.type() == CV_8UC1 && !from.empty(), LV_ERR_ARGUMENT, "a sample needs an 8-bit gray image");
        lv_require(side >= 1 && side <= 256, LV_ERR_ARGUMENT, "a sample is 1 to 256 pixels a side");
        lv_require(box.width >= 1 && box.height >= 1 && std::isfinite(box.x) && std::isfinite(box.y) &&
                       box.width <= 4.0 * from.cols + 4 && box.height <= 4.0 * from.rows + 4 &&
                       std::abs(box.x) <= 4.0 * from.cols && std::abs(box.y) <= 4.0 * from.rows,
                   LV_ERR_ARGUMENT, "a sample needs a box of at least one pixel, near the image");
        const cv::Rect wanted = lv_box_pixels(box);
        const cv::Rect inside = wanted & cv::Rect(0, 0, from.cols, from.rows);
        cv::Mat region;
        if (inside == wanted) {
            region = from(wanted);
        } else if (inside.empty()) {
            region = cv::Mat(wanted.size(), CV_8UC1, cv::Scalar(0));
        } else {
            cv::copyMakeBorder(from(inside), region, inside.y - wanted.y, wanted.br().y - inside.br().y,
                               inside.x - wanted.x, wanted.br().x - inside.br().x, cv::BORDER_REPLICATE);
        }
        cv::Mat sample(side, side, CV_8UC1, out);
        cv::resize(region, sample, sample.size(), 0, 0, cv::INTER_AREA);
    });
}

}  // extern "C"
