/// A framework attribute of the `android` namespace that the manifest model reads, with its
/// public resource ID. Android finds an element's attributes by these IDs (`obtainAttributes`
/// with the framework's styleables), so a compiled attribute is recognised by its ID even when
/// its name string says something else, and an attribute whose name has no ID is not seen.
///
/// IDs: those of API 29 and lower as Debian's framework-res (Android 10) lists them
/// (`aapt dump resources /usr/share/android-framework-res/framework-res.apk`, checked by the
/// tests); `pathSuffix`, `sspSuffix`, `pathAdvancedPattern`, `sspAdvancedPattern` (API 31) from
/// AOSP `core/res/res/values/public-final.xml`; `allow`, `query*`, `fragmentPrefix`,
/// `fragmentPattern`, `fragmentAdvancedPattern`, `fragmentSuffix` (API 35) from the platform's
/// `android.R.attr` constants (16844430–16844439).
public struct AndroidAttribute: Sendable, Hashable, CustomStringConvertible {
    /// `http://schemas.android.com/apk/res/android`.
    public static let androidNamespace = "http://schemas.android.com/apk/res/android"
    /// The manifest merger's namespace (`tools:node`, `tools:replace`, …).
    public static let toolsNamespace = "http://schemas.android.com/tools"

    public let name: String
    public let id: UInt32

    public init(_ name: String, _ id: UInt32) {
        self.name = name
        self.id = id
    }

    public var description: String { "android:" + name }

    public static let label = AndroidAttribute("label", 0x0101_0001)
    public static let nameAttr = AndroidAttribute("name", 0x0101_0003)
    public static let enabled = AndroidAttribute("enabled", 0x0101_000e)
    public static let exported = AndroidAttribute("exported", 0x0101_0010)
    public static let priority = AndroidAttribute("priority", 0x0101_001c)
    public static let value = AndroidAttribute("value", 0x0101_0024)
    public static let resource = AndroidAttribute("resource", 0x0101_0025)
    public static let mimeType = AndroidAttribute("mimeType", 0x0101_0026)
    public static let scheme = AndroidAttribute("scheme", 0x0101_0027)
    public static let host = AndroidAttribute("host", 0x0101_0028)
    public static let port = AndroidAttribute("port", 0x0101_0029)
    public static let path = AndroidAttribute("path", 0x0101_002a)
    public static let pathPrefix = AndroidAttribute("pathPrefix", 0x0101_002b)
    public static let pathPattern = AndroidAttribute("pathPattern", 0x0101_002c)
    public static let order = AndroidAttribute("order", 0x0101_01ea)
    public static let targetActivity = AndroidAttribute("targetActivity", 0x0101_0202)
    public static let minSdkVersion = AndroidAttribute("minSdkVersion", 0x0101_020c)
    public static let versionCode = AndroidAttribute("versionCode", 0x0101_021b)
    public static let versionName = AndroidAttribute("versionName", 0x0101_021c)
    public static let targetSdkVersion = AndroidAttribute("targetSdkVersion", 0x0101_0270)
    public static let maxSdkVersion = AndroidAttribute("maxSdkVersion", 0x0101_0271)
    public static let fragment = AndroidAttribute("fragment", 0x0101_02e3)
    public static let ssp = AndroidAttribute("ssp", 0x0101_03e3)
    public static let sspPrefix = AndroidAttribute("sspPrefix", 0x0101_03e4)
    public static let sspPattern = AndroidAttribute("sspPattern", 0x0101_03e5)
    public static let autoVerify = AndroidAttribute("autoVerify", 0x0101_04ee)
    public static let pathSuffix = AndroidAttribute("pathSuffix", 0x0101_061e)
    public static let sspSuffix = AndroidAttribute("sspSuffix", 0x0101_061f)
    public static let pathAdvancedPattern = AndroidAttribute("pathAdvancedPattern", 0x0101_0620)
    public static let sspAdvancedPattern = AndroidAttribute("sspAdvancedPattern", 0x0101_0621)
    public static let allow = AndroidAttribute("allow", 0x0101_068e)
    public static let query = AndroidAttribute("query", 0x0101_068f)
    public static let queryPrefix = AndroidAttribute("queryPrefix", 0x0101_0690)
    public static let queryPattern = AndroidAttribute("queryPattern", 0x0101_0691)
    public static let queryAdvancedPattern = AndroidAttribute("queryAdvancedPattern", 0x0101_0692)
    public static let querySuffix = AndroidAttribute("querySuffix", 0x0101_0693)
    public static let fragmentPrefix = AndroidAttribute("fragmentPrefix", 0x0101_0694)
    public static let fragmentPattern = AndroidAttribute("fragmentPattern", 0x0101_0695)
    public static let fragmentAdvancedPattern = AndroidAttribute("fragmentAdvancedPattern", 0x0101_0696)
    public static let fragmentSuffix = AndroidAttribute("fragmentSuffix", 0x0101_0697)

    /// Every attribute above.
    public static let all: [AndroidAttribute] = [
        label, nameAttr, enabled, exported, priority, value, resource, mimeType, scheme, host, port,
        path, pathPrefix, pathPattern, order, targetActivity, minSdkVersion, versionCode, versionName,
        targetSdkVersion, maxSdkVersion, fragment, ssp, sspPrefix, sspPattern, autoVerify, pathSuffix,
        sspSuffix, pathAdvancedPattern, sspAdvancedPattern, allow, query, queryPrefix, queryPattern,
        queryAdvancedPattern, querySuffix, fragmentPrefix, fragmentPattern, fragmentAdvancedPattern,
        fragmentSuffix,
    ]

    /// The attribute with this resource ID, or `nil` for one the model does not read.
    public static func byID(_ id: UInt32) -> AndroidAttribute? { byIDTable[id] }
    private static let byIDTable: [UInt32: AndroidAttribute] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
}
