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
    cv::Mat prev;                      // previous frame (a private copy: the caller reuses its buffer)
    std::vector<cv::Point2f> corners;  // corners in `prev`
};

namespace {

void forget(lv_flow &flow) {
    flow.prev.release();
    flow.corners.clear();
}

// 255 where corners may be picked: everywhere except `exclude`.
cv::Mat corner_mask(const cv::Size &size, const lv_box &exclude) {
    cv::Mat mask(size, CV_8UC1, cv::Scalar(255));
    if (!(exclude.width > 0 && exclude.height > 0)) return mask;
    const cv::Rect inside = lv_clipped_box(exclude, size);
    if (!inside.empty()) mask(inside).setTo(0);
    return mask;
}

}  // namespace

extern "C" {

lv_status lv_flow_create(lv_flow **out, lv_error *error) {
    return lv_guard(error, [&] {
        lv_require(out != nullptr, LV_ERR_ARGUMENT, "no output handle");
        *out = std::make_unique<lv_flow>().release();
    });
}

void lv_flow_destroy(lv_flow *flow) {
    lv_guard(nullptr, [&] { delete flow; });
}

lv_status lv_flow_track(lv_flow *flow, const lv_image *gray, lv_box exclude, int max_features, lv_point *from,
                        lv_point *to, int capacity, int *count, lv_error *error) {
    return lv_guard(error, [&] {
        lv_require(flow && count, LV_ERR_ARGUMENT, "missing flow or count");
        lv_require(max_features > 0, LV_ERR_ARGUMENT, "max_features must be positive");
        const cv::Mat &frame = lv_gray_source(gray);
        lv_require(capacity >= 0 && ((from && to) || capacity == 0), LV_ERR_ARGUMENT, "bad point buffers");
        lv_require(std::isfinite(exclude.x) && std::isfinite(exclude.y) && std::isfinite(exclude.width) &&
                       std::isfinite(exclude.height),
                   LV_ERR_ARGUMENT, "exclude box is not finite");
        *count = 0;
        if (frame.size() != flow->prev.size()) forget(*flow);

        if (!flow->prev.empty() && !flow->corners.empty()) {
            std::vector<cv::Point2f> moved;
            std::vector<unsigned char> status;
            std::vector<float> residual;
            cv::calcOpticalFlowPyrLK(flow->prev, frame, flow->corners, moved, status, residual, cv::Size(21, 21), 3);
            int n = 0;
            for (size_t i = 0; i < status.size() && n < capacity; ++i) {
                if (status[i] != 1) continue;
                from[n] = lv_point{flow->corners[i].x, flow->corners[i].y};
                to[n] = lv_point{moved[i].x, moved[i].y};
                ++n;
            }
            *count = n;
        }

        std::vector<cv::Point2f> corners;
        cv::goodFeaturesToTrack(frame, corners, max_features, 0.01, 8, corner_mask(frame.size(), exclude));
        frame.copyTo(flow->prev);
        flow->corners = std::move(corners);
    });
}

void lv_flow_reset(lv_flow *flow) {
    lv_guard(nullptr, [&] {
        if (flow) forget(*flow);
    });
}

}  // extern "C"
