// Regenerates the sample app data container in this folder: run `swift Samples/rudder/generate.swift` from the
// repository root. It writes what the legacy RudderStack Obj-C SDK (1.25.2 or later) leaves in an app's container
// for an identified user with an active automatic session:
//   Library/rsDefaultsPersistence.plist             binary plist, the SDK's own store
//   Library/Preferences/com.example.shop.plist      the app's standard defaults (the SDK writes its keys here too)
import Foundation

let folder = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "Samples/rudder")
let anonymousID = "6A1B0E4C-3F2D-4C8B-9E7A-5D1F2C3B4A59"
let traits = """
    {"anonymousId":"\(anonymousID)","userId":"user-8231","id":"user-8231","email":"ada@example.com",\
    "name":"Ada Lovelace","plan":"pro","address":{"city":"Lisbon","country":"PT"},"tags":["beta","newsletter"]}
    """
let sdkValues: [String: Any] = [
    "rl_anonymous_id": anonymousID,
    "rl_traits": traits,
    "rl_session_id": NSNumber(value: 1_717_171_000),
    "rl_session_auto_track_status": true,
    "rl_last_event_time_stamp": NSNumber(value: 1_717_171_542),
    "rl_application_version_key": "3.4.1",
    "rl_application_build_key": "341",
    "rl_external_id": #"[{"type":"brazeExternalId","id":"braze-5521"}]"#,
    "rl_opt_status": false,
    "rl_server_config": #"{"isHosted":true,"source":{"id":"src-1","enabled":true}}"#,
    "rl_server_last_updated": NSNumber(value: 1_717_170_000),
]
var plist = sdkValues
plist["standardDefaultsCopied"] = true
var standardDefaults = sdkValues
standardDefaults["hasSeenOnboarding"] = true
standardDefaults["preferredCurrency"] = "EUR"

func write(_ values: [String: Any], _ path: String) throws {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try PropertyListSerialization.data(fromPropertyList: values, format: .binary, options: 0).write(to: url)
    print("wrote \(url.path)")
}
try write(plist, "Library/rsDefaultsPersistence.plist")
try write(standardDefaults, "Library/Preferences/com.example.shop.plist")
