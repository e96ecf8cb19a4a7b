/// One decoded frame, upright, with its timestamp in ms from the first frame (SPEC §1).
public struct Frame {
    public let image: Image
    public let index: Int
    public let timestampMs: Double

    public init(image: Image, index: Int, timestampMs: Double) {
        self.image = image
        self.index = index
        self.timestampMs = timestampMs
    }
}

/// Where frames come from (SPEC §1): a video file or a camera (`VideoSource`), or a folder of
/// numbered images (`ImageFolderSource`). Frames come upright, with increasing timestamps.
public protocol FrameSource: AnyObject {
    /// The file, folder or camera, for messages.
    var name: String { get }
    /// The next frame, or nil at the end of the input. Its image may be reused by the next call:
    /// copy it to keep it.
    func next() throws -> Frame?
}
