// dlib's face-recognition ResNet (dlib_face_recognition_resnet_model_v1.dat), run on a chip aligned
// from the engine's own 68 landmarks.
#include "image.hpp"
#include "lv_descriptor.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <streambuf>
#include <string>
#include <vector>

#include <openssl/evp.h>

#include <dlib/dnn.h>
#include <dlib/image_processing/full_object_detection.h>
#include <dlib/image_transforms/interpolation.h>
#include <dlib/opencv.h>

namespace {

// The network's layers, in the order the model file stores them. dlib's serialised networks carry
// their weights but not their shape, so this type must match the trained network layer for layer:
// a 7x7 stem, four stages of residual units (32, 64, 128, 256 filters; each later stage starts by
// halving the size), one more halving unit, a global average and a 128-wide linear layer.
using namespace dlib;

// Two 3x3 convolutions, each followed by a per-channel affine (the trained batch normalisation),
// with a ReLU between them; the first convolution has the given stride.
template <int filters, int stride, typename SUBNET>
using conv_pair = affine<con<filters, 3, 3, 1, 1, relu<affine<con<filters, 3, 3, stride, stride, SUBNET>>>>>;

// A residual unit that keeps the size: relu(conv_pair(x) + x).
template <int filters, typename SUBNET>
using unit = relu<add_prev1<conv_pair<filters, 1, tag1<SUBNET>>>>;

// A residual unit that halves the size; its shortcut is x averaged over 2x2 blocks.
template <int filters, typename SUBNET>
using unit_down = relu<add_prev2<avg_pool<2, 2, 2, 2, skip1<tag2<conv_pair<filters, 2, tag1<SUBNET>>>>>>>;

template <typename SUBNET> using stem = max_pool<3, 3, 2, 2, relu<affine<con<32, 7, 7, 2, 2, SUBNET>>>>;
template <typename SUBNET> using stage32 = unit<32, unit<32, unit<32, SUBNET>>>;
template <typename SUBNET> using stage64 = unit<64, unit<64, unit<64, unit_down<64, SUBNET>>>>;
template <typename SUBNET> using stage128 = unit<128, unit<128, unit_down<128, SUBNET>>>;
template <typename SUBNET> using stage256 = unit_down<256, unit<256, unit<256, unit_down<256, SUBNET>>>>;

using descriptor_network = loss_metric<fc_no_bias<LV_DESCRIPTOR_SIZE, avg_pool_everything<
    stage256<stage128<stage64<stage32<stem<input_rgb_image_sized<150>>>>>>>>>;

// dlib reads a network's tensor sizes from the file and trusts them: a negative one makes it write
// through a null pointer, a changed weight loads silently and gives other descriptors. Only one
// published file fits this network, so the file is checked against its SHA-256 before dlib reads it.
std::string sha256_hex(const std::string &bytes) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    lv_require(EVP_Digest(bytes.data(), bytes.size(), digest, &length, EVP_sha256(), nullptr) == 1, LV_ERR_INTERNAL,
               "OpenSSL could not compute a SHA-256");
    std::string hex;
    char pair[3];
    for (unsigned int i = 0; i < length; ++i) {
        std::snprintf(pair, sizeof(pair), "%02x", digest[i]);
        hex += pair;
    }
    return hex;
}

// The file's bytes read in place: dlib reads a network from a stream, and a string stream would
// hold a second copy of the 22 MB.
struct bytes_buffer : std::streambuf {
    explicit bytes_buffer(std::string &bytes) { setg(bytes.data(), bytes.data(), bytes.data() + bytes.size()); }
};

constexpr unsigned long chip_size = 150;
constexpr double chip_padding = 0.25;

}  // namespace

struct lv_describer {
    descriptor_network network;
};

extern "C" {

lv_status lv_describer_load(const char *path, const char *sha256, lv_describer **out, lv_error *error) {
    // A truncated or foreign file throws serialization_error; the scope makes it a model error.
    return lv_guard(error, [&] {
        lv_require(out != nullptr && sha256 != nullptr, LV_ERR_ARGUMENT, "no output handle or checksum");
        lv_require_file(path, LV_ERR_MODEL, "could not load face descriptor model");
        std::ifstream file(path, std::ios::binary);
        std::string bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
        lv_require(!file.bad(), LV_ERR_MODEL, "could not read it");
        const std::string actual = sha256_hex(bytes);
        if (actual != sha256)
            throw lv_failure(LV_ERR_MODEL, "its SHA-256 begins " + actual.substr(0, 12) + ", the model's " +
                                               std::string(sha256).substr(0, 12) + " (a damaged copy, or another file)");
        auto describer = std::make_unique<lv_describer>();
        bytes_buffer buffer(bytes);
        std::istream stream(&buffer);
        dlib::deserialize(describer->network, stream);
        *out = describer.release();
    }, {LV_ERR_MODEL, "could not load face descriptor model", path});
}

void lv_describer_destroy(lv_describer *describer) {
    lv_guard(nullptr, [&] { delete describer; });
}

lv_status lv_describer_describe(lv_describer *describer, const lv_image *image, const lv_point points[LV_LANDMARK_COUNT],
                                float descriptor[LV_DESCRIPTOR_SIZE], lv_error *error) {
    return lv_guard(error, [&] {
        lv_require(describer && points && descriptor, LV_ERR_ARGUMENT, "missing describer, points or descriptor");
        const cv::Mat &pixels = lv_source(image);
        lv_require(pixels.depth() == CV_8U && (pixels.channels() == 3 || pixels.channels() == 1), LV_ERR_ARGUMENT,
                   "expected an 8-bit BGR or gray image");
        std::vector<dlib::point> parts;
        parts.reserve(LV_LANDMARK_COUNT);
        dlib::rectangle extent;
        for (int i = 0; i < LV_LANDMARK_COUNT; ++i) {
            lv_require(std::isfinite(points[i].x) && std::isfinite(points[i].y) && std::abs(points[i].x) < 1e6f &&
                           std::abs(points[i].y) < 1e6f,
                       LV_ERR_ARGUMENT, "landmarks must be finite image coordinates");
            parts.emplace_back(std::lround(points[i].x), std::lround(points[i].y));
            extent += parts.back();
        }
        const dlib::full_object_detection face(extent, parts);
        const dlib::chip_details chip = dlib::get_face_chip_details(face, chip_size, chip_padding);
        dlib::matrix<dlib::rgb_pixel> aligned;
        if (pixels.channels() == 3)
            dlib::extract_image_chip(dlib::cv_image<dlib::bgr_pixel>(pixels), chip, aligned);
        else
            dlib::extract_image_chip(dlib::cv_image<unsigned char>(pixels), chip, aligned);
        const dlib::matrix<float, 0, 1> values = describer->network(aligned);
        lv_require(values.size() == LV_DESCRIPTOR_SIZE, LV_ERR_INTERNAL, "the network gave a descriptor of the wrong size");
        for (long i = 0; i < values.size(); ++i) descriptor[i] = values(i);
    });
}

}  // extern "C"
