// Overlay drawing. Drawing failures are ignored: an overlay is cosmetic.
#include "image.hpp"
#include "lv_draw.h"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

namespace {

// Coordinates go to OpenCV in 1/16 px fixed point so anti-aliased shapes land between pixels.
constexpr int kShift = 4;
constexpr float kOne = 1 << kShift;
// FONT_HERSHEY_SIMPLEX at fontScale 1 is 22 px from baseline to cap top, the header's "scale 1.0".
constexpr int kFont = cv::FONT_HERSHEY_SIMPLEX;

int fixed(float v) { return static_cast<int>(std::lround(v * kOne)); }
cv::Point fixed(lv_point p) { return cv::Point(fixed(p.x), fixed(p.y)); }
cv::Scalar bgr(lv_color c) { return cv::Scalar(c.b, c.g, c.r); }

}  // namespace

extern "C" {

void lv_draw_circle(lv_image *image, lv_point centre, float radius, lv_color color, int thickness) {
    lv_guard(nullptr, [&] {
        cv::circle(lv_source(image), fixed(centre), fixed(radius), bgr(color), thickness, cv::LINE_AA,
                   kShift);
    });
}

void lv_draw_ellipse(lv_image *image, lv_point centre, float semi_x, float semi_y, float angle_degrees,
                     lv_color color, int thickness) {
    lv_guard(nullptr, [&] {
        cv::ellipse(lv_source(image), fixed(centre), cv::Size(fixed(semi_x), fixed(semi_y)), angle_degrees, 0,
                    360, bgr(color), thickness, cv::LINE_AA, kShift);
    });
}

void lv_draw_point(lv_image *image, lv_point at, int radius, lv_color color) {
    lv_guard(nullptr, [&] {
        cv::circle(lv_source(image), fixed(at), fixed(static_cast<float>(radius)), bgr(color), cv::FILLED,
                   cv::LINE_AA, kShift);
    });
}

void lv_draw_line(lv_image *image, lv_point from, lv_point to, lv_color color, int thickness) {
    lv_guard(nullptr, [&] {
        cv::line(lv_source(image), fixed(from), fixed(to), bgr(color), std::max(1, thickness), cv::LINE_AA, kShift);
    });
}

void lv_draw_rect(lv_image *image, lv_box box, lv_color color, int thickness) {
    lv_guard(nullptr, [&] {
        const cv::Point from = fixed(lv_point{box.x, box.y});
        const cv::Point to = fixed(lv_point{box.x + box.width, box.y + box.height});
        cv::rectangle(lv_source(image), from, to, bgr(color), thickness < 0 ? cv::FILLED : thickness, cv::LINE_AA,
                      kShift);
    });
}

void lv_draw_image(lv_image *image, const lv_image *src, lv_box box) {
    lv_guard(nullptr, [&] {
        cv::Mat &dst = lv_source(image);
        const cv::Mat &from = lv_source(src);
        const cv::Rect target(static_cast<int>(std::lround(box.x)), static_cast<int>(std::lround(box.y)),
                              std::max(1, static_cast<int>(std::lround(box.width))),
                              std::max(1, static_cast<int>(std::lround(box.height))));
        cv::Mat resized;
        cv::resize(from, resized, target.size(), 0, 0, cv::INTER_AREA);
        if (resized.channels() == 1) cv::cvtColor(resized, resized, cv::COLOR_GRAY2BGR);
        const cv::Rect visible = target & cv::Rect(0, 0, dst.cols, dst.rows);
        if (visible.empty()) return;
        resized(visible - target.tl()).copyTo(dst(visible));
    });
}

lv_status lv_image_blank(int width, int height, lv_color color, lv_image *out, lv_error *error) {
    return lv_guard(error, [&] {
        lv_require(width > 0 && height > 0 && width <= 16384 && height <= 16384, LV_ERR_ARGUMENT,
                   "canvas size must be 1-16384 pixels a side");
        lv_target(out) = cv::Mat(height, width, CV_8UC3, bgr(color));
    });
}

void lv_draw_text(lv_image *image, const char *text, lv_point origin, double scale, lv_color color,
                  int thickness) {
    lv_guard(nullptr, [&] {
        if (!text) return;
        const cv::Point at(static_cast<int>(std::lround(origin.x)), static_cast<int>(std::lround(origin.y)));
        cv::putText(lv_source(image), text, at, kFont, scale, bgr(color), std::max(1, thickness),
                    cv::LINE_AA);
    });
}

// The height includes the part below the baseline (descenders), i.e. the whole drawn extent.
void lv_text_size(const char *text, double scale, int thickness, int *width, int *height) {
    if (width) *width = 0;
    if (height) *height = 0;
    lv_guard(nullptr, [&] {
        if (!text) return;
        int baseline = 0;
        const cv::Size size = cv::getTextSize(text, kFont, scale, std::max(1, thickness), &baseline);
        if (width) *width = size.width;
        if (height) *height = size.height + baseline;
    });
}

void lv_image_mirror(lv_image *image) {
    lv_guard(nullptr, [&] {
        cv::Mat &mat = lv_source(image);
        cv::flip(mat, mat, 1);
    });
}

void lv_draw_tint(lv_image *image, lv_color color, double alpha) {
    lv_guard(nullptr, [&] {
        cv::Mat &mat = lv_source(image);
        const double a = std::clamp(alpha, 0.0, 1.0);
        const cv::Mat solid(mat.size(), mat.type(), bgr(color));
        cv::addWeighted(mat, 1 - a, solid, a, 0, mat);
    });
}

void lv_draw_blur(lv_image *image, int kernel) {
    lv_guard(nullptr, [&] {
        cv::Mat &mat = lv_source(image);
        const int k = std::max(1, kernel) | 1;  // GaussianBlur needs an odd size
        cv::GaussianBlur(mat, mat, cv::Size(k, k), 0);
    });
}

}  // extern "C"
