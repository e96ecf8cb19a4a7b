// dlib's 68-point shape predictor, run directly on OpenCV gray pixels.
#include "image.hpp"
#include "lv_landmarks.h"

#include <cmath>
#include <memory>
#include <string>

#include <dlib/image_processing/shape_predictor.h>
#include <dlib/opencv.h>

struct lv_predictor {
    dlib::shape_predictor sp;
};

extern "C" {

lv_status lv_predictor_load(const char *path, lv_predictor **out, lv_error *error) {
    // dlib reports a truncated or foreign file as serialization_error; the scope makes it a model error.
    return lv_guard(error, [&] {
        lv_require(out != nullptr, LV_ERR_ARGUMENT, "no output handle");
        lv_require_file(path, LV_ERR_MODEL, "could not load landmark model");
        auto predictor = std::make_unique<lv_predictor>();
        dlib::deserialize(path) >> predictor->sp;
        if (predictor->sp.num_parts() != LV_LANDMARK_COUNT)
            throw lv_failure(LV_ERR_MODEL, std::string("landmark model ") + path + " has " +
                                               std::to_string(predictor->sp.num_parts()) + " points, not 68");
        *out = predictor.release();
    }, {LV_ERR_MODEL, "could not load landmark model", path});
}

void lv_predictor_destroy(lv_predictor *predictor) {
    lv_guard(nullptr, [&] { delete predictor; });
}

lv_status lv_predictor_fit(lv_predictor *predictor, const lv_image *gray, lv_box box,
                           lv_point points[LV_LANDMARK_COUNT], lv_error *error) {
    return lv_guard(error, [&] {
        lv_require(predictor && points, LV_ERR_ARGUMENT, "missing predictor or points");
        const cv::Mat &image = lv_gray_source(gray);
        lv_require(std::isfinite(box.x) && std::isfinite(box.y) && box.width >= 1 && box.height >= 1 &&
                       std::isfinite(box.width) && std::isfinite(box.height),
                   LV_ERR_ARGUMENT, "face box must be finite and at least 1 x 1");
        // cv_image wraps the Mat's rows in place (it honours the row step), so nothing is copied.
        const dlib::cv_image<unsigned char> pixels(image);
        const long left = std::lround(box.x), top = std::lround(box.y);
        const dlib::rectangle rect(left, top, left + std::lround(box.width) - 1,
                                   top + std::lround(box.height) - 1);
        const dlib::full_object_detection shape = predictor->sp(pixels, rect);
        for (unsigned long i = 0; i < LV_LANDMARK_COUNT; ++i) {
            const dlib::point &p = shape.part(i);
            points[i] = lv_point{static_cast<float>(p.x()), static_cast<float>(p.y())};
        }
    });
}

}  // extern "C"
