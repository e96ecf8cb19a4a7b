// Cutting, resizing and turning upright the region a detector searches.
#include "search_patch.hpp"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

namespace {

// The region's pixels grown outwards to whole pixels, not clipped.
cv::Rect outer_region(const lv_box &box) {
    const int x0 = static_cast<int>(std::floor(box.x)), y0 = static_cast<int>(std::floor(box.y));
    return cv::Rect(x0, y0, static_cast<int>(std::ceil(double{box.x} + box.width)) - x0,
                    static_cast<int>(std::ceil(double{box.y} + box.height)) - y0);
}

}  // namespace

lv_box lv_search_patch::image_box(const cv::Rect &r) const {
    cv::Point2d c(r.x + r.width / 2.0, r.y + r.height / 2.0);
    if (!back.empty()) c = lv_apply_affine(back, c.x, c.y);
    const double w = r.width * sx, h = r.height * sy;
    return lv_box{static_cast<float>(wanted.x + c.x * sx - w / 2), static_cast<float>(wanted.y + c.y * sy - h / 2),
                  static_cast<float>(w), static_cast<float>(h)};
}

lv_search_patch lv_cut_search_patch(const cv::Mat &image, const lv_box &region, float scale, float roll) {
    lv_require(scale > 0 && scale <= 4, LV_ERR_ARGUMENT, "scale must be in (0, 4]");
    lv_require(std::isfinite(roll) && std::abs(roll) <= 180, LV_ERR_ARGUMENT, "roll must be within +-180 degrees");
    lv_require(std::isfinite(region.x) && std::isfinite(region.y) && std::isfinite(region.width) &&
                   std::isfinite(region.height),
               LV_ERR_ARGUMENT, "region is not finite");
    lv_search_patch patch;
    const cv::Rect inside = lv_clipped_box(region, image.size());
    if (inside.empty()) return patch;

    // A region reaching past the image is searched with the missing part filled from the edge, so
    // a face bigger than the frame (forehead and chin cut off) can still be found. The fill is
    // limited to one image size on each side.
    const cv::Rect limit(-image.cols, -image.rows, 3 * image.cols, 3 * image.rows);
    patch.wanted = outer_region(region) & limit;
    cv::Mat search;
    if (patch.wanted == inside) {
        search = image(inside);
    } else {
        cv::copyMakeBorder(image(inside), search, inside.y - patch.wanted.y, patch.wanted.br().y - inside.br().y,
                           inside.x - patch.wanted.x, patch.wanted.br().x - inside.br().x, cv::BORDER_REPLICATE);
    }
    // `search` may still be a view of the caller's image: each step below writes a new matrix, never
    // into it (a turn in place rotated the whole frame when a still was searched at its own size).
    if (scale != 1.0f) {
        const cv::Size size(std::max(1, static_cast<int>(std::lround(search.cols * double{scale}))),
                            std::max(1, static_cast<int>(std::lround(search.rows * double{scale}))));
        cv::Mat resized;
        cv::resize(search, resized, size, 0, 0, scale < 1 ? cv::INTER_AREA : cv::INTER_LINEAR);
        search = resized;
    }
    // A tilted head is turned upright on the small copy: cheap, and the detectors only know upright faces.
    if (roll != 0) {
        const cv::Point2f middle(search.cols / 2.0f, search.rows / 2.0f);
        const cv::Mat to_upright = cv::getRotationMatrix2D(middle, roll, 1.0);
        cv::Mat upright;
        cv::warpAffine(search, upright, to_upright, search.size(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
        search = upright;
        cv::invertAffineTransform(to_upright, patch.back);
    }
    // The resized region's size was rounded, so map back with the factors actually applied.
    patch.sx = static_cast<double>(patch.wanted.width) / search.cols;
    patch.sy = static_cast<double>(patch.wanted.height) / search.rows;
    patch.pixels = search;
    return patch;
}
