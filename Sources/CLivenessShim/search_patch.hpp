// The part of a gray image a detector searches: a region (reaching past the image if asked,
// filled from its edge), resized by a factor and turned upright for a tilted head, with the way
// back to image pixels. Shared by the cascade and HOG detectors.
#ifndef LV_SEARCH_PATCH_HPP
#define LV_SEARCH_PATCH_HPP

#include "image.hpp"
#include "lv_geometry.h"

#include <opencv2/core.hpp>

struct lv_search_patch {
    cv::Mat pixels;  // empty when the region misses the image
    cv::Rect wanted;  // the region in image pixels (whole pixels, maybe past the edges)
    cv::Mat back;     // patch pixels before the upright turn <- after it (empty without a roll)
    double sx = 1, sy = 1;  // image pixels per patch pixel

    // A box found in the patch, as a box in the image (centre mapped back, sides upright to the head).
    lv_box image_box(const cv::Rect &r) const;
};

// Checks the arguments (finite region, 0 < scale <= 4, |roll| <= 180) and cuts the patch.
lv_search_patch lv_cut_search_patch(const cv::Mat &gray, const lv_box &region, float scale, float roll);

#endif
