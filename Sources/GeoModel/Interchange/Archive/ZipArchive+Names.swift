import CLibArchive
import Glibc

/// The names of a zip's entries, read from the bytes the archive stores, whatever the
/// process's locale.
///
/// libarchive converts a name the archive marks as UTF-8 (bit 11 of the header's flags)
/// to the character set of the locale, and in the "C" locale every command runs in it
/// gives no name at all for one beyond ASCII (`café.gpx`). A name not marked it gives as
/// stored, undecoded. So libarchive reads while this thread's character type is UTF-8
/// (``withUTF8Names(_:)``: `uselocale`, this thread alone; the process's locale, which
/// the form sets and reads, is left as it is), and the bytes it gives are decoded here.
extension ZipArchive {
    /// The path of `entry`: its stored bytes as UTF-8 when they are UTF-8, else as CP437
    /// (``entryName(_:)``); nil for a name marked as UTF-8 that is not, which libarchive
    /// does not give. Read while ``withUTF8Names(_:)`` holds.
    static func path(_ lib: carchive_functions, _ entry: OpaquePointer) -> String? {
        guard let name = lib.pathname(entry) else { return nil }
        return entryName(UnsafeRawBufferPointer(start: name, count: strlen(name)))
    }

    /// A stored name as text: UTF-8 when the bytes are UTF-8 (marked so or not: many
    /// tools write UTF-8 without the mark), else CP437, the character set the zip format
    /// gives unmarked names (`0x81` is `ü`). Every byte sequence has one text, and two
    /// different names of one kind never share it.
    static func entryName(_ bytes: some Collection<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            scalars.append(byte < 0x80 ? Unicode.Scalar(byte) : cp437Upper[Int(byte) - 0x80])
        }
        return String(scalars)
    }

    /// The characters of CP437's bytes 0x80 to 0xFF, in order (ASCII below them).
    private static let cp437Upper = Array(("ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»"
                                           + "░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀"
                                           + "αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{A0}").unicodeScalars)

    /// The C.UTF-8 locale's character type, made once; nil where the system lacks it
    /// (names beyond ASCII marked as UTF-8 are then refused as not text).
    private nonisolated(unsafe) static let utf8CharacterType: locale_t? = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)

    /// Runs `body` with this thread's character type set to UTF-8 and sets it back after:
    /// libarchive reads names in the locale in use when it meets them.
    static func withUTF8Names<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        guard let utf8 = utf8CharacterType, let previous = uselocale(utf8) else { return try body() }
        defer { uselocale(previous) }
        return try body()
    }
}
