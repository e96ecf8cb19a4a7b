#include "dlib_reference.h"

#include <cstdio>
#include <exception>
#include <map>
#include <string>

#include <dlib/image_processing/shape_predictor.h>
#include <dlib/opencv/cv_image.h>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

extern "C" int dlib_reference_fit(const char *model, const char *image, long left, long top, long right,
                                  long bottom, long xy[136], char *message, unsigned long message_size) {
    try {
        // Loading takes half a second: one predictor per model for the whole test run.
        static std::map<std::string, dlib::shape_predictor> predictors;
        auto found = predictors.find(model);
        if (found == predictors.end()) {
            dlib::shape_predictor predictor;
            dlib::deserialize(model) >> predictor;
            found = predictors.emplace(model, std::move(predictor)).first;
        }
        const cv::Mat colour = cv::imread(image, cv::IMREAD_COLOR);
        if (colour.empty()) throw std::runtime_error(std::string("cannot read ") + image);
        cv::Mat gray;
        cv::cvtColor(colour, gray, cv::COLOR_BGR2GRAY);
        const dlib::full_object_detection shape =
            found->second(dlib::cv_image<unsigned char>(gray), dlib::rectangle(left, top, right, bottom));
        if (shape.num_parts() != 68) throw std::runtime_error("the model does not give 68 points");
        for (unsigned long i = 0; i < 68; ++i) {
            xy[2 * i] = shape.part(i).x();
            xy[2 * i + 1] = shape.part(i).y();
        }
        return 0;
    } catch (const std::exception &error) {
        std::snprintf(message, message_size, "%s", error.what());
        return -1;
    }
}
