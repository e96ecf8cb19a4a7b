internal import CLivenessShim

/// OpenCV's highgui windows (Qt here), as the shim's lv_window.h gives them: what the live window
/// is built on. Qt aborts the whole process when it cannot reach a display, so `isAvailable` and
/// `probe` come before the first window.
public enum Display {
    /// Whether a display can be opened (checked without letting Qt abort the process).
    public static var isAvailable: Bool { lv_display_available() != 0 }

    public enum Probe {
        case opened
        case failed
        case timedOut
    }

    /// Starts Qt on the display in a child process: whether it opened a window within `timeoutMs`.
    /// Call it before any window exists in this process.
    public static func probe(timeoutMs: Int) -> Probe {
        switch lv_display_probe(Int32(timeoutMs)) {
        case 1: return .opened
        case -1: return .timedOut
        default: return .failed
        }
    }

    /// Shows `image` in the window `title`, made on first use.
    public static func show(_ image: Image, title: String) throws {
        do {
            try shimCall { lv_window_show(title, image.handle, $0) }
        } catch let failure as ShimFailure {
            if failure.status == LV_ERR_DISPLAY { throw VisionError.displayUnavailable(cause: failure.message) }
            throw VisionError.internalFailure(failure.message)
        }
    }

    /// Whether the window `title` is on screen (false once the user closed it, or before it opened).
    public static func isVisible(title: String) -> Bool {
        lv_window_visible(title) != 0
    }

    /// Lets the windows draw and waits up to `ms` for a key: its code, nil when none came.
    public static func key(waitMs ms: Int) -> Int32? {
        let code = lv_window_key(Int32(ms))
        return code == -1 ? nil : code
    }

    public static func closeAll() {
        lv_window_close_all()
    }
}
