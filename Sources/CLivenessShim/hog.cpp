// dlib's HOG frontal-face detector within a region of a gray image.
#include "lv_hog.h"
#include "search_patch.hpp"

#include <algorithm>
#include <memory>
#include <vector>

#include <dlib/image_processing/frontal_face_detector.h>
#include <dlib/opencv.h>

struct lv_hog {
    dlib::frontal_face_detector detector = dlib::get_frontal_face_detector();
};

extern "C" {

lv_status lv_hog_create(lv_hog **out, lv_error *error) {
    return lv_guard(error, [&] {
        lv_require(out != nullptr, LV_ERR_ARGUMENT, "no output handle");
        *out = std::make_unique<lv_hog>().release();
    });
}

void lv_hog_destroy(lv_hog *hog) {
    lv_guard(nullptr, [&] { delete hog; });
}

lv_status lv_hog_detect(lv_hog *hog, const lv_image *gray, lv_box region, float scale, float roll, lv_box *boxes,
                        int capacity, int *count, lv_error *error) {
    return lv_guard(error, [&] {
        lv_require(hog && count, LV_ERR_ARGUMENT, "missing detector or count");
        const cv::Mat &image = lv_gray_source(gray);
        lv_require(capacity >= 0 && (boxes || capacity == 0), LV_ERR_ARGUMENT, "bad box buffer");
        *count = 0;
        const lv_search_patch patch = lv_cut_search_patch(image, region, scale, roll);
        if (patch.pixels.empty()) return;
        std::vector<dlib::rect_detection> found;
        hog->detector(dlib::cv_image<unsigned char>(patch.pixels), found, 0.0);
        const size_t n = std::min(static_cast<size_t>(capacity), found.size());
        for (size_t i = 0; i < n; ++i) {
            const dlib::rectangle &r = found[i].rect;
            boxes[i] = patch.image_box(cv::Rect(r.left(), r.top(), r.width(), r.height()));
        }
        *count = static_cast<int>(found.size());
    });
}

}  // extern "C"
