extension CodeDoc {
    /// An Xcode `.entitlements` property list holding `entries` as
    /// `com.apple.developer.associated-domains`, with `extra` (raw XML key/value pairs)
    /// before it. Used by the examples of the 6xx codes.
    static func associatedDomainsPlist(_ entries: [String], extra: String = "") -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
            #"<plist version="1.0">"#,
            "<dict>",
        ]
        if !extra.isEmpty { lines.append(extra) }
        lines.append("\t<key>com.apple.developer.associated-domains</key>")
        if entries.isEmpty {
            lines.append("\t<array/>")
        } else {
            lines.append("\t<array>")
            lines += entries.map { "\t\t<string>\($0)</string>" }
            lines.append("\t</array>")
        }
        lines += ["</dict>", "</plist>", ""]
        return lines.joined(separator: "\n")
    }

    /// The property list of a provisioning profile as `security cms -D` prints it, for the
    /// examples of AASA612 and AASA619. `grantsAssociatedDomains` adds the capability (`*`);
    /// `expires` is the `ExpirationDate` as property lists write dates (`2020-01-31T12:00:00Z`).
    static func decodedProfilePlist(
        prefix: String, bundleID: String, grantsAssociatedDomains: Bool, expires: String? = nil
    ) -> String {
        let capability = grantsAssociatedDomains
            ? "\t\t<key>com.apple.developer.associated-domains</key>\n\t\t<string>*</string>\n" : ""
        let expiry = expires.map { "\t<key>ExpirationDate</key>\n\t<date>\($0)</date>\n" } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>AppIDName</key>
            \t<string>Soar Starter</string>
            \t<key>ApplicationIdentifierPrefix</key>
            \t<array>
            \t\t<string>\(prefix)</string>
            \t</array>
            \t<key>Entitlements</key>
            \t<dict>
            \t\t<key>application-identifier</key>
            \t\t<string>\(prefix).\(bundleID)</string>
            \(capability)\t\t<key>get-task-allow</key>
            \t\t<false/>
            \t</dict>
            \(expiry)\t<key>Name</key>
            \t<string>Soar Starter App Store</string>
            \t<key>TeamIdentifier</key>
            \t<array>
            \t\t<string>\(prefix)</string>
            \t</array>
            \t<key>UUID</key>
            \t<string>3F2A9C1E-7B4D-4E8A-9C0F-1D2E3F4A5B6C</string>
            </dict>
            </plist>

            """
    }
}
