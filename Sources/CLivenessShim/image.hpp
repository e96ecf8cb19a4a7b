// The lv_image handle and the argument checks every file that takes one shares.
#ifndef LV_IMAGE_HPP
#define LV_IMAGE_HPP

#include "guard.hpp"
#include "lv_image.h"

#include <algorithm>
#include <cmath>

#include <opencv2/core.hpp>

struct lv_image {
    cv::Mat mat;
};

// An output image: must exist, may be empty.
inline cv::Mat &lv_target(lv_image *image) {
    lv_require(image != nullptr, LV_ERR_ARGUMENT, "no image");
    return image->mat;
}

// An input image: must exist and hold pixels.
inline const cv::Mat &lv_source(const lv_image *image) {
    lv_require(image != nullptr, LV_ERR_ARGUMENT, "no image");
    lv_require(!image->mat.empty(), LV_ERR_ARGUMENT, "empty image");
    return image->mat;
}

inline cv::Mat &lv_source(lv_image *image) {
    return const_cast<cv::Mat &>(lv_source(static_cast<const lv_image *>(image)));
}

// Detection, landmarks and flow all work on 8-bit gray.
inline const cv::Mat &lv_gray_source(const lv_image *image) {
    const cv::Mat &m = lv_source(image);
    lv_require(m.type() == CV_8UC1, LV_ERR_ARGUMENT, "expected an 8-bit single-channel (gray) image");
    return m;
}

// A finite pixel coordinate clamped into [lo, hi] before it becomes an int (a huge float would
// not fit).
inline int lv_clamp_px(double v, int lo, int hi) {
    return static_cast<int>(std::clamp(v, static_cast<double>(lo), static_cast<double>(hi)));
}

// The pixels from a box's corner, rounded down, as wide and high as the box rounded up: the region
// statistics and the samples read the same pixels of a box (not clipped to any image).
inline cv::Rect lv_box_pixels(const lv_box &box) {
    return cv::Rect(static_cast<int>(std::floor(box.x)), static_cast<int>(std::floor(box.y)),
                    static_cast<int>(std::ceil(box.width)), static_cast<int>(std::ceil(box.height)));
}

// A box's pixels, grown outwards to whole pixels and clipped to an image of `size`; empty when
// nothing of it is inside. The box must be finite.
inline cv::Rect lv_clipped_box(const lv_box &box, const cv::Size &size) {
    const int x0 = lv_clamp_px(std::floor(box.x), 0, size.width);
    const int y0 = lv_clamp_px(std::floor(box.y), 0, size.height);
    const int x1 = lv_clamp_px(std::ceil(double{box.x} + box.width), 0, size.width);
    const int y1 = lv_clamp_px(std::ceil(double{box.y} + box.height), 0, size.height);
    return x1 > x0 && y1 > y0 ? cv::Rect(x0, y0, x1 - x0, y1 - y0) : cv::Rect();
}

// Where the 2 x 3 affine matrix `m` (CV_64F) takes the point (x, y).
inline cv::Point2d lv_apply_affine(const cv::Mat &m, double x, double y) {
    return {m.at<double>(0, 0) * x + m.at<double>(0, 1) * y + m.at<double>(0, 2),
            m.at<double>(1, 0) * x + m.at<double>(1, 1) * y + m.at<double>(1, 2)};
}

#endif
