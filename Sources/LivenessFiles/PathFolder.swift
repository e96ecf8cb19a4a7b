/// The folder part of a path, as `NSString.deletingLastPathComponent` gives it ("" for a bare
/// name, "/" for a name at the root, trailing slashes ignored), written here because Foundation's
/// traps on a one-character name (`--trace t` ended the run with SIGILL: issue 36).
public func pathFolder(_ path: String) -> String {
    var end = path.endIndex
    while end > path.startIndex, path[path.index(before: end)] == "/" { end = path.index(before: end) }
    guard end > path.startIndex else { return path.isEmpty ? "" : "/" }
    guard let slash = path[..<end].lastIndex(of: "/") else { return "" }
    var folderEnd = slash
    while folderEnd > path.startIndex, path[path.index(before: folderEnd)] == "/" { folderEnd = path.index(before: folderEnd) }
    return folderEnd == path.startIndex ? "/" : String(path[..<folderEnd])
}
