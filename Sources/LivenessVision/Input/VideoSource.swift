internal import CLivenessShim
import LivenessCore
import LivenessFiles

/// What a video stream declares about itself, as opened.
public struct VideoInfo: Sendable, Equatable {
    /// As decoded, before any rotation.
    public let width: Int, height: Int
    /// As the container declares it (0 when unknown).
    public let fps: Double
    /// As the container declares it (may be wrong, or 0).
    public let frameCount: Int
    /// Rotation metadata: 0, 90, 180 or 270 (the display matrix's counter-clockwise angle).
    public let rotationDegrees: Int
    /// The FourCC as text, nil when unknown.
    public let codec: String?

    init(_ info: lv_video_info) {
        width = Int(info.width)
        height = Int(info.height)
        fps = info.fps
        frameCount = Int(info.frame_count)
        rotationDegrees = Int(info.rotation_degrees)
        codec = shimText(info.codec)
    }
}

/// Frames from a video file or a camera (SPEC §1), upright and with increasing timestamps.
/// The image of a frame is reused by the next call to `next()`: copy it to keep it.
public final class VideoSource: FrameSource {
    public let name: String
    public let info: VideoInfo
    private let handle: OpaquePointer
    private let cameraIndex: Int?
    private var repair: TimestampRepair
    private var index = 0
    private let image = Image()
    private let shrunk = Image()

    /// Frames whose shorter side is above this (beyond 4K UHD, e.g. 8K) are shrunk to it before
    /// anything looks at them: every measure is relative to the frame, and the gray copy, the
    /// background flow and the kept stills then cost at most what a 4K frame costs.
    public static let maxShortSide = 2160

    /// Opens a video file.
    public init(file path: String) throws {
        let size: Int
        do {
            size = try InputFile.checkRegular(path)
        } catch let problem as FileProblem {
            throw VisionError(problem, path: path)
        }
        if size == 0 { throw VisionError.noFrames(path: path) }
        // FFmpeg plays a still as a one-frame clip; named as a video it is a mistake, not a clip.
        // (A raw Motion-JPEG stream begins as a JPEG does.)
        if let still = ImageHeader.format(ofFile: path), still != "JPEG" || ![".mjpeg", ".mjpg"].contains(where: path.lowercased().hasSuffix) {
            throw VisionError.notAVideo(path: path, cause: "it is a \(still) image (measure reads images, score --frames a folder of them)")
        }
        var handle: OpaquePointer?
        var info = lv_video_info()
        do {
            try FileName.withCString(path) { name in try shimCall { lv_video_open_file(name, &handle, &info, $0) } }
        } catch let failure as ShimFailure {
            throw VisionError.notAVideo(path: path, cause: failure.message)
        }
        self.handle = handle!
        self.info = VideoInfo(info)
        self.name = path
        self.cameraIndex = nil
        // The still images' pixel limit holds for frames too, before any is decoded for scoring.
        if Int(info.width) * Int(info.height) > Image.maxPixels {
            throw VisionError.framesTooLarge(path: path, width: Int(info.width), height: Int(info.height))
        }
        self.repair = TimestampRepair(declaredFPS: info.fps)
    }

    /// Opens a camera (V4L2 device index).
    public init(camera: Int, width: Int = 640, height: Int = 480) throws {
        var handle: OpaquePointer?
        var info = lv_video_info()
        do {
            try shimCall { lv_video_open_camera(Int32(camera), Int32(width), Int32(height), &handle, &info, $0) }
        } catch let failure as ShimFailure {
            throw VisionError.cameraUnavailable(index: camera, cause: failure.message)
        }
        self.handle = handle!
        self.info = VideoInfo(info)
        self.name = "camera \(camera)"
        self.cameraIndex = camera
        self.repair = TimestampRepair(declaredFPS: info.fps)
    }

    deinit { lv_video_close(handle) }

    /// OpenCV ends a stream at the first frame it cannot decode, so a file cut short or corrupt in
    /// the middle looks like a short clip. Containers may overstate their count by a few frames
    /// (no_face.mp4 declares 98 and holds 95), so only a shortfall over 10 % counts. Without a
    /// frame count in the container OpenCV derives one from duration x frame rate, which a wrong
    /// frame-rate header inflates; so the frames must also cover under 90 % of the declared time.
    /// A count OpenCV made from the duration (Matroska stores none) counts from time 0, not from
    /// the first frame: a file starting late is measured against its span from FFmpeg instead.
    /// The frames the file declares when it was cut short, nil when it was not.
    private var cutShortOf: Int? {
        guard info.frameCount > 0, Double(index) < 0.9 * Double(info.frameCount) else { return nil }
        guard info.fps > 0, index > 1, let first = firstMs, let last = lastMs else { return info.frameCount }
        let declaredMs = Double(info.frameCount) / info.fps * 1000
        let coveredMs = (last - first) * Double(index) / Double(index - 1)
        guard coveredMs < 0.9 * declaredMs else { return nil }
        let span = FileName.withCString(name) { lv_video_declared_span_ms($0) }
        guard span > 0, span < declaredMs else { return info.frameCount }
        return coveredMs < 0.9 * span ? Int((span * info.fps / 1000).rounded()) : nil
    }
    private var firstMs: Double?
    private var lastMs: Double?

    /// Rotation metadata in quarter turns clockwise; OpenCV 4.6 mishandles it, so we rotate ourselves.
    /// OpenCV reports the display matrix's angle, which turns the frame counter-clockwise (FFmpeg's
    /// convention): 270 for a clip tagged rotate=90. Showing it upright takes the opposite turn.
    var quarterTurns: Int { (4 - info.rotationDegrees / 90) % 4 }

    /// The next frame, or nil at the end of the stream. A file that yields no frame at all is an error.
    public func next() throws -> Frame? {
        var timestamp = 0.0
        var got: Int32 = 0
        do {
            try shimCall { lv_video_read(handle, image.handle, &timestamp, &got, $0) }
        } catch let failure as ShimFailure {
            if let cameraIndex { throw VisionError.cameraUnavailable(index: cameraIndex, cause: failure.message) }
            throw VisionError.corruptVideo(path: name, frame: index, cause: failure.message)
        }
        guard got != 0 else {
            // A camera never ends on its own: no frame means it stopped.
            if let cameraIndex { throw VisionError.cameraStopped(index: cameraIndex) }
            if index == 0 { throw VisionError.noFrames(path: name) }
            if let declared = cutShortOf { throw VisionError.corruptVideo(path: name, frame: index, cause: "decoding stopped \(index) frames into the \(declared) the file declares") }
            return nil
        }
        if quarterTurns % 4 != 0 { try image.rotate(quarterTurns: quarterTurns) }
        var upright = image
        let shortSide = min(image.width, image.height)
        if shortSide > Self.maxShortSide {
            try internalCall { lv_image_resize(image.handle, Double(Self.maxShortSide) / Double(shortSide), shrunk.handle, $0) }
            upright = shrunk
        }
        let frame = Frame(image: upright, index: index, timestampMs: repair.repair(timestamp))
        if firstMs == nil { firstMs = frame.timestampMs }
        lastMs = frame.timestampMs
        index += 1
        return frame
    }
}
