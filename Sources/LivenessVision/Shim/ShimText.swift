/// The text of a shim struct's fixed-size `char` field (Swift imports it as a tuple of bytes), up
/// to its first NUL; nil when it is empty. The shim writes UTF-8.
func shimText<Field>(_ field: Field) -> String? {
    let text = withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    return text.isEmpty ? nil : text
}
