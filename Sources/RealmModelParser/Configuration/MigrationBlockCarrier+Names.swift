/// The names a carried migration block may use, and why others cannot run.
extension MigrationBlockCarrier {
    /// Swift keywords and contextual words that are not references.
    static let keywords: Set<String> = [
        "let", "var", "if", "else", "guard", "for", "in", "while", "repeat", "switch", "case", "default", "break",
        "continue", "return", "throw", "throws", "try", "await", "do", "catch", "as", "is", "nil", "true", "false",
        "where", "fallthrough", "defer", "inout", "some", "any", "async", "rethrows", "Type", "init", "_",
    ]

    /// Names the generated file has: the migration API (`RealmSchemaUpgrade`), Swift's and Foundation's value types
    /// and functions.
    static let knownNames: Set<String> = [
        // The migration API
        "Migration", "MigrationObject", "MigrationBlock", "List", "MutableSet", "Map", "ObjectId", "Decimal128",
        // Swift
        "Any", "AnyObject", "AnyHashable", "Array", "Bool", "Character", "ClosedRange", "Dictionary", "Double",
        "Error", "Float", "Int", "Int8", "Int16", "Int32", "Int64", "Optional", "Range", "Result", "Set", "String",
        "Substring", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Void", "Never", "abs", "assert",
        "assertionFailure", "debugPrint", "dump", "fatalError", "max", "min", "precondition", "preconditionFailure",
        "print", "repeatElement", "sequence", "stride", "type", "zip",
        // Foundation
        "Calendar", "CharacterSet", "Data", "Date", "DateComponents", "DateFormatter", "Decimal",
        "ISO8601DateFormatter",
        "JSONDecoder", "JSONEncoder", "JSONSerialization", "Locale", "NSArray", "NSDecimalNumber", "NSDictionary",
        "NSLog", "NSNull", "NSNumber", "NSString", "NumberFormatter", "TimeInterval", "TimeZone", "URL", "UUID",
    ]

    /// The members the migration (`Migration`) has.
    static let migrationMembers: Set<String> = ["enumerateObjects", "create", "delete", "deleteData", "renameProperty"]

    /// Members of RealmSwift's objects, collections and Realms that the migration's mirror of them lacks.
    static let realmOnlyMembers: Set<String> = [
        "write", "objects", "realm", "isInvalidated", "observe", "freeze", "thaw", "isFrozen", "dynamicList",
        "dynamicMutableSet", "dynamicMap", "objectSchema", "isSameObject", "beginWrite", "commitWrite",
        "cancelWrite", "deleteAll", "add", "distinct", "replace", "removeFirst", "removeLast", "where", "refresh",
        "invalidate", "objectWillChange",
    ]

    /// Methods the mirror lacks when called with this first label (`sorted(byKeyPath:)`, `sum(ofProperty:)`).
    static let realmOnlyCalls: [String: String] = [
        "sorted": "byKeyPath", "sum": "ofProperty", "average": "ofProperty", "min": "ofProperty", "max": "ofProperty",
        "value": "forKeyPath", "index": "of", "insert": "contentsOf", "object": "ofType",
    ]

    /// Why `name`, which the generated file does not define, cannot run.
    static func reason(forUnknown name: String) -> String {
        switch name {
        case "Realm", "RealmSwift", "Results", "Object", "EmbeddedObject", "DynamicObject", "LinkingObjects",
            "RealmProperty", "RealmOptional", "AnyRealmValue", "ThreadSafeReference", "Schema", "ObjectSchema",
            "Property", "PropertyType", "RLMRealm", "RLMObject":
            "`\(name)` is Realm API the migration does not have"
        case "UserDefaults", "FileManager", "Bundle", "URLSession", "NotificationCenter", "DispatchQueue",
            "ProcessInfo", "Keychain", "KeychainWrapper":
            "`\(name)` is I/O or app state outside the Realm file"
        case "Logger", "os_log", "OSLog", "Crashlytics", "Analytics":
            "`\(name)` is logging or reporting the generated file does not import"
        default:
            "`\(name)` is app code the generated file does not have"
        }
    }
}
