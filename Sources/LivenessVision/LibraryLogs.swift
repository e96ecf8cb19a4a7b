internal import CLivenessShim

/// Keeps OpenCV's and FFmpeg's own log lines off stderr (call once, before opening any video).
public func silenceLibraryLogs() {
    lv_silence_library_logs()
}
