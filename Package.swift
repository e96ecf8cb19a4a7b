// swift-tools-version:5.9
import PackageDescription

// dlib is 10-60x slower at -O0, which would make debug builds and `swift test` crawl,
// so the C++ shim is always optimised.
let shimOptimisation: [CXXSetting] = [.unsafeFlags(["-O3", "-std=c++17", "-I/usr/include/opencv4"])]

let package = Package(
    name: "liveness",
    products: [
        .executable(name: "liveness", targets: ["liveness"]),
        .library(name: "LivenessCore", targets: ["LivenessCore"]),
    ],
    targets: [
        // Thin C boundary over OpenCV and dlib; no liveness logic lives here.
        .target(
            name: "CLivenessShim",
            cxxSettings: shimOptimisation,
            linkerSettings: [
                .linkedLibrary("opencv_core"),
                .linkedLibrary("opencv_imgproc"),
                .linkedLibrary("opencv_imgcodecs"),
                .linkedLibrary("opencv_videoio"),
                .linkedLibrary("opencv_objdetect"),
                .linkedLibrary("opencv_video"),
                .linkedLibrary("opencv_highgui"),
                // FFmpeg itself, for what OpenCV does not tell: a video's start time, its own
                // span (its packets) and whether its display matrix mirrors.
                .linkedLibrary("avformat"),
                .linkedLibrary("avcodec"),
                .linkedLibrary("avutil"),
                .linkedLibrary("dlib"),
                // OpenSSL's SHA-256, to check the face descriptor model before dlib reads it.
                .linkedLibrary("crypto"),
                // dlib needs BLAS/LAPACK; the unversioned names exist only with the -dev packages.
                .linkedLibrary(":libblas.so.3"),
                .linkedLibrary(":liblapack.so.3"),
                .linkedLibrary("stdc++"),
            ]
        ),
        // Process control Swift cannot call itself (prctl is variadic), for the batch's workers.
        .target(name: "CProcessControl"),
        // Pure logic: measurements from landmarks and the session state machine. Never imports the shim.
        .target(name: "LivenessCore"),
        // The file rules: inputs read safely and within bounds, outputs written whole and only
        // over what is safe to replace, and file names that may not be UTF-8.
        .target(name: "LivenessFiles"),
        // Turns shim frames into observations for the core.
        .target(name: "LivenessVision", dependencies: ["CLivenessShim", "LivenessCore", "LivenessFiles"]),
        // `liveness live`: the capture (newest frame first), the loop, the overlay and the window.
        .target(name: "LivenessLive", dependencies: ["LivenessCore", "LivenessFiles", "LivenessVision"]),
        // The labelled data sets: where they are, their label files, the engine's faces matched
        // to the labels, and summary figures. The bench and the real-data tests read them alike.
        .target(name: "LivenessData", dependencies: ["LivenessCore", "LivenessFiles"]),
        // The pictures of a session: its timeline, drawn by score, live and the bench alike.
        .target(name: "LivenessPlots", dependencies: ["LivenessCore", "LivenessData", "LivenessVision"]),
        // Metrics, floors, runs and plots of `liveness bench`.
        .target(name: "LivenessBench", dependencies: ["LivenessCore", "LivenessFiles", "LivenessVision", "LivenessData", "LivenessPlots"]),
        // What every command's process shares: its exit codes, its standard streams and the
        // signals that stop it.
        .target(name: "LivenessProcess", dependencies: ["LivenessFiles"]),
        // A batch on a pool of worker processes, both sides of its protocol (the coordinator and
        // the worker): the clip list, shards, resume, per-clip limits. It scores through what it
        // is given, so it knows no vision.
        .target(name: "LivenessBatch", dependencies: ["CProcessControl", "LivenessCore", "LivenessFiles", "LivenessProcess"]),
        // What a run writes: the report, the output directory and its files, the stills, the
        // timeline, the summary.
        .target(name: "LivenessOutput", dependencies: ["LivenessCore", "LivenessData", "LivenessFiles", "LivenessLive", "LivenessPlots", "LivenessVision"]),
        // Parses the command line and calls the libraries.
        .executableTarget(
            name: "liveness",
            dependencies: [
                "LivenessCore", "LivenessFiles", "LivenessVision", "LivenessLive", "LivenessData", "LivenessBench", "LivenessBatch",
                "LivenessOutput", "LivenessProcess",
            ]),
        .target(name: "TestSupport", dependencies: ["LivenessCore"], path: "Tests/TestSupport"),
        // The data root for the tests that read ../shared/data (a skip, or a failure under CI, when absent).
        .target(name: "DataTestSupport", dependencies: ["LivenessData", "LivenessVision", "TestSupport"], path: "Tests/DataTestSupport"),
        // dlib's public shape predictor, for the test that holds the shim's own run of it to dlib's.
        .target(
            name: "DlibReference", path: "Tests/DlibReference", cxxSettings: shimOptimisation,
            linkerSettings: [.linkedLibrary("dlib"), .linkedLibrary("opencv_core"), .linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_imgcodecs")]
        ),
        .testTarget(name: "LivenessCoreTests", dependencies: ["LivenessCore", "TestSupport"]),
        .testTarget(name: "LivenessVisionTests", dependencies: ["LivenessVision", "LivenessCore", "LivenessData", "TestSupport", "DataTestSupport", "DlibReference"]),
        .testTarget(name: "LivenessBenchTests", dependencies: ["LivenessBench", "LivenessData", "LivenessVision", "LivenessCore", "TestSupport", "DataTestSupport"]),
        .testTarget(name: "LivenessCLITests", dependencies: ["TestSupport", "DataTestSupport", "LivenessFiles"]),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"]),
        .testTarget(name: "LivenessBatchTests", dependencies: ["LivenessBatch", "LivenessCore", "LivenessProcess", "TestSupport"]),
        .testTarget(name: "LivenessLiveTests", dependencies: ["LivenessLive", "LivenessCore", "LivenessVision", "TestSupport", "DataTestSupport"]),
    ],
    cxxLanguageStandard: .cxx17
)
