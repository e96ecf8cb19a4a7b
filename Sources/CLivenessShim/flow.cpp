// Sparse Lucas-Kanade tracking of background corners between consecutive frames.
#include "image.hpp"
#include "lv_flow.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include <opencv2/imgproc.hpp>
#include <opencv2/video/tracking.hpp>

struct lv_flow {
    int work_width;
    int max_features;
    cv::Size frame_size;  // full-size frame the previous state came from
    cv::Mat prev;         // previous frame, shrunk to work_width
    std::vector<cv::Point2f> corners;  // corners in `prev`, small-frame pixels
};

namespace {

void forget(lv_flow &flow) {
    flow.frame_size = cv::Size();
    flow.prev.release();
    flow.corners.clear();
}

// A private copy shrunk by `factor` (never grown): the caller reuses its frame buffer.
cv::Mat shrink(const cv::Mat &gray, double factor) {
    cv::Mat small;
    if (factor < 1) {
        const cv::Size size(std::max(1, static_cast<int>(std::lround(gray.cols * factor))),
                            std::max(1, static_cast<int>(std::lround(gray.rows * factor))));
        cv::resize(gray, small, size, 0, 0, cv::INTER_AREA);
    } else {
        small = gray.clone();
    }
    return small;
}

// 255 where corners may be picked: everywhere except `exclude` (given in full-size pixels).
cv::Mat corner_mask(const cv::Size &size, const lv_box &exclude, cv::Point2d k) {
    cv::Mat mask(size, CV_8UC1, cv::Scalar(255));
    if (!(exclude.width > 0 && exclude.height > 0)) return mask;
    const int x0 = lv_clamp_px(std::floor(exclude.x * k.x), 0, size.width);
    const int y0 = lv_clamp_px(std::floor(exclude.y * k.y), 0, size.height);
    const int x1 = lv_clamp_px(std::ceil((double{exclude.x} + exclude.width) * k.x), 0, size.width);
    const int y1 = lv_clamp_px(std::ceil((double{exclude.y} + exclude.height) * k.y), 0, size.height);
    if (x1 > x0 && y1 > y0) mask(cv::Rect(x0, y0, x1 - x0, y1 - y0)).setTo(0);
    return mask;
}

}  // namespace

extern "C" {

lv_status lv_flow_create(int work_width, int max_features, lv_flow **out, lv_error *error) {
    return lv_guard(error, [&] {
        lv_require(out != nullptr, LV_ERR_ARGUMENT, "no output handle");
        lv_require(work_width > 0 && max_features > 0, LV_ERR_ARGUMENT,
                   "work_width and max_features must be positive");
        auto flow = std::make_unique<lv_flow>();
        flow->work_width = work_width;
        flow->max_features = max_features;
        *out = flow.release();
    });
}

void lv_flow_destroy(lv_flow *flow) {
    lv_guard(nullptr, [&] { delete flow; });
}

lv_status lv_flow_track(lv_flow *flow, const lv_image *gray, lv_box exclude, lv_point *from, lv_point *to,
                        int capacity, int *count, lv_error *error) {
    return lv_guard(error, [&] {
        lv_require(flow && count, LV_ERR_ARGUMENT, "missing flow or count");
        const cv::Mat &frame = lv_gray_source(gray);
        lv_require(capacity >= 0 && ((from && to) || capacity == 0), LV_ERR_ARGUMENT, "bad point buffers");
        lv_require(std::isfinite(exclude.x) && std::isfinite(exclude.y) && std::isfinite(exclude.width) &&
                       std::isfinite(exclude.height),
                   LV_ERR_ARGUMENT, "exclude box is not finite");
        *count = 0;
        if (frame.size() != flow->frame_size) forget(*flow);

        const cv::Mat small = shrink(frame, static_cast<double>(flow->work_width) / frame.cols);
        // Per-axis factors actually applied (the small size was rounded).
        const cv::Point2d k(static_cast<double>(small.cols) / frame.cols,
                            static_cast<double>(small.rows) / frame.rows);

        if (!flow->prev.empty() && !flow->corners.empty()) {
            std::vector<cv::Point2f> moved;
            std::vector<unsigned char> status;
            std::vector<float> residual;
            cv::calcOpticalFlowPyrLK(flow->prev, small, flow->corners, moved, status, residual,
                                     cv::Size(21, 21), 3);
            // Pixel centres scale about the pixel grid's corner, hence the half-pixel terms.
            const auto full = [&](cv::Point2f p) {
                return lv_point{static_cast<float>((p.x + 0.5) / k.x - 0.5),
                                static_cast<float>((p.y + 0.5) / k.y - 0.5)};
            };
            int n = 0;
            for (size_t i = 0; i < status.size() && n < capacity; ++i) {
                if (status[i] != 1) continue;
                from[n] = full(flow->corners[i]);
                to[n] = full(moved[i]);
                ++n;
            }
            *count = n;
        }

        std::vector<cv::Point2f> corners;
        const cv::Mat mask = corner_mask(small.size(), exclude, k);
        cv::goodFeaturesToTrack(small, corners, flow->max_features, 0.01, 8, mask);
        flow->frame_size = frame.size();
        flow->prev = small;
        flow->corners = std::move(corners);
    });
}

void lv_flow_reset(lv_flow *flow) {
    lv_guard(nullptr, [&] {
        if (flow) forget(*flow);
    });
}

}  // extern "C"
