// Cascade face detection within a region of a gray image.
#include "image.hpp"
#include "lv_detect.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include <opencv2/imgproc.hpp>
#include <opencv2/objdetect.hpp>

struct lv_cascade {
    cv::CascadeClassifier c;
};

namespace {

// The region's pixels, grown outwards to whole pixels and clipped to the image (may be empty).
cv::Rect clipped_region(const lv_box &box, const cv::Size &size) {
    const int x0 = lv_clamp_px(std::floor(box.x), 0, size.width);
    const int y0 = lv_clamp_px(std::floor(box.y), 0, size.height);
    const int x1 = lv_clamp_px(std::ceil(double{box.x} + box.width), 0, size.width);
    const int y1 = lv_clamp_px(std::ceil(double{box.y} + box.height), 0, size.height);
    return x1 > x0 && y1 > y0 ? cv::Rect(x0, y0, x1 - x0, y1 - y0) : cv::Rect();
}

// The region's pixels grown outwards to whole pixels, not clipped.
cv::Rect outer_region(const lv_box &box) {
    const int x0 = static_cast<int>(std::floor(box.x)), y0 = static_cast<int>(std::floor(box.y));
    return cv::Rect(x0, y0, static_cast<int>(std::ceil(double{box.x} + box.width)) - x0,
                    static_cast<int>(std::ceil(double{box.y} + box.height)) - y0);
}

cv::Size side(float pixels) {
    const int n = static_cast<int>(std::lround(pixels));
    return cv::Size(n, n);
}

}  // namespace

extern "C" {

lv_status lv_cascade_load(const char *path, lv_cascade **out, lv_error *error) {
    // A malformed XML makes OpenCV's parser throw; that is a model error too.
    return lv_guard(error, [&] {
        lv_require(out != nullptr, LV_ERR_ARGUMENT, "no output handle");
        lv_require_file(path, LV_ERR_MODEL, "could not load cascade");
        auto cascade = std::make_unique<lv_cascade>();
        if (!cascade->c.load(path) || cascade->c.empty())
            throw lv_failure(LV_ERR_MODEL, std::string("could not load cascade ") + path);
        *out = cascade.release();
    }, {LV_ERR_MODEL, "could not load cascade", path});
}

void lv_cascade_destroy(lv_cascade *cascade) {
    lv_guard(nullptr, [&] { delete cascade; });
}

lv_status lv_cascade_detect(lv_cascade *cascade, const lv_image *gray, lv_detect_params params,
                            lv_box *boxes, int capacity, int *count, lv_error *error) {
    return lv_guard(error, [&] {
        lv_require(cascade && count, LV_ERR_ARGUMENT, "missing cascade or count");
        const cv::Mat &image = lv_gray_source(gray);
        lv_require(capacity >= 0 && (boxes || capacity == 0), LV_ERR_ARGUMENT, "bad box buffer");
        lv_require(params.scale > 0 && params.scale <= 4, LV_ERR_ARGUMENT, "scale must be in (0, 4]");
        lv_require(params.scale_step > 1, LV_ERR_ARGUMENT, "scale_step must be > 1");
        lv_require(params.min_neighbors >= 0, LV_ERR_ARGUMENT, "min_neighbors must be >= 0");
        lv_require(params.min_face >= 0 && params.max_face >= 0, LV_ERR_ARGUMENT, "face sizes must be >= 0");
        lv_require(std::isfinite(params.roll) && std::abs(params.roll) <= 180, LV_ERR_ARGUMENT,
                   "roll must be within +-180 degrees");
        const lv_box &b = params.region;
        lv_require(std::isfinite(b.x) && std::isfinite(b.y) && std::isfinite(b.width) &&
                       std::isfinite(b.height),
                   LV_ERR_ARGUMENT, "region is not finite");
        *count = 0;
        const cv::Rect region = clipped_region(params.region, image.size());
        if (region.empty()) return;

        // A region reaching past the image is searched with the missing part filled from the
        // edge, so a face bigger than the frame (forehead and chin cut off) can still be found.
        // The fill is limited to one image size on each side.
        const cv::Rect limit(-image.cols, -image.rows, 3 * image.cols, 3 * image.rows);
        const cv::Rect wanted = outer_region(params.region) & limit;
        cv::Mat search;
        cv::copyMakeBorder(image(region), search, region.y - wanted.y, wanted.br().y - region.br().y,
                           region.x - wanted.x, wanted.br().x - region.br().x, cv::BORDER_REPLICATE);
        if (params.scale != 1.0f) {
            const double scale = params.scale;
            const cv::Size size(std::max(1, static_cast<int>(std::lround(search.cols * scale))),
                                std::max(1, static_cast<int>(std::lround(search.rows * scale))));
            cv::resize(search, search, size, 0, 0, params.scale < 1 ? cv::INTER_AREA : cv::INTER_LINEAR);
        }
        // A tilted head is turned upright on the small copy: cheap, and the cascade only knows upright faces.
        cv::Mat back;
        if (params.roll != 0) {
            const cv::Point2f middle(search.cols / 2.0f, search.rows / 2.0f);
            const cv::Mat to_upright = cv::getRotationMatrix2D(middle, params.roll, 1.0);
            cv::warpAffine(search, search, to_upright, search.size(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
            cv::invertAffineTransform(to_upright, back);
        }
        cv::Mat equalised;
        cv::equalizeHist(search, equalised);

        std::vector<cv::Rect> found;
        cascade->c.detectMultiScale(equalised, found, params.scale_step, params.min_neighbors, 0,
                                    side(params.min_face * params.scale),
                                    params.max_face > 0 ? side(params.max_face * params.scale) : cv::Size());
        // The resized region's size was rounded, so map back with the factors actually applied.
        const double sx = static_cast<double>(wanted.width) / equalised.cols;
        const double sy = static_cast<double>(wanted.height) / equalised.rows;
        const size_t n = std::min(static_cast<size_t>(capacity), found.size());
        for (size_t i = 0; i < n; ++i) {
            const cv::Rect &r = found[i];
            cv::Point2d c(r.x + r.width / 2.0, r.y + r.height / 2.0);
            if (!back.empty()) c = lv_apply_affine(back, c.x, c.y);
            const double w = r.width * sx, h = r.height * sy;
            boxes[i] = lv_box{static_cast<float>(wanted.x + c.x * sx - w / 2), static_cast<float>(wanted.y + c.y * sy - h / 2),
                              static_cast<float>(w), static_cast<float>(h)};
        }
        *count = static_cast<int>(found.size());
    });
}

}  // extern "C"
