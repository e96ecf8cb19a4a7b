import LivenessFiles
import LivenessVision

/// The autoshot and snapshot JPEGs of a session in the `--out` folder (score and live): opened
/// with the other outputs, so a path that cannot be written fails before any scoring, and written
/// once the session has chosen its stills.
struct SessionStills {
    static let autoshotName = "autoshot.jpg"
    static let snapshotName = "snapshot.jpg"

    private let autoshotFile: OutputFile?
    private let snapshotFile: OutputFile?
    /// The names the report gives the stills written (nil: none).
    private(set) var autoshot: String?
    private(set) var snapshot: String?

    init(in out: OutputDirectory?) throws {
        autoshotFile = try out?.open(Self.autoshotName, kind: .jpeg)
        snapshotFile = try out?.open(Self.snapshotName, kind: .jpeg)
    }

    /// Writes the stills the session has (a session that did not pass has no snapshot).
    mutating func write(autoshot autoshotImage: Image?, snapshot snapshotImage: Image?) throws {
        if let autoshotFile, let autoshotImage {
            try autoshotFile.write(jpeg: autoshotImage)
            autoshot = Self.autoshotName
        }
        if let snapshotFile, let snapshotImage {
            try snapshotFile.write(jpeg: snapshotImage)
            snapshot = Self.snapshotName
        }
    }

    /// The files written, to be put in place with the run's other outputs.
    var written: [OutputFile?] { [autoshot == nil ? nil : autoshotFile, snapshot == nil ? nil : snapshotFile] }
}
