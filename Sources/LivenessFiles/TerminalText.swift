/// Text a terminal shows that holds what others wrote (file names, clip and metric names,
/// configuration keys, library messages): a control character in it would be obeyed, not shown
/// (`\e[2J` clears the screen, `\e]0;...\a` retitles the window, `\r` overwrites the line, a bidi
/// override reorders what follows), and an invisible one (zero-width, U+FEFF) hides a
/// difference. Every such character is shown as an escape instead, after stray file-name bytes
/// are shown as `\xNN` (`FileName.display`).
public enum TerminalText {
    /// One line: every such character, line breaks included, escaped.
    public static func line(_ text: String) -> String {
        var out = ""
        for scalar in FileName.display(text).unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += "\\x" + hex(scalar.value, digits: 2)
            } else if [0x80...0x9F, 0x200B...0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF...0xFEFF].contains(where: { $0.contains(scalar.value) }) {
                out += "\\u{" + hex(scalar.value, digits: 4) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Several lines (a table, an error and its usage): each escaped as `line`, kept apart.
    public static func lines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line(String($0)) }.joined(separator: "\n")
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
