// libFuzzer target for the shim's decode path (lv_video_open_file, lv_video_read): the input
// bytes become a file that OpenCV's FFmpeg backend opens, and up to 60 frames are read, as
// VideoSource does. Coverage guidance comes from the shim only (OpenCV and FFmpeg are Debian's
// uninstrumented builds), so this is close to a mutation loop, with AddressSanitizer watching the
// shim and libFuzzer catching crashes, timeouts and memory blow-ups. Built and run by
// Benchmarks/fuzz_shim.sh.
#include "lv_image.h"
#include "lv_runtime.h"
#include "lv_video.h"

#include <cstdint>
#include <cstdio>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static char path[64];
    if (!path[0]) {
        lv_silence_library_logs();
        std::snprintf(path, sizeof path, "/dev/shm/lv-shim-fuzz-%d.bin", static_cast<int>(getpid()));
    }
    FILE *file = std::fopen(path, "wb");
    if (!file) return 0;
    std::fwrite(data, 1, size, file);
    std::fclose(file);

    lv_video *video = nullptr;
    lv_video_info info;
    lv_error error;
    if (lv_video_open_file(path, &video, &info, &error) == LV_OK) {
        lv_image *frame = lv_image_create();
        for (int i = 0; i < 60; ++i) {
            double ms = 0;
            int got = 0;
            if (lv_video_read(video, frame, &ms, &got, &error) != LV_OK || !got) break;
            if (info.rotation_degrees) lv_image_rotate(frame, info.rotation_degrees / 90, &error);
        }
        lv_image_destroy(frame);
        lv_video_close(video);
    }
    unlink(path);
    return 0;
}
