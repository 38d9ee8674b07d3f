#!/usr/bin/env bash
# Makes the provisioning profiles of entitlements-samples/: a CMS SignedData envelope around a
# profile property list, signed with a throwaway key and self-signed certificate that are
# deleted afterwards. Not Apple-signed: aasa-check reads profiles, it does not verify them.
#
#   scripts/make-sample-profiles.sh [OUTDIR]     (default: entitlements-samples)
#
# SoarStarterSwift.mobileprovision is written as BER with indefinite lengths and a chunked
# (constructed) OCTET STRING, as Apple's profiles are (openssl cms -stream);
# SoarStarterSwift-NoAssociatedDomains.mobileprovision as definite-length DER.
set -euo pipefail
out="${1:-entitlements-samples}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=aasa-check test signer (not Apple)" \
    -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null

profile() { # $1 name, $2 uuid, $3 capability xml
    cat <<PLIST
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>AppIDName</key>
	<string>Soar Starter</string>
	<key>ApplicationIdentifierPrefix</key>
	<array>
		<string>K7TQ3ZP2MX</string>
	</array>
	<key>CreationDate</key>
	<date>2026-01-05T10:00:00Z</date>
	<key>Platform</key>
	<array>
		<string>iOS</string>
	</array>
	<key>Entitlements</key>
	<dict>
		<key>application-identifier</key>
		<string>K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift</string>
$3		<key>aps-environment</key>
		<string>production</string>
		<key>beta-reports-active</key>
		<true/>
		<key>com.apple.developer.team-identifier</key>
		<string>K7TQ3ZP2MX</string>
		<key>get-task-allow</key>
		<false/>
		<key>keychain-access-groups</key>
		<array>
			<string>K7TQ3ZP2MX.*</string>
		</array>
	</dict>
	<key>ExpirationDate</key>
	<date>2027-01-05T10:00:00Z</date>
	<key>Name</key>
	<string>$1</string>
	<key>TeamIdentifier</key>
	<array>
		<string>K7TQ3ZP2MX</string>
	</array>
	<key>TeamName</key>
	<string>Soar Starter Test Team</string>
	<key>TimeToLive</key>
	<integer>365</integer>
	<key>UUID</key>
	<string>$2</string>
	<key>Version</key>
	<integer>1</integer>
</dict>
</plist>
PLIST
}

profile "Soar Starter App Store" "3F2A9C1E-7B4D-4E8A-9C0F-1D2E3F4A5B6C" \
    $'\t\t<key>com.apple.developer.associated-domains</key>\n\t\t<string>*</string>\n' >"$work/with.plist"
profile "Soar Starter App Store (no Associated Domains)" "8C7D6E5F-4A3B-4C2D-9E1F-0A1B2C3D4E5F" "" >"$work/without.plist"

openssl cms -sign -binary -nodetach -stream -outform DER -md sha256 \
    -in "$work/with.plist" -signer "$work/cert.pem" -inkey "$work/key.pem" \
    -out "$out/SoarStarterSwift.mobileprovision"
openssl cms -sign -binary -nodetach -outform DER -md sha256 \
    -in "$work/without.plist" -signer "$work/cert.pem" -inkey "$work/key.pem" \
    -out "$out/SoarStarterSwift-NoAssociatedDomains.mobileprovision"
echo "wrote $out/SoarStarterSwift.mobileprovision and $out/SoarStarterSwift-NoAssociatedDomains.mobileprovision"
