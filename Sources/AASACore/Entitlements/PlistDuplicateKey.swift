/// A key given more than once in one dictionary of a property list (AASA615).
///
/// Property list readers keep one value per key and drop the other without a word: Foundation's
/// XML reader keeps the **last** value, its binary reader the **first** (measured with
/// swift-corelibs-foundation, Swift 6.3; CoreFoundation's binary reader builds the dictionary
/// with add-if-absent semantics). Xcode writes each key once, so a repeat comes from a hand edit
/// or a merge, and usually one of the two values is the one meant.
public struct PlistDuplicateKey: Sendable, Hashable {
    /// Which occurrence the reader keeps.
    public enum Kept: Sendable, Hashable {
        case first
        case last
    }

    /// JSON pointer tokens from the top-level dictionary to the dictionary holding the key
    /// (empty for the top level).
    public var path: [String]
    /// The repeated key.
    public var key: String
    /// Which value is read; the other is dropped.
    public var kept: Kept
    /// The type of the dropped value, as ``PlistValue/typeName`` names it.
    public var droppedType: String
    /// How many elements the dropped value held, when it is an array or a dictionary.
    public var droppedCount: Int?
    /// Where the repeated `<key>` element starts (XML read from the file only).
    public var location: SourceLocation?

    public init(
        path: [String], key: String, kept: Kept, droppedType: String, droppedCount: Int?,
        location: SourceLocation? = nil
    ) {
        self.path = path
        self.key = key
        self.kept = kept
        self.droppedType = droppedType
        self.droppedCount = droppedCount
        self.location = location
    }

    /// The RFC 6901 pointer to the key.
    public var pointer: String {
        (path + [key]).map { "/" + JSONPointer.escape($0) }.joined()
    }
}
