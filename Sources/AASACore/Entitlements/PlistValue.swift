import Foundation

/// A property list value, converted from what `PropertyListSerialization` returns into a
/// `Sendable`, `Hashable` tree.
///
/// Shapes follow Apple's property list types: string, integer, real, boolean, date, data,
/// array and dictionary.
public indirect enum PlistValue: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    case date(Date)
    case data([UInt8])
    case array([PlistValue])
    case dictionary([String: PlistValue])

    /// Converts a Foundation property list object (`NSString`, `NSNumber`, `Bool`, `Date`,
    /// `Data`, arrays, dictionaries with string keys).
    /// - Returns: `nil` for anything that is not a property list object.
    public init?(foundation object: Any) {
        if type(of: object) == Bool.self, let b = object as? Bool {
            // swift-corelibs-foundation returns Swift `Bool` for <true/> and <false/>.
            self = .bool(b)
            return
        }
        switch object {
        case let s as String:
            self = .string(s)
        case let n as NSNumber:
            #if canImport(Darwin)
            if CFGetTypeID(n) == CFBooleanGetTypeID() {
                self = .bool(n.boolValue)
                return
            }
            #endif
            let objCType = String(cString: n.objCType)
            if objCType == "d" || objCType == "f" {
                self = .real(n.doubleValue)
            } else {
                self = .integer(n.int64Value)
            }
        case let d as Date:
            self = .date(d)
        case let d as Data:
            self = .data([UInt8](d))
        case let a as [Any]:
            var out: [PlistValue] = []
            out.reserveCapacity(a.count)
            for element in a {
                guard let v = PlistValue(foundation: element) else { return nil }
                out.append(v)
            }
            self = .array(out)
        case let d as [String: Any]:
            var out: [String: PlistValue] = [:]
            for (k, element) in d {
                guard let v = PlistValue(foundation: element) else { return nil }
                out[k] = v
            }
            self = .dictionary(out)
        default:
            return nil
        }
    }

    /// The member for `key`, when this is a dictionary.
    public subscript(key: String) -> PlistValue? {
        if case .dictionary(let d) = self { return d[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var arrayValue: [PlistValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var dictionaryValue: [String: PlistValue]? {
        if case .dictionary(let d) = self { return d }
        return nil
    }

    /// The element type's name as property list XML spells it: `string`, `integer`, `real`,
    /// `true`/`false` (reported as `boolean`), `date`, `data`, `array`, `dict`.
    public var typeName: String {
        switch self {
        case .string: return "string"
        case .integer: return "integer"
        case .real: return "real"
        case .bool: return "boolean"
        case .date: return "date"
        case .data: return "data"
        case .array: return "array"
        case .dictionary: return "dict"
        }
    }
}
