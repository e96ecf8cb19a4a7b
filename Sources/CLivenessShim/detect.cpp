// Cascade face detection within a region of a gray image.
#include "lv_detect.h"
#include "search_patch.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <opencv2/imgproc.hpp>
#include <opencv2/objdetect.hpp>

struct lv_cascade {
    cv::CascadeClassifier c;
    std::string path;
    // The widest and the tallest image searched since it was loaded.
    cv::Size seen;
};

namespace {

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
        cascade->path = path;
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
        lv_require(params.scale_step > 1, LV_ERR_ARGUMENT, "scale_step must be > 1");
        lv_require(params.min_neighbors >= 0, LV_ERR_ARGUMENT, "min_neighbors must be >= 0");
        lv_require(params.min_face >= 0 && params.max_face >= 0, LV_ERR_ARGUMENT, "face sizes must be >= 0");
        *count = 0;
        const lv_search_patch patch = lv_cut_search_patch(image, params.region, params.scale, params.roll);
        if (patch.pixels.empty()) return;
        cv::Mat equalised;
        cv::equalizeHist(patch.pixels, equalised);
        // OpenCV's cascade keeps its working buffers as wide as the widest image it has searched
        // and as tall as the tallest, separately: a 16x16000 strip then a 16000x16 one (two clips a
        // batch worker scores in turn) made them 20000 x 20000 (13 GB asked of the allocator). When
        // they would span far more than this search needs, the cascade is loaded afresh.
        const cv::Size grown(std::max(cascade->seen.width, equalised.cols), std::max(cascade->seen.height, equalised.rows));
        if (static_cast<double>(grown.area()) > 4.0 * std::max(static_cast<double>(equalised.total()), 640.0 * 640.0)) {
            if (!cascade->c.load(cascade->path) || cascade->c.empty())
                throw lv_failure(LV_ERR_MODEL, "could not load cascade " + cascade->path + " again");
            cascade->seen = equalised.size();
        } else {
            cascade->seen = grown;
        }

        std::vector<cv::Rect> found;
        cascade->c.detectMultiScale(equalised, found, params.scale_step, params.min_neighbors, 0,
                                    side(params.min_face * params.scale),
                                    params.max_face > 0 ? side(params.max_face * params.scale) : cv::Size());
        const size_t n = std::min(static_cast<size_t>(capacity), found.size());
        for (size_t i = 0; i < n; ++i) boxes[i] = patch.image_box(found[i]);
        *count = static_cast<int>(found.size());
    });
}

}  // extern "C"
