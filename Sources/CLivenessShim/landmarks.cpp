// dlib's 68-point shape predictor, run directly on OpenCV gray pixels.
#include "image.hpp"
#include "lv_landmarks.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

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

    // Walks the file as `load` reads it without building anything: every count it declares (of
    // cascade levels, trees, splits, leaves, coordinates) must fit in the bytes left, as each item
    // takes at least one. dlib sizes its containers from these counts before reading them, so a
    // 1 kB file declaring 120 million trees took 2.8 GB before it failed. dlib writes an integer
    // as a byte giving its length (low four bits) and that many little-endian bytes, its sign in
    // the high bit; a float as two integers (mantissa, exponent). Read through a buffer of its own:
    // the model's 34 million integers through the stream took a quarter of a second.
    static void check_counts(const char *path) {
        struct reader {
            std::ifstream in;
            std::vector<char> buffer = std::vector<char>(1 << 20);
            size_t at = 0, filled = 0;
            double before = 0;  // bytes of the file before the buffer
            void refill() {
                before += static_cast<double>(filled);
                in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
                filled = static_cast<size_t>(in.gcount());
                at = 0;
                if (filled == 0) throw dlib::serialization_error("shape predictor file ends early");
            }
            unsigned char byte() {
                if (at == filled) refill();
                return static_cast<unsigned char>(buffer[at++]);
            }
            void pass(size_t n) {
                while (n > 0) {
                    if (at == filled) refill();
                    const size_t k = std::min(n, filled - at);
                    at += k;
                    n -= k;
                }
            }
            double consumed() const { return before + static_cast<double>(at); }
        } file{std::ifstream(path, std::ios::binary)};
        file.in.seekg(0, std::ios::end);
        const double size = static_cast<double>(file.in.tellg());
        file.in.seekg(0);
        auto integer = [&]() -> double {
            const unsigned char head = file.byte();
            double value = 0, scale = 1;
            for (int k = 0; k < (head & 0x0F); ++k, scale *= 256) value += file.byte() * scale;
            return head & 0x80 ? -value : value;
        };
        auto skip = [&](double integers) {
            for (double k = 0; k < integers; ++k) file.pass(file.byte() & 0x0F);
        };
        auto count = [&](const char *what) {
            const double n = integer();
            if (n < 0 || n > size - file.consumed())
                throw dlib::serialization_error(std::string("shape predictor declares more ") + what + " than its file holds");
            return n;
        };
        auto skip_matrix = [&] {
            const double items = std::abs(integer()) * std::abs(integer());
            if (items > size - file.consumed()) throw dlib::serialization_error("shape predictor declares a matrix larger than its file");
            skip(2 * items);
        };
        skip(1);  // the version, checked by `load`
        skip_matrix();
        for (double l = count("cascade levels"); l > 0; --l)
            for (double t = count("trees"); t > 0; --t) {
                skip(count("splits") * (2 + 2));  // two indices and a threshold each
                for (double n = count("leaves"); n > 0; --n) skip_matrix();
            }
        for (double l = count("anchor levels"); l > 0; --l) skip(count("anchors"));
        for (double l = count("offset levels"); l > 0; --l) skip(count("offsets") * 2 * 2);  // x and y each
    }

    void load(const char *path) {
        check_counts(path);
        std::ifstream in(path, std::ios::binary);
        int version = 0;
        dlib::deserialize(version, in);
        if (version != 1) throw dlib::serialization_error("not a dlib shape predictor (version " + std::to_string(version) + ")");
        std::vector<std::vector<dlib::impl::regression_tree>> forests;
        std::vector<std::vector<unsigned long>> anchor_idx;
        std::vector<std::vector<dlib::vector<float, 2>>> deltas;
        dlib::deserialize(initial_shape, in);
        dlib::deserialize(forests, in);
        dlib::deserialize(anchor_idx, in);
        dlib::deserialize(deltas, in);
        if (forests.empty() || anchor_idx.size() != forests.size() || deltas.size() != forests.size())
            throw dlib::serialization_error("shape predictor cascades do not match");
        const long dims = initial_shape.size();
        if (dims % 2 != 0) throw dlib::serialization_error("shape predictor mean shape has an odd number of coordinates");
        for (size_t l = 0; l < forests.size(); ++l) {
            // Each sampled pixel is placed from one landmark of the shape: it must be one of them.
            if (anchor_idx[l].size() != deltas[l].size())
                throw dlib::serialization_error("shape predictor anchors and pixel offsets differ in number");
            for (unsigned long anchor : anchor_idx[l])
                if (anchor >= static_cast<unsigned long>(dims / 2))
                    throw dlib::serialization_error("shape predictor anchor " + std::to_string(anchor) + " is no landmark of its shape");
        }
        for (size_t l = 0; l < forests.size(); ++l) {
            level packed;
            packed.anchor_idx = std::move(anchor_idx[l]);
            packed.deltas = std::move(deltas[l]);
            packed.trees = forests[l].size();
            packed.splits_per_tree = forests[l].empty() ? 0 : forests[l][0].splits.size();
            packed.splits.reserve(packed.trees * packed.splits_per_tree);
            packed.leaves.reserve(packed.trees * (packed.splits_per_tree + 1) * dims);
            for (const auto &tree : forests[l]) {
                // dlib's trees are complete: splits + 1 leaves, every leaf a full shape update.
                if (tree.splits.size() != packed.splits_per_tree || tree.leaf_values.size() != packed.splits_per_tree + 1)
                    throw dlib::serialization_error("shape predictor trees of one level differ in depth");
                for (const auto &s : tree.splits) {
                    if (s.idx1 >= packed.deltas.size() || s.idx2 >= packed.deltas.size())
                        throw dlib::serialization_error("shape predictor split reads a pixel it does not sample");
                    packed.splits.push_back({s.idx1, s.idx2, s.thresh});
                }
                for (const auto &leaf : tree.leaf_values) {
                    if (leaf.size() != dims) throw dlib::serialization_error("shape predictor leaf of the wrong size");
                    packed.leaves.insert(packed.leaves.end(), &leaf(0), &leaf(0) + dims);
                }
            }
            forests[l] = {};  // release as we go, so the model is never held twice
            levels.push_back(std::move(packed));
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
