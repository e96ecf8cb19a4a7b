// Video files and cameras through OpenCV's videoio, with the container's timestamps and rotation.
#include "image.hpp"
#include "lv_video.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <sys/stat.h>

#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
}

struct lv_video {
    cv::VideoCapture cap;
    std::string url;          // a file's, for reading its packets again; empty for a camera
    int stall_retries = -1;   // see longest_stall_reads; -1 until a read first fails
};

namespace {

// NaN and negative values mean "unknown"; the header promises 0 for those.
double known(double value) { return std::isfinite(value) && value > 0 ? value : 0; }

void fill_info(const cv::VideoCapture &cap, int rotation, lv_video_info *info) {
    if (!info) return;
    *info = lv_video_info{};
    info->width = static_cast<int>(known(cap.get(cv::CAP_PROP_FRAME_WIDTH)));
    info->height = static_cast<int>(known(cap.get(cv::CAP_PROP_FRAME_HEIGHT)));
    info->fps = known(cap.get(cv::CAP_PROP_FPS));
    info->frame_count = static_cast<long long>(known(cap.get(cv::CAP_PROP_FRAME_COUNT)));
    info->rotation_degrees = rotation;
    const auto fourcc = static_cast<unsigned>(static_cast<long long>(known(cap.get(cv::CAP_PROP_FOURCC))));
    for (int i = 0; i < 4 && fourcc; ++i) info->codec[i] = static_cast<char>((fourcc >> (8 * i)) & 0xFF);
}

// Metadata can say -90 or 450: a whole quarter turn, brought into [0, 360). Anything else is not
// applied: 45 degrees is no turn a camera records, and OpenCV turns the undefined angle of an
// all-zero display matrix into INT_MIN, which snapping would have made a quarter turn.
int normalised_rotation(double degrees) {
    if (!std::isfinite(degrees) || std::abs(degrees) > 3600) return 0;
    const long quarter = std::lround(degrees / 90.0);
    if (std::abs(degrees - 90.0 * quarter) > 1) return 0;
    return static_cast<int>(((quarter % 4) + 4) % 4) * 90;
}

// FFmpeg's own reading of a local file (`url` from local_file_url, the protocol whitelist `file`
// alone, as every open here), for what OpenCV does not tell; nullptr when it cannot be opened.
// Closed with avformat_close_input.
AVFormatContext *open_demuxer(const std::string &url) {
    AVFormatContext *context = nullptr;
    AVDictionary *options = nullptr;
    av_dict_set(&options, "protocol_whitelist", "file", 0);
    const int opened = avformat_open_input(&context, url.c_str(), nullptr, &options);
    av_dict_free(&options);
    return opened < 0 ? nullptr : context;
}

// The file's first video stream, the one OpenCV decodes; -1 when it has none.
int first_video_stream(const AVFormatContext *context) {
    for (unsigned i = 0; i < context->nb_streams; ++i)
        if (context->streams[i]->codecpar->codec_type == AVMEDIA_TYPE_VIDEO) return static_cast<int>(i);
    return -1;
}

// What FFmpeg's own reading of the file tells that OpenCV 4.6 does not. OpenCV reads the file's
// first video stream, whatever it is (a cover picture, a thumbnail track); and it reads a display
// matrix that mirrors as the turn of its matrix, a left-right mirror as a half turn.
struct stream_facts {
    int video_streams = 0;
    int main_stream = -1;          // among the video streams, 0-based: the video when not the first
    int mirrored_rotation = -1;    // a mirroring display matrix's quarter turn, its mirror left out
    std::string codec;             // FFmpeg's name of the first video stream's codec
};

stream_facts read_stream_facts(const std::string &url) {
    stream_facts facts;
    AVFormatContext *context = open_demuxer(url);
    if (!context) return facts;
    const int first = first_video_stream(context);
    for (unsigned i = 0; i < context->nb_streams; ++i) facts.video_streams += context->streams[i]->codecpar->codec_type == AVMEDIA_TYPE_VIDEO;
    // Which stream is the video is a question only with several. As ffmpeg itself chooses, the
    // most pixels, a cover picture never; and a stream of one frame is a picture too (a PNG
    // cover in Matroska is no attachment): its packets are counted.
    if (facts.video_streams > 1 && avformat_find_stream_info(context, nullptr) >= 0) {
        std::vector<long> packets(context->nb_streams, 0);
        AVPacket *packet = av_packet_alloc();
        while (packet && av_read_frame(context, packet) >= 0) {
            ++packets[packet->stream_index];
            av_packet_unref(packet);
        }
        av_packet_free(&packet);
        int main = -1, number = -1;
        std::pair<bool, double> best{false, -1};
        for (unsigned i = 0; i < context->nb_streams; ++i) {
            const AVStream *stream = context->streams[i];
            if (stream->codecpar->codec_type != AVMEDIA_TYPE_VIDEO) continue;
            ++number;
            const std::pair<bool, double> rank{packets[i] > 1, double(stream->codecpar->width) * stream->codecpar->height};
            if (!(stream->disposition & AV_DISPOSITION_ATTACHED_PIC) && rank > best) {
                best = rank;
                main = number;
            }
        }
        if (main > 0) facts.main_stream = main;
    }
    if (first >= 0) facts.codec = avcodec_get_name(context->streams[first]->codecpar->codec_id);
    size_t size = 0;
    const uint8_t *data = first >= 0 ? av_stream_get_side_data(context->streams[first], AV_PKT_DATA_DISPLAYMATRIX, &size) : nullptr;
    if (data && size >= 9 * sizeof(int32_t)) {
        int32_t m[9];
        std::memcpy(m, data, sizeof(m));
        if (double(m[0]) * m[4] - double(m[1]) * m[3] < 0) {
            // The stored frames are the camera's own image (SPEC: yaw in the unmirrored image):
            // only the matrix's turn applies. FFmpeg writes a mirror as a turn's matrix with its
            // first column negated (x mirrored after the turn); negated again, the turn is left.
            m[0] = -m[0];
            m[3] = -m[3];
            facts.mirrored_rotation = normalised_rotation(av_display_rotation_get(m));
        }
    }
    avformat_close_input(&context);
    return facts;
}

// OpenCV 4.6 gives up on a frame after 512 packets of other streams in a row (a fixed count, no
// setting), and the read fails as at the end of the file: a recording with a long run of audio
// packets (an MKV holding thousands of tiny PCM packets between two frames) ended there. Reading
// again goes on from where it stopped, so a failed read is retried as many times as the file's
// longest run of other packets needs; at the true end each retry costs OpenCV's 512 empty turns.
int longest_stall_reads(const std::string &url) {
    constexpr long give_up_after = 512;
    AVFormatContext *context = open_demuxer(url);
    if (!context) return 0;
    long run = 0, longest = 0;
    const int video = first_video_stream(context);
    AVPacket *packet = av_packet_alloc();
    while (video >= 0 && packet && av_read_frame(context, packet) >= 0) {
        run = packet->stream_index == video ? 0 : run + 1;
        longest = std::max(longest, run);
        av_packet_unref(packet);
    }
    av_packet_free(&packet);
    avformat_close_input(&context);
    return longest < give_up_after ? 0 : static_cast<int>(std::min<long>(longest / give_up_after + 1, 1 << 20));
}

// Inputs are local files, always. "file:" makes FFmpeg take the whole name as a path, so a file
// named "http:x.mp4" or "pipe:0" is that file, not a URL or stdin; and the protocol whitelist,
// which OpenCV passes to FFmpeg from this variable on every open and FFmpeg applies to whatever
// the file itself refers to (a playlist's segments, an SDP's streams), keeps every read local and
// every socket closed. Ours goes last, so it wins over a user's own options.
std::string local_file_url(const char *path) {
    static const char *const user = std::getenv("OPENCV_FFMPEG_CAPTURE_OPTIONS");
    static const std::string options = (user && *user ? std::string(user) + "|" : "") + "protocol_whitelist;file";
    setenv("OPENCV_FFMPEG_CAPTURE_OPTIONS", options.c_str(), 1);
    return std::string("file:") + path;
}

}  // namespace

extern "C" {

lv_status lv_video_open_file(const char *path, lv_video **out, lv_video_info *info, lv_error *error) {
    return lv_guard(error, [&] {
        lv_require(out != nullptr, LV_ERR_ARGUMENT, "no output handle");
        lv_require_file(path, LV_ERR_OPEN, "could not open");
        auto video = std::make_unique<lv_video>();
        video->url = local_file_url(path);
        if (!video->cap.open(video->url, cv::CAP_FFMPEG))
            throw lv_failure(LV_ERR_FORMAT,
                             "FFmpeg could not open it (not a video, a truncated or unfinished file, "
                             "or a codec it cannot decode)");
        // Rotation is applied by the caller from the metadata, so frames arrive as decoded.
        video->cap.set(cv::CAP_PROP_ORIENTATION_AUTO, 0);
        const stream_facts facts = read_stream_facts(video->url);
        if (facts.main_stream > 0)
            throw lv_failure(LV_ERR_FORMAT, "it holds " + std::to_string(facts.video_streams) +
                                                " video streams and the first, which OpenCV reads, is not the video (video stream " +
                                                std::to_string(facts.main_stream) + "): keep that one alone, e.g. ffmpeg -i IN -map 0:v:" +
                                                std::to_string(facts.main_stream) + " -c copy OUT");
        const int rotation = facts.mirrored_rotation >= 0 ? facts.mirrored_rotation
                                                          : normalised_rotation(video->cap.get(cv::CAP_PROP_ORIENTATION_META));
        fill_info(video->cap, rotation, info);
        // A container without a FourCC gives OpenCV none (WebM) or a number (MPEG-TS: stream type
        // 0x1b for H.264), which is no name: FFmpeg's own name of the codec is given instead.
        if (info && (!info->codec[0] || !std::all_of(info->codec, info->codec + std::strlen(info->codec), [](char c) { return c >= 0x20 && c < 0x7F; }))) {
            std::memset(info->codec, 0, sizeof(info->codec));
            std::strncpy(info->codec, facts.codec.c_str(), sizeof(info->codec) - 1);
        }
        *out = video.release();
    });
}

double lv_video_declared_span_ms(const char *path) {
    double span = 0;
    lv_guard(nullptr, [&] {
        AVFormatContext *context = open_demuxer(local_file_url(path));
        if (!context) return;
        // The start time is known only once a few packets were read.
        if (avformat_find_stream_info(context, nullptr) >= 0 && context->duration > 0 && context->start_time != AV_NOPTS_VALUE) {
            const double start = context->start_time > 0 && context->start_time < context->duration ? context->start_time : 0;
            span = (context->duration - start) * 1000.0 / AV_TIME_BASE;
            // The container's duration is its longest stream's: audio that outlasts the video (a
            // browser's MediaRecorder writes such WebM) is no missing video. When the file's
            // packets do reach that duration (it was not cut short), the video's own last packet
            // ends its span.
            const int video = first_video_stream(context);
            double file_end = 0, video_end = 0;
            AVPacket *packet = av_packet_alloc();
            while (video >= 0 && packet && av_read_frame(context, packet) >= 0) {
                if (packet->pts != AV_NOPTS_VALUE) {
                    const AVRational base = context->streams[packet->stream_index]->time_base;
                    const double end = (packet->pts + std::max<int64_t>(packet->duration, 0)) * av_q2d(base) * 1000.0;
                    file_end = std::max(file_end, end);
                    if (packet->stream_index == video) video_end = std::max(video_end, end);
                }
                av_packet_unref(packet);
            }
            av_packet_free(&packet);
            const double start_ms = start * 1000.0 / AV_TIME_BASE;
            if (video_end > start_ms && file_end - start_ms >= 0.9 * span) span = std::min(span, video_end - start_ms);
        }
        avformat_close_input(&context);
    });
    return span;
}

lv_status lv_video_open_camera(int index, int width, int height, lv_video **out, lv_video_info *info,
                               lv_error *error) {
    return lv_guard(error, [&] {
        lv_require(out != nullptr, LV_ERR_ARGUMENT, "no output handle");
        lv_require(index >= 0, LV_ERR_ARGUMENT, "camera index must be >= 0");
        // OpenCV says only "could not open" either way: tell a missing device from a busy one.
        const std::string device = "/dev/video" + std::to_string(index);
        struct stat st;
        if (stat(device.c_str(), &st) != 0)
            throw lv_failure(LV_ERR_OPEN, errno == ENOENT ? "no such device " + device
                                                          : device + ": " + std::strerror(errno));
        auto video = std::make_unique<lv_video>();
        if (!video->cap.open(index, cv::CAP_V4L2))
            throw lv_failure(LV_ERR_OPEN, "OpenCV's V4L2 backend could not open " + device +
                                              " (in use by another program, no permission, or not a capture device)");
        if (width > 0 && height > 0) {
            // A request, not a guarantee: the driver picks the nearest mode it supports.
            video->cap.set(cv::CAP_PROP_FRAME_WIDTH, width);
            video->cap.set(cv::CAP_PROP_FRAME_HEIGHT, height);
        }
        fill_info(video->cap, 0, info);
        *out = video.release();
    });
}

lv_status lv_video_read(lv_video *video, lv_image *frame, double *timestamp_ms, int *got_frame,
                        lv_error *error) {
    return lv_guard(error, [&] {
        lv_require(video && timestamp_ms && got_frame, LV_ERR_ARGUMENT, "missing video or output");
        cv::Mat &mat = lv_target(frame);
        *got_frame = 0;
        bool read = video->cap.read(mat);
        // Only a read that fails short of the frames the file declares (or with no count) may be
        // OpenCV's stall; at the end of a whole file the packets are not walked again.
        const double declared = video->cap.get(cv::CAP_PROP_FRAME_COUNT);
        const bool short_of_declared = !(declared > 0) || video->cap.get(cv::CAP_PROP_POS_FRAMES) < declared;
        if (!read && !video->url.empty() && short_of_declared) {
            if (video->stall_retries < 0) video->stall_retries = longest_stall_reads(video->url);
            for (int retry = 0; !read && retry < video->stall_retries; ++retry) read = video->cap.read(mat);
        }
        *timestamp_ms = video->cap.get(cv::CAP_PROP_POS_MSEC);
        if (!read || mat.empty()) return;
        lv_require(mat.depth() == CV_8U, LV_ERR_FORMAT, "decoded frame is not 8-bit");
        // Some codecs decode to gray or BGRA; everything downstream expects BGR.
        if (mat.channels() == 1) cv::cvtColor(mat, mat, cv::COLOR_GRAY2BGR);
        else if (mat.channels() == 4) cv::cvtColor(mat, mat, cv::COLOR_BGRA2BGR);
        lv_require(mat.channels() == 3, LV_ERR_FORMAT, "decoded frame has an unsupported channel count");
        *got_frame = 1;
    });
}

void lv_video_close(lv_video *video) {
    lv_guard(nullptr, [&] { delete video; });
}

}  // extern "C"
