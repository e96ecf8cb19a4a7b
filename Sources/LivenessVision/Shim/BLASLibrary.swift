internal import CLivenessShim
import LivenessCore

/// The BLAS library this process loaded (Debian's libblas.so.3 is whichever implementation
/// update-alternatives chose). dlib's face-recognition network runs through it: OpenBLAS is about
/// ten times faster than the reference BLAS there, so `--version` and the reports say which it is.
public struct BLASLibrary: Sendable {
    /// The file that provides the BLAS functions, links resolved; nil when it could not be told.
    public let path: String?
    /// OpenBLAS's description of its build, nil for another BLAS.
    public let openBLAS: String?
    /// OpenBLAS's thread count, nil for another BLAS.
    public let threads: Int?

    public static func loaded() -> BLASLibrary {
        var info = lv_blas_info()
        lv_blas_describe(&info)
        let openBLAS = shimText(info.openblas)
        return BLASLibrary(path: shimText(info.library), openBLAS: openBLAS, threads: openBLAS == nil ? nil : Int(info.threads))
    }

    public var isOpenBLAS: Bool { openBLAS != nil }

    /// Has the library take its working memory now (OpenBLAS: a buffer per thread, which under an
    /// address-space limit with no room left it would retry forever): call before such a limit.
    public static func reserveMemory() {
        lv_blas_reserve()
    }

    /// One line for `--version`.
    public var summary: String {
        let file = path ?? "an unknown library"
        guard let openBLAS else {
            return "BLAS: \(file), not OpenBLAS: face descriptors are about ten times slower (install libopenblas0-pthread)"
        }
        let count = threads ?? 0
        return "BLAS: \(openBLAS) (\(file)), \(count) thread\(count == 1 ? "" : "s")"
    }

    public var json: JSON {
        .object([
            ("library", path.map(JSON.string) ?? .null),
            ("openBLAS", openBLAS.map(JSON.string) ?? .null),
            ("threads", threads.map { .number(Double($0)) } ?? .null),
        ])
    }
}
