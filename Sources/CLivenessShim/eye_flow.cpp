// Farneback's dense flow on a small region around the eyes, between consecutive frames.
#include "image.hpp"
#include "lv_eye_flow.h"

#include <cmath>
#include <memory>

#include <opencv2/imgproc.hpp>
#include <opencv2/video/tracking.hpp>

struct lv_eye_flow {
    cv::Rect region;   // frame pixels, inside the frame it was kept from
    double scale = 1;
    cv::Mat kept;      // that region's pixels, scaled
};

namespace {

cv::Mat scaled(const cv::Mat &frame, const cv::Rect &region, double scale) {
    cv::Mat out;
    cv::resize(frame(region), out, cv::Size(), scale, scale, scale < 1 ? cv::INTER_AREA : cv::INTER_LINEAR);
    return out;
}

}  // namespace

extern "C" {

lv_status lv_eye_flow_create(lv_eye_flow **out, lv_error *error) {
    return lv_guard(error, [&] {
        lv_require(out != nullptr, LV_ERR_ARGUMENT, "no output handle");
        *out = std::make_unique<lv_eye_flow>().release();
    });
}

void lv_eye_flow_destroy(lv_eye_flow *flow) {
    lv_guard(nullptr, [&] { delete flow; });
}

lv_status lv_eye_flow_keep(lv_eye_flow *flow, const lv_image *gray, lv_box region, double scale, lv_error *error) {
    return lv_guard(error, [&] {
        lv_require(flow != nullptr, LV_ERR_ARGUMENT, "no eye flow");
        lv_require(std::isfinite(scale) && scale > 0 && scale <= 4, LV_ERR_ARGUMENT, "scale must be in (0, 4]");
        const cv::Mat &frame = lv_gray_source(gray);
        lv_require(std::isfinite(region.x) && std::isfinite(region.y) && std::isfinite(region.width) && std::isfinite(region.height),
                   LV_ERR_ARGUMENT, "region is not finite");
        flow->region = lv_clipped_box(region, frame.size());
        flow->scale = scale;
        // Farneback needs a few pixels each way to say anything.
        if (flow->region.width * scale < 8 || flow->region.height * scale < 8) {
            flow->kept.release();
            return;
        }
        flow->kept = scaled(frame, flow->region, scale);
    });
}

lv_status lv_eye_flow_measure(lv_eye_flow *flow, const lv_image *gray, const lv_point *points, int count,
                              lv_point *flows, lv_point *offset, int *measured, lv_error *error) {
    return lv_guard(error, [&] {
        lv_require(flow != nullptr && measured != nullptr && offset != nullptr, LV_ERR_ARGUMENT, "no eye flow");
        lv_require(count >= 0 && (count == 0 || (points && flows)), LV_ERR_ARGUMENT, "bad point buffers");
        const cv::Mat &frame = lv_gray_source(gray);
        *measured = 0;
        if (flow->kept.empty()) return;
        // The region's own shift, measured on its pixels (phase correlation of the kept pixels with
        // this frame's at the same place): a still picture's is none, whatever its fit does.
        const cv::Mat same = scaled(frame, flow->region, flow->scale);
        if (same.size() != flow->kept.size()) return;
        cv::Mat a, b;
        flow->kept.convertTo(a, CV_32F);
        same.convertTo(b, CV_32F);
        const cv::Point2d shift = cv::phaseCorrelate(a, b) / flow->scale;
        const cv::Rect moved = flow->region + cv::Point(static_cast<int>(std::lround(shift.x)), static_cast<int>(std::lround(shift.y)));
        if ((moved & cv::Rect(0, 0, frame.cols, frame.rows)) != moved) return;
        const cv::Mat now = scaled(frame, moved, flow->scale);
        if (now.size() != flow->kept.size()) return;
        offset->x = static_cast<float>(moved.x - flow->region.x);
        offset->y = static_cast<float>(moved.y - flow->region.y);
        cv::Mat field;
        // Four pyramid levels and a 13-pixel window: an eye is about 24 scaled pixels wide, and at
        // 10 fps a lid moves a third of it between frames, past what two levels and 9 pixels find
        // (faceswap_data2_10fps: 0.037 eye widths down where its 30 fps original reads 0.116).
        cv::calcOpticalFlowFarneback(flow->kept, now, field, 0.5, 4, 13, 3, 5, 1.1, 0);
        for (int i = 0; i < count; ++i) {
            lv_require(std::isfinite(points[i].x) && std::isfinite(points[i].y), LV_ERR_ARGUMENT, "point is not finite");
            const int x = lv_clamp_px(std::round((points[i].x - flow->region.x) * flow->scale), 1, field.cols - 2);
            const int y = lv_clamp_px(std::round((points[i].y - flow->region.y) * flow->scale), 1, field.rows - 2);
            const cv::Scalar mean = cv::mean(field(cv::Rect(x - 1, y - 1, 3, 3)));
            flows[i] = lv_point{static_cast<float>(mean[0] / flow->scale), static_cast<float>(mean[1] / flow->scale)};
        }
        *measured = 1;
    });
}

void lv_eye_flow_reset(lv_eye_flow *flow) {
    lv_guard(nullptr, [&] {
        if (flow) flow->kept.release();
    });
}

}  // extern "C"
