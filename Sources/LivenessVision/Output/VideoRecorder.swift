internal import CLivenessShim
import LivenessFiles

/// A Motion-JPEG AVI file written frame by frame (the live command's recording). Frames are
/// given with their timestamps; the file has a fixed frame rate, so a frame is repeated to fill
/// the time of frames that never reached it (dropped ones) and skipped when it comes early.
/// The recording therefore plays in real time whatever the analysis kept, but for a gap longer
/// than `longestGapMs`, filled as if it were that long (a file's timestamps that jump hours
/// would otherwise record hours of one frame).
public final class VideoRecorder {
    public let path: String
    public let fps: Double
    private let longestGapMs: Double
    private let file: OutputFile
    private var handle: OpaquePointer?
    private var firstMs: Double?
    /// Frames written so far, repeats included.
    public private(set) var written = 0

    /// Records into `file` (its temporary path until `finish()`), replacing what an earlier
    /// recorder on the same file wrote.
    public init(file: OutputFile, width: Int, height: Int, fps: Double, longestGapMs: Double) throws {
        var handle: OpaquePointer?
        do {
            try FileName.withCString(file.temporaryPath) { name in try shimCall { lv_writer_open(name, Int32(width), Int32(height), fps, &handle, $0) } }
        } catch let failure as ShimFailure {
            throw WriteFailure(path: file.path, cause: failure.message)
        }
        self.handle = handle!
        self.file = file
        self.path = file.path
        self.fps = fps
        self.longestGapMs = longestGapMs
    }

    deinit { if let handle { lv_writer_close(handle) } }

    /// Closes the recording and puts it at its path.
    public func finish() throws {
        if let handle { lv_writer_close(handle) }
        handle = nil
        try file.commit()
    }

    /// Appends `image` as the frame shown at `ms`: as many times as the fixed rate needs to reach
    /// `ms` (at least once for the first frame, none when it comes before its slot).
    public func append(_ image: Image, at ms: Double) throws {
        var first = firstMs ?? ms
        var due = Int(((ms - first) * fps / 1000).rounded()) + 1
        let most = written + max(1, Int((longestGapMs * fps / 1000).rounded()))
        if due > most {
            first = ms - Double(most - 1) * 1000 / fps
            due = most
        }
        firstMs = first
        while written < due {
            do {
                try shimCall { lv_writer_write(handle, image.handle, $0) }
            } catch let failure as ShimFailure {
                throw WriteFailure(path: path, cause: failure.message)
            }
            written += 1
        }
    }
}
