// dlib's 68-point shape predictor, run directly on OpenCV gray pixels.
#include "image.hpp"
#include "lv_landmarks.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <dlib/float_details.h>
#include <dlib/image_processing/shape_predictor.h>
#include <opencv2/imgproc.hpp>

// dlib::shape_predictor rounds its points to whole pixels when it returns them. On an eye 20 px
// wide that moves the eye-aspect ratio in steps of about 0.025, a tenth of a blink. So the model's
// fields are read here (same file format, version 1) and the same cascade of regression trees is
// run with dlib's own feature extraction, keeping the points in floating point.
//
// The trees are also repacked, which makes a fit two to four times faster with the same sums in
// the same order (so the same points to the bit): the model's 7,500 leaf vectors (65 MB) are far
// bigger than the caches, and dlib reads them one tree at a time, each read waiting for memory.
// Here every tree of a cascade level is first walked to its leaf (the splits are small and stay
// cached), then the leaves are summed with the next ones already being fetched. The pixels each
// level samples are likewise located first and fetched together.
//
// A tilted head is fitted where it is: the model's normalised face is mapped into the image
// through the box turned by the head's roll, so each sampled pixel is read from the frame as it
// is (dlib samples single pixels, no interpolation). Turning the pixels upright first cost more
// than the fit (3 ms for a 1080p face).
struct lv_predictor {
    struct split {
        unsigned long idx1, idx2;
        float thresh;
    };
    struct level {
        std::vector<unsigned long> anchor_idx;
        std::vector<dlib::vector<float, 2>> deltas;
        std::vector<split> splits;  // tree by tree, each `splits_per_tree` long
        std::vector<float> leaves;  // tree by tree, leaf by leaf, each leaf `dims` floats
        unsigned long trees = 0, splits_per_tree = 0;
    };
    dlib::matrix<float, 0, 1> initial_shape;
    std::vector<level> levels;

    unsigned long num_parts() const { return initial_shape.size() / 2; }

    // The model file in dlib's format (version 1), read in one pass through a buffer of its own:
    // dlib's own reader, a stream call per byte for the model's 34 million numbers, took most of a
    // second. Every count the file declares (cascade levels, trees, splits, leaves, coordinates)
    // must fit in the bytes it has left, each item taking at least one, before anything is sized
    // from it: a 1 kB file declaring 120 million trees took dlib 2.8 GB before it failed.
    class model_file {
      public:
        explicit model_file(const char *path) : in_(path, std::ios::binary) {
            in_.seekg(0, std::ios::end);
            size_ = static_cast<double>(in_.tellg());
            in_.seekg(0);
            if (!in_ || size_ < 0) throw dlib::serialization_error("cannot read the shape predictor");
        }

        // dlib's integer: a byte giving its length (low four bits) and its sign (0x80), then that
        // many little-endian bytes.
        long long integer(int max_bytes = 8) {
            const unsigned char head = byte();
            const int length = head & 0x0F;
            if (length > max_bytes || (head & 0x70)) throw dlib::serialization_error("shape predictor holds a malformed number");
            unsigned long long value = 0;
            for (int k = 0; k < length; ++k) value |= static_cast<unsigned long long>(byte()) << (8 * k);
            if (value > static_cast<unsigned long long>(LLONG_MAX)) throw dlib::serialization_error("shape predictor holds a number out of range");
            return head & 0x80 ? -static_cast<long long>(value) : static_cast<long long>(value);
        }

        // How many items follow (a vector's length): each takes at least a byte of what is left.
        size_t count(const char *what) {
            const long long n = integer();
            if (n < 0 || static_cast<double>(n) > left())
                throw dlib::serialization_error(std::string("shape predictor declares more ") + what + " than its file holds");
            return static_cast<size_t>(n);
        }

        // dlib's float: a mantissa and a power of two, converted as dlib converts them.
        float real() {
            const long long mantissa = integer(8);
            const long long exponent = integer(2);
            dlib::float_details details;
            details.mantissa = mantissa;
            details.exponent = static_cast<dlib::int16>(exponent);
            return details;
        }

        // A column of floats: its rows and columns (negated, dlib's current format), then its items.
        void column(std::vector<float> &items, const char *what) {
            const long long rows = std::llabs(integer()), columns = std::llabs(integer());
            if (columns != 1) throw dlib::serialization_error(std::string("shape predictor ") + what + " is not a column");
            if (static_cast<double>(rows) > left()) throw dlib::serialization_error(std::string("shape predictor declares a ") + what + " larger than its file");
            for (long long i = 0; i < rows; ++i) items.push_back(real());
        }

        double left() const { return size_ - before_ - static_cast<double>(at_); }

      private:
        std::ifstream in_;
        std::vector<char> buffer_ = std::vector<char>(1 << 20);
        size_t at_ = 0, filled_ = 0;
        double size_ = 0, before_ = 0;  // the file's bytes, and those before the buffer

        unsigned char byte() {
            if (at_ == filled_) {
                before_ += static_cast<double>(filled_);
                in_.read(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
                filled_ = static_cast<size_t>(in_.gcount());
                at_ = 0;
                if (filled_ == 0) throw dlib::serialization_error("shape predictor file ends early");
            }
            return static_cast<unsigned char>(buffer_[at_++]);
        }
    };

    // Reads the model straight into the packed levels (the layout `fit` runs on), checking what
    // `fit` relies on: 2 coordinates a point, every tree of a level complete and of one depth,
    // every leaf a whole shape, every split reading pixels the level samples, every sampled pixel
    // placed from a landmark of the shape.
    void load(const char *path) {
        model_file file(path);
        const long long version = file.integer();
        if (version != 1) throw dlib::serialization_error("not a dlib shape predictor (version " + std::to_string(version) + ")");
        std::vector<float> mean;
        file.column(mean, "mean shape");
        if (mean.size() % 2 != 0) throw dlib::serialization_error("shape predictor mean shape has an odd number of coordinates");
        const size_t dims = mean.size();
        initial_shape.set_size(static_cast<long>(dims));
        std::copy(mean.begin(), mean.end(), initial_shape.begin());
        levels.resize(file.count("cascade levels"));
        if (levels.empty()) throw dlib::serialization_error("shape predictor has no cascade level");
        for (level &lv : levels) {
            lv.trees = file.count("trees");
            for (unsigned long t = 0; t < lv.trees; ++t) {
                const size_t splits = file.count("splits");
                if (t == 0) {
                    lv.splits_per_tree = splits;
                    // Sized once for the level: grown leaf by leaf, the 65 MB of leaves left 60 MB
                    // of address space behind, which a batch worker's --memory-limit counts. What
                    // the level declares must fit in the bytes left: a leaf's float takes two, a
                    // split (two indices and a float) four.
                    const double floats = double(lv.trees) * double(splits + 1) * double(dims);
                    if (2 * floats + 4 * double(lv.trees) * double(splits) > file.left())
                        throw dlib::serialization_error("shape predictor declares more leaves than its file holds");
                    lv.leaves.reserve(static_cast<size_t>(floats));
                    lv.splits.reserve(lv.trees * splits);
                }
                if (splits != lv.splits_per_tree) throw dlib::serialization_error("shape predictor trees of one level differ in depth");
                for (size_t i = 0; i < splits; ++i) {
                    const long long idx1 = file.integer(), idx2 = file.integer();
                    if (idx1 < 0 || idx2 < 0) throw dlib::serialization_error("shape predictor split reads a negative pixel index");
                    lv.splits.push_back({static_cast<unsigned long>(idx1), static_cast<unsigned long>(idx2), file.real()});
                }
                // dlib's trees are complete: splits + 1 leaves, every leaf a full shape update.
                if (file.count("leaves") != splits + 1) throw dlib::serialization_error("shape predictor tree has not one leaf more than its splits");
                for (size_t leaf = 0; leaf <= splits; ++leaf) {
                    const size_t before = lv.leaves.size();
                    file.column(lv.leaves, "leaf");
                    if (lv.leaves.size() - before != dims) throw dlib::serialization_error("shape predictor leaf of the wrong size");
                }
            }
        }
        if (file.count("anchor levels") != levels.size()) throw dlib::serialization_error("shape predictor cascades do not match");
        for (level &lv : levels) {
            lv.anchor_idx.resize(file.count("anchors"));
            for (unsigned long &anchor : lv.anchor_idx) {
                const long long value = file.integer();
                // Each sampled pixel is placed from one landmark of the shape: it must be one of them.
                if (value < 0 || static_cast<size_t>(value) >= dims / 2)
                    throw dlib::serialization_error("shape predictor anchor " + std::to_string(value) + " is no landmark of its shape");
                anchor = static_cast<unsigned long>(value);
            }
        }
        if (file.count("offset levels") != levels.size()) throw dlib::serialization_error("shape predictor cascades do not match");
        for (level &lv : levels) {
            lv.deltas.resize(file.count("offsets"));
            for (auto &delta : lv.deltas) {
                delta.x() = file.real();
                delta.y() = file.real();
            }
            if (lv.anchor_idx.size() != lv.deltas.size())
                throw dlib::serialization_error("shape predictor anchors and pixel offsets differ in number");
            for (const split &s : lv.splits)
                if (s.idx1 >= lv.deltas.size() || s.idx2 >= lv.deltas.size())
                    throw dlib::serialization_error("shape predictor split reads a pixel it does not sample");
        }
    }

    // Fits the face whose box, in the model's normalised coordinates, `to_image` maps into `image`.
    void fit(const cv::Mat &image, const dlib::point_transform_affine &to_image, lv_point *points) const {
        dlib::matrix<float, 0, 1> shape = initial_shape;
        const long dims = shape.size();
        const dlib::rectangle area(0, 0, image.cols - 1, image.rows - 1);
        std::vector<float> features;
        std::vector<const unsigned char *> pixel;
        std::vector<const float *> leaf;
        for (const level &lv : levels) {
            // dlib's extract_feature_pixel_values, in two passes: where, then what.
            const dlib::matrix<float, 2, 2> tform =
                dlib::matrix_cast<float>(dlib::impl::find_tform_between_shapes(initial_shape, shape).get_m());
            pixel.resize(lv.deltas.size());
            for (size_t i = 0; i < lv.deltas.size(); ++i) {
                const dlib::point p = to_image(tform * lv.deltas[i] + dlib::impl::location(shape, lv.anchor_idx[i]));
                pixel[i] = area.contains(p) ? image.ptr<unsigned char>(p.y()) + p.x() : nullptr;
                if (pixel[i]) __builtin_prefetch(pixel[i]);
            }
            features.resize(pixel.size());
            for (size_t i = 0; i < pixel.size(); ++i) features[i] = pixel[i] ? *pixel[i] : 0;

            leaf.resize(lv.trees);
            const unsigned long n = lv.splits_per_tree;
            for (unsigned long t = 0; t < lv.trees; ++t) {
                const split *splits = &lv.splits[t * n];
                unsigned long i = 0;
                while (i < n) i = features[splits[i].idx1] - features[splits[i].idx2] > splits[i].thresh ? 2 * i + 1 : 2 * i + 2;
                leaf[t] = &lv.leaves[(t * (n + 1) + (i - n)) * dims];
            }
            float *s = &shape(0);
            constexpr unsigned long ahead = 6;  // trees whose leaves are being fetched while one is summed
            const auto prefetch = [&](unsigned long t) {
                const char *p = reinterpret_cast<const char *>(leaf[t]);
                for (long b = 0; b < dims * static_cast<long>(sizeof(float)); b += 64) __builtin_prefetch(p + b);
            };
            for (unsigned long t = 0; t < std::min(ahead, lv.trees); ++t) prefetch(t);
            for (unsigned long t = 0; t < lv.trees; ++t) {
                if (t + ahead < lv.trees) prefetch(t + ahead);
                const float *v = leaf[t];
                for (long d = 0; d < dims; ++d) s[d] += v[d];
            }
        }
        for (unsigned long i = 0; i < num_parts(); ++i) {
            const dlib::vector<double, 2> p = to_image(dlib::impl::location(shape, i));
            points[i] = lv_point{static_cast<float>(p.x()), static_cast<float>(p.y())};
        }
    }
};

namespace {

// dlib's unnormalizing_tform(rect) (the model's unit square onto the box), written out: dlib
// solves it with a pseudo-inverse through BLAS, whose first call makes OpenBLAS reserve a 128 MB
// buffer, and under a tight address-space limit (`--memory-limit`) OpenBLAS retries that
// allocation for ever instead of failing.
dlib::point_transform_affine box_transform(const dlib::rectangle &rect) {
    dlib::matrix<double, 2, 2> m;
    m = rect.right() - rect.left(), 0, 0, rect.bottom() - rect.top();
    return dlib::point_transform_affine(m, dlib::vector<double, 2>(rect.left(), rect.top()));
}

dlib::rectangle dlib_rect(const lv_box &box) {
    const long left = std::lround(box.x), top = std::lround(box.y);
    return dlib::rectangle(left, top, left + std::lround(box.width) - 1, top + std::lround(box.height) - 1);
}

}  // namespace

extern "C" {

lv_status lv_predictor_load(const char *path, lv_predictor **out, lv_error *error) {
    // dlib reports a truncated or foreign file as serialization_error; the scope makes it a model error.
    return lv_guard(error, [&] {
        lv_require(out != nullptr, LV_ERR_ARGUMENT, "no output handle");
        lv_require_file(path, LV_ERR_MODEL, "could not load landmark model");
        auto predictor = std::make_unique<lv_predictor>();
        predictor->load(path);
        if (predictor->num_parts() != LV_LANDMARK_COUNT)
            throw lv_failure(LV_ERR_MODEL, std::string("landmark model ") + path + " has " +
                                               std::to_string(predictor->num_parts()) + " points, not 68");
        *out = predictor.release();
    }, {LV_ERR_MODEL, "could not load landmark model", path});
}

void lv_predictor_destroy(lv_predictor *predictor) {
    lv_guard(nullptr, [&] { delete predictor; });
}

lv_status lv_predictor_fit(lv_predictor *predictor, const lv_image *gray, lv_box box, float roll,
                           lv_point points[LV_LANDMARK_COUNT], lv_error *error) {
    return lv_guard(error, [&] {
        lv_require(predictor && points, LV_ERR_ARGUMENT, "missing predictor or points");
        const cv::Mat &image = lv_gray_source(gray);
        lv_require(std::isfinite(box.x) && std::isfinite(box.y) && box.width >= 1 && box.height >= 1 &&
                       std::isfinite(box.width) && std::isfinite(box.height),
                   LV_ERR_ARGUMENT, "face box must be finite and at least 1 x 1");
        lv_require(std::isfinite(roll) && std::abs(roll) <= 180, LV_ERR_ARGUMENT, "roll must be within +-180 degrees");
        // The box as dlib takes it, turned by `roll` about its centre (image y points down, so
        // OpenCV's positive angle, which turns the face upright, is undone by the negative one).
        const dlib::rectangle rect = dlib_rect(box);
        dlib::point_transform_affine to_image = box_transform(rect);
        if (roll != 0) {
            const cv::Mat back = cv::getRotationMatrix2D(cv::Point2f(box.x + box.width / 2, box.y + box.height / 2), -roll, 1.0);
            dlib::matrix<double, 2, 2> m;
            m = back.at<double>(0, 0), back.at<double>(0, 1), back.at<double>(1, 0), back.at<double>(1, 1);
            to_image = dlib::point_transform_affine(m, dlib::vector<double, 2>(back.at<double>(0, 2), back.at<double>(1, 2))) * to_image;
        }
        predictor->fit(image, to_image, points);
    });
}

}  // extern "C"
